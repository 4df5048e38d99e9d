/// Why a `.metal` source could not be made into a library.
public enum MetalCompileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A diagnostic from clang, mapped back to the `.metal` file's line and column (1-based).
  public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// The file as clang names it (the `.metal` path, or `<layerfx glue>` for generated code).
    public let file: String
    /// The line, 1-based.
    public let line: Int
    /// The column, 1-based, in the original source.
    public let column: Int
    /// `error`, `warning` or `note`.
    public let severity: String
    /// clang's message.
    public let message: String

    /// Creates a diagnostic; see the properties.
    public init(file: String, line: Int, column: Int, severity: String, message: String) {
      self.file = file
      self.line = line
      self.column = column
      self.severity = severity
      self.message = message
    }

    /// `file:line:column: severity: message`, as clang prints it.
    public var description: String { "\(file):\(line):\(column): \(severity): \(message)" }
  }

  /// No usable program to compile or run `.metal` code (a setup error): no C++ compiler found,
  /// one that cannot run, or one that fails without a word (a setting that names no clang++);
  /// or no shader worker, or one that does not answer as one (`LAYERFX_SHADER_WORKER`). The
  /// message says what to install or set.
  case compilerNotFound(String)
  /// The source file could not be read.
  case cannotRead(path: String, reason: String)
  /// The source file is larger than ``MetalLibrary/maxSourceByteCount``, found from its size
  /// before it is read (bad input, as a PNG over its limit is); `reason` gives both numbers.
  case tooLarge(path: String, reason: String)
  /// The source file is not UTF-8 text: its first invalid byte, `byte`, at `offset` (bytes from
  /// the start, 0-based), on `line` and in `column` (1-based, in bytes).
  case notUTF8(path: String, line: Int, column: Int, offset: Int, byte: UInt8)
  /// The source file (or a file it includes) holds a NUL byte, the first on `line` in `column`
  /// (1-based, in bytes, as clang counts them): UTF-8, but no character of Metal source, which
  /// clang would drop with a warning (`-Wnull-character`) the runner does not show.
  case nulByte(path: String, line: Int, column: Int)
  /// clang rejected the source; its diagnostics (errors first) and its whole output.
  case compileFailed(diagnostics: [Diagnostic], output: String)
  /// A `[[ stitchable ]]` function whose signature SwiftUI could not call.
  case unsupportedSignature(file: String, function: String, line: Int, message: String)
  /// The compiled library could not be loaded or lacks a function.
  case loadFailed(String)
  /// The source declares no `[[ stitchable ]]` function, so there is nothing to run or list;
  /// `fragment` names a fragment function it declares instead (a raw fragment shader), for a
  /// hint on making it one SwiftUI runs.
  case noStitchableFunctions(path: String, fragment: String? = nil)
  /// An include or directive refused before clang runs (`MetalSource`): an absolute path, a
  /// file outside the shader's folder tree, a FIFO or device, a file too large, a computed
  /// `#include`, `#embed`, `#include_next`, `__has_embed`; or an include not found.
  case include(file: String, line: Int, message: String)
  /// The library's files compiled but do not link: a function declared and defined in no
  /// file, or defined in two; `file` is the `.metal` file that refers to it.
  case linkFailed(file: String, message: String)
  /// The compiled library does what a Metal shader cannot (calls outside the math runtime,
  /// constructors, writable globals), or the compiler went past its time or memory limit or
  /// crashed on it (an expression nested too deeply): refused before any process loads it.
  case refused(path: String, reason: String)
  /// The compile cache's folder cannot be created or is not private to this user (exit 73).
  case cacheUnavailable(String)
  /// Reading or writing the compile cache failed (exit 74).
  case cacheFailed(String)

  /// One line naming the file and the problem (the first error, for a failed compile).
  public var description: String {
    switch self {
    case .compilerNotFound(let message): return message
    case .cannotRead(let path, let reason): return "\(path): cannot read: \(reason)"
    case .tooLarge(let path, let reason): return "\(path): \(reason)"
    case .notUTF8(let path, let line, let column, let offset, let byte):
      let hex = String(byte, radix: 16, uppercase: true)
      return "\(path):\(line):\(column): not UTF-8 text (byte 0x\(hex) at offset \(offset))"
    case .nulByte(let path, let line, let column):
      return "\(path):\(line):\(column): a NUL byte (0x00), which is not Metal source text"
    case .compileFailed(let diagnostics, let output):
      if let first = diagnostics.first(where: { $0.severity == "error" }) ?? diagnostics.first {
        let more = diagnostics.filter { $0.severity == "error" }.count - 1
        return first.description + (more > 0 ? " (and \(more) more errors)" : "")
      }
      return "clang failed: " + (output.split(separator: "\n").first.map(String.init) ?? "")
    case .unsupportedSignature(let file, let function, let line, let message):
      return "\(file):\(line): \(function): \(message)"
    case .loadFailed(let message): return message
    case .noStitchableFunctions(let path, nil): return "\(path): no [[ stitchable ]] functions"
    case .noStitchableFunctions(let path, let fragment?):
      return "\(path): no [[ stitchable ]] functions: SwiftUI's effects are [[ stitchable ]] "
        + "functions, not fragment functions such as \(fragment); move its body into one, e.g. "
        + "[[ stitchable ]] half4 name(float2 position, half4 color)"
    case .include(let file, let line, let message): return "\(file):\(line): \(message)"
    case .linkFailed(let file, let message): return "\(file): \(message)"
    case .refused(let path, let reason): return "\(path): refused: \(reason)"
    case .cacheUnavailable(let message), .cacheFailed(let message): return message
    }
  }
}
