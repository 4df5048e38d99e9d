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

  /// The encoding the flags give over a config's `output` (the typed merge: `--bit-depth`
  /// over `output.bitDepth`, `--compression` over `output.compression`, each over its default:
  /// 8 bits, ``LayerFXPNG/PNGEncoder/defaultCompressionLevel``).
  ///
  /// - Throws: ``UsageError`` for a flag's value out of range (a config's was checked when it
  ///   was decoded, naming its key).
  init(_ arguments: ParsedArguments, over config: DebugConfig.Output? = nil) throws {
    let depth =
      try arguments.value("bit-depth", as: .oneOf([8, 16])) ?? config?.bitDepth ?? 8
    let level =
      try arguments.value("compression", as: .integer(in: 0...9)) ?? config?.compression
      ?? PNGEncoder.defaultCompressionLevel
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
    try write(
      PNGSamples(image, bitDepth: encoder.bitDepth), into: Self.open(path, protecting: protected),
      name: path, metadata: metadata, console: console)
  }

  /// Opens the one-image output `path` before anything renders.
  ///
  /// A destination that cannot be written (a FIFO, a device such as `/dev/full`, a folder in
  /// `/sys` or `/proc`, a read-only folder, a file the command reads) is so refused at once, as
  /// an animation's output is before frame 0
  /// (``AtomicFile/create(_:protecting:followsSymbolicLink:)``). Dropping the
  /// file uncommitted (`layerfx config check`, a failed render) leaves the destination as it
  /// was.
  ///
  /// - Parameters:
  ///   - path: A file, or `-` for standard output (`nil` is returned).
  ///   - protected: Files the command reads, which the output may not replace.
  /// - Returns: The open, still unnamed file, for ``write(_:into:name:metadata:console:)-(PNGSamples,_,_,_,_)``.
  /// - Throws: ``AtomicFileError`` when the destination cannot be created.
  static func open(_ path: String, protecting protected: [String] = []) throws -> PreparedFile? {
    try RenderJob.Output(path: path).open(protecting: protected)
  }

  /// Encodes `image` as a PNG into `file` and gives it its name, or writes it to standard
  /// output when `file` is `nil`.
  ///
  /// - Parameters:
  ///   - image: Premultiplied RGBA.
  ///   - file: From ``open(_:protecting:)``.
  ///   - name: The output's name, for messages.
  ///   - metadata: Colour chunks to copy.
  ///   - console: Standard output.
  /// - Throws: ``PNGError`` when encoding fails, ``AtomicFileError`` when writing the file
  ///   does, ``CLIError/outputFailed(reason:)`` when standard output does.
  func write(
    _ image: Image, into file: PreparedFile?, name: String, metadata: PNGMetadata,
    console: Console
  ) throws {
    try write(
      PNGSamples(image, bitDepth: encoder.bitDepth), into: file, name: name, metadata: metadata,
      console: console)
  }

  /// Encodes samples already stored at the encoder's bit depth into `file`, as
  /// ``write(_:into:name:metadata:console:)-(Image,_,_,_,_)`` encodes an image.
  func write(
    _ samples: PNGSamples, into file: PreparedFile?, name: String, metadata: PNGMetadata,
    console: Console
  ) throws {
    try RenderJob.Output(path: name, encoder: encoder).write(
      samples, into: file, metadata: metadata, events: console.renderJobEvents)
  }

  /// Refuses a single-image output that is empty or names a directory (`out/`, or one that
  /// exists), or whose folder is missing or not a directory (before anything renders).
  ///
  /// - Throws: ``SettingError`` about `output`, a ``UsageError`` in the command line's words and
  ///   the config's; ``CLIError/cannotWrite(path:reason:)`` (exit 73) for the folder.
  static func checkIsFile(_ path: String) throws {
    guard !path.isEmpty else {
      throw SettingError(
        option: "output", underlying: UsageError.invalid("-o needs a file name (it is empty)"),
        inConfig: "an empty path names no file: give a file name, OUT.png")
    }
    var status = stat()
    if path.hasSuffix("/")
      || (stat(RawBytes.cString(path), &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR)
    {
      throw SettingError(
        option: "output",
        underlying: UsageError.invalid(
          "-o \(path) names a directory, but one image is written: give -o FILE.png"),
        inConfig: "\(path) names a directory, but one image is written: give a file name, FILE.png")
    }
    // The folder must be there before anything renders, not only when the image is written.
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex,
      !OutputFormat.streamPaths.contains(path)
    else { return }
    let folder = String(path[..<slash])
    guard stat(RawBytes.cString(folder), &status) == 0 else {
      throw CLIError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      throw CLIError.cannotWrite(path: path, reason: String(cString: strerror(ENOTDIR)))
    }
  }

  /// Refuses a single-file output whose name does not end in `extensions`: layerfx writes
  /// PNG only.
  ///
  /// A one image or a contact sheet ends in `.png`; an animated PNG or a raw file (`extensions`
  /// empty) in any extension (`--format` says what it holds), but in one. Extensions compare
  /// case-insensitively. A name without an extension is refused in every case: it would get
  /// PNG or RGBA bytes under any name (`authorized_keys`). The streams
  /// (``OutputFormat/streamPaths``) are taken, and so is a device or FIFO that exists
  /// (`/dev/full`), which opening the output refuses (exit 73). Commands call it after
  /// ``checkNotInput(_:protecting:)``, so that an output naming an input (a `.metal` source)
  /// is reported as that, and before rendering.
  ///
  /// - Parameters:
  ///   - path: The output path.
  ///   - extensions: The extensions allowed, without the dot, the first the one suggested;
  ///     empty for any.
  /// - Throws: ``SettingError`` about `output`, a ``UsageError`` (exit 64) in the command line's
  ///   words and the config's.
  static func checkExtension(_ path: String, allowing extensions: [String] = ["png"]) throws {
    var status = stat()
    if OutputFormat.streamPaths.contains(path)
      || (stat(RawBytes.cString(path), &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG)
    {
      return
    }
    // A name that is only the extension (`.png`) is a hidden file without one.
    let name = (path.split(separator: "/").last ?? "").lowercased()
    let dot = name.lastIndex(of: ".")
    let hasExtension = dot.map { $0 != name.startIndex && name.index(after: $0) != name.endIndex }
    let names = extensions.map { "." + $0 }
    if extensions.isEmpty && hasExtension == true { return }
    if names.contains(where: { name.hasSuffix($0) && name.count > $0.count }) { return }
    let listed = names.isEmpty ? "with an extension" : names.joined(separator: " or ")
    throw SettingError(
      option: "output",
      underlying: UsageError.invalid(
        "-o \(path): layerfx writes PNG only; name the output \(listed)"),
      inConfig: "\(path): layerfx writes PNG only; give a file name ending in \(listed)")
  }

  /// Refuses an output path that is a file the command reads (its input, a keyframes file, and
  /// every file read so far through `InputFile`: see `ReadFiles`), compared by device and inode (``AtomicFile/isSameFile(_:asAnyOf:followsSymbolicLink:)``),
  /// so a symbolic link, `..`, a hard link or a bind mount is caught too.
  ///
  /// - Parameters:
  ///   - output: The `-o` (or `--svg`) path; `-` is never an input.
  ///   - protected: Paths of the files the command reads.
  /// - Throws: ``CLIError/wouldOverwriteInput(path:)``.
  static func checkNotInput(_ output: String, protecting protected: [String]) throws {
    if output != "-" && AtomicFile.isSameFile(output, asAnyOf: protected) {
      throw CLIError.wouldOverwriteInput(path: output)
    }
  }

  /// Refuses an output path that is the input file (see ``checkNotInput(_:protecting:)``).
  static func checkNotInput(_ output: String, input: String?) throws {
    try checkNotInput(output, protecting: input.map { [$0] } ?? [])
  }
}
