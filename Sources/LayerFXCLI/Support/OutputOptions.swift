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
      "deflate level: 0 none, 1 fastest (ISA-L's igzip), 9 smallest (default "
        + "\(PNGEncoder.defaultCompressionLevel))"),
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
    let output = RenderJob.Output(path: path, encoder: encoder)
    try output.write(
      PNGSamples(image, bitDepth: encoder.bitDepth), into: output.open(protecting: protected),
      metadata: metadata, events: console.renderJobEvents)
  }

  /// Refuses a single-image output that is empty or names a directory, or whose folder is
  /// missing (``LayerFXComposition/RenderJob/Output/checkIsFile(_:option:example:written:)``); `option`
  /// is the flag that gave `path` and `example` the file name suggested instead, for the
  /// message.
  ///
  /// - Throws: ``SettingError`` about `output`, a ``UsageError`` in the command line's words and
  ///   the config's; `AtomicFileError.cannotWrite` (exit 73) for the folder.
  static func checkIsFile(_ path: String, option: String = "-o", example: String = "FILE.png")
    throws
  {
    try reporting { () throws(OutputPathError) in
      try RenderJob.Output.checkIsFile(path, option: option, example: example)
    }
  }

  /// Refuses a single-file output whose name does not end in `extensions`.
  ///
  /// See ``LayerFXComposition/RenderJob/Output/checkExtension(_:allowing:)``. Commands call it
  /// after ``LayerFXComposition/RenderJob/Output/checkNotRead(_:reads:)``, so that an output
  /// naming an input (a `.metal` source) is reported as that, and before rendering.
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
}
