import Foundation
import LayerFX
import LayerFXArguments
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
    try RenderJob.Output(path: path, encoder: encoder).write(
      PNGSamples(image, bitDepth: encoder.bitDepth), into: Self.open(path, protecting: protected),
      metadata: metadata, events: console.renderJobEvents)
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
  /// - Returns: The open, still unnamed file, for ``LayerFXComposition/RenderJob/Output/write(_:into:metadata:events:)``.
  /// - Throws: ``AtomicFileError`` when the destination cannot be created.
  static func open(_ path: String, protecting protected: [String] = []) throws -> PreparedFile? {
    try RenderJob.Output(path: path).open(protecting: protected)
  }

  /// Refuses a single-image output that is empty or names a directory, or whose folder is
  /// missing (``LayerFXComposition/RenderJob/Output/checkIsFile(_:)``).
  ///
  /// - Throws: ``SettingError`` about `output`, a ``UsageError`` in the command line's words and
  ///   the config's; `AtomicFileError.cannotWrite` (exit 73) for the folder.
  static func checkIsFile(_ path: String) throws {
    try reporting { () throws(OutputPathError) in try RenderJob.Output.checkIsFile(path) }
  }

  /// Refuses a single-file output whose name does not end in `extensions`.
  ///
  /// See ``LayerFXComposition/RenderJob/Output/checkExtension(_:allowing:)``. Commands call it
  /// after ``checkNotInput(_:protecting:)``, so that an output naming an input (a `.metal`
  /// source) is reported as that, and before rendering.
  ///
  /// - Throws: ``SettingError`` about `output`, a ``UsageError`` (exit 64) in the command line's
  ///   words and the config's.
  static func checkExtension(_ path: String, allowing extensions: [String] = ["png"]) throws {
    try reporting { () throws(OutputPathError) in
      try RenderJob.Output.checkExtension(path, allowing: extensions)
    }
  }

  /// Runs a check of the output path, reporting its ``LayerFXComposition/OutputPathError`` as
  /// a ``SettingError`` about `output` (a usage error in both wordings) or a
  /// `AtomicFileError.cannotWrite` (``SettingError/reporting(_:_:)``).
  static func reporting(_ check: () throws(OutputPathError) -> Void) throws {
    try SettingError.reporting {
      do throws(OutputPathError) { try check() } catch { throw RenderJobError(error) }
    }
  }

  /// Refuses an output path that is a file the command reads (its input, a keyframes file, and
  /// every file read so far through `InputFile`: see `ReadFiles`), compared by device and inode (``AtomicFile/isSameFile(_:asAnyOf:followsSymbolicLink:)``),
  /// so a symbolic link, `..`, a hard link or a bind mount is caught too.
  ///
  /// - Parameters:
  ///   - output: The `-o` (or `--svg`) path; `-` is never an input.
  ///   - protected: Paths of the files the command reads.
  /// - Throws: `AtomicFileError.wouldOverwriteInput`
  ///   (``LayerFXComposition/RenderJob/Output/checkNotRead(_:reads:)``).
  static func checkNotInput(_ output: String, protecting protected: [String]) throws {
    try RenderJob.Output.checkNotRead(output, reads: protected)
  }

  /// Refuses an output path that is the input file (see ``checkNotInput(_:protecting:)``).
  static func checkNotInput(_ output: String, input: String?) throws {
    try checkNotInput(output, protecting: input.map { [$0] } ?? [])
  }
}
