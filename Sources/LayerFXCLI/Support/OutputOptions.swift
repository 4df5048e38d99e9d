import Foundation
import LayerFX
import LayerFXComposition
import LayerFXFiles
import LayerFXPNG

/// Options for the PNG files a command writes.
struct OutputOptions {
  static let specs: [OptionSpec] = [
    .value("bit-depth", "8|16", "bits per channel of the output PNG (default 8)"),
    .value(
      "compression", "0-9",
      "zlib level: 0 none, 1 fastest, 9 smallest (default \(PNGEncoder.defaultCompressionLevel))"),
  ]

  var encoder: PNGEncoder

  init(_ arguments: ParsedArguments) throws {
    let depth = try arguments.value("bit-depth", as: .oneOf([8, 16]), default: 8)
    let level = try arguments.value(
      "compression", as: .integer(in: 0...9), default: PNGEncoder.defaultCompressionLevel)
    encoder = PNGEncoder(bitDepth: depth == 16 ? .sixteen : .eight, compressionLevel: level)
  }

  /// Writes `image` as a PNG to `path`, atomically, or to standard output when `path` is `-`.
  ///
  /// - Parameters:
  ///   - image: Premultiplied RGBA.
  ///   - path: A file, or `-` for standard output.
  ///   - metadata: Colour chunks to copy.
  ///   - console: Standard output.
  ///   - protected: Files the command reads, which the output may not replace (compared by
  ///     device and inode).
  /// - Throws: ``PNGError`` when encoding fails, ``CompositionError`` when writing a file does,
  ///   ``CLIError/outputFailed(reason:)`` when standard output does.
  func write(
    _ image: Image, to path: String, metadata: PNGMetadata, console: Console,
    protecting protected: [String] = []
  ) throws {
    guard path == "-" else {
      try AtomicFile.write(
        encoder.encode(image, metadata: metadata, name: path), to: path, protecting: protected)
      return
    }
    try console.writeOutput(try encoder.encode(image, metadata: metadata, name: "-"))
  }

  /// Refuses a single-image output that names a directory (`out/`, or one that exists).
  static func checkIsFile(_ path: String) throws {
    var isDirectory: ObjCBool = false
    if path.hasSuffix("/")
      || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory.boolValue)
    {
      throw UsageError.invalid(
        "-o \(path) names a directory, but one image is written: give -o FILE.png")
    }
  }

  /// Refuses an output path that is the input file.
  static func checkNotInput(_ output: String, input: String?) throws {
    guard let input else { return }
    let a = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath()
    let b = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath()
    if a.path == b.path { throw CLIError.wouldOverwriteInput(path: output) }
  }

  /// Creates the directory `path` if needed and returns it with a trailing slash.
  func makeDirectory(_ path: String) throws -> String {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw CLIError.cannotCreateDirectory(path: path, reason: Self.reason(error))
    }
    return path.hasSuffix("/") ? path : path + "/"
  }

  /// The system's text for a file error (`strerror`'s wording, as the PNG errors use).
  private static func reason(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(code)))
    }
    return error.localizedDescription
  }
}
