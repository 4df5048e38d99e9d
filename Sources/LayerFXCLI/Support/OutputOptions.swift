import Foundation
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
    let depth = try arguments.value("bit-depth", as: .integer(in: 8...16), default: 8)
    guard depth == 8 || depth == 16 else {
      throw UsageError.invalidValue(option: "bit-depth", value: "\(depth)", expected: "8 or 16")
    }
    let level = try arguments.value(
      "compression", as: .integer(in: 0...9), default: PNGEncoder.defaultCompressionLevel)
    encoder = PNGEncoder(bitDepth: depth == 16 ? .sixteen : .eight, compressionLevel: level)
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
      throw CLIError.cannotCreateDirectory(path: path, reason: error.localizedDescription)
    }
    return path.hasSuffix("/") ? path : path + "/"
  }
}
