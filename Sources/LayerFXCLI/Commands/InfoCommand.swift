import LayerFXArguments
import LayerFXFiles
import LayerFXPNG

/// `layerfx info`: what a PNG file holds, from its header and chunk list.
enum InfoCommand: CommandDefinition {
  static let name = "info"
  static let summary =
    "Print a PNG's size, colour type, bit depth, interlace, animation (APNG) and chunks."
  static let synopsis = "FILE.png..."
  static let discussion = """
    Reads the header and the chunk list only; pixels are not decoded, but the CRC of every
    critical chunk (IHDR, PLTE, IDAT, IEND) is checked, so a damaged chunk is an error (exit
    65), and an ancillary chunk's bad CRC or bytes after IEND a warning, as decoding warns;
    damage inside the compressed data shows only when the file is decoded. A palette image's
    pixels are decoded, so that an index past PLTE gives decoding's warning. FILE - reads
    standard input. Every file is reported; the exit status is that of the first one that
    failed. --max-pixels bounds what is read, as when a render decodes the file (a file larger
    than a PNG of that many pixels could be is refused). An animated PNG gets an animation line:
    frames and plays from acTL, one play's length from the fcTL delays.
    """
  static let options: [OptionSpec] = [RenderOptions.pixelLimitSpec]

  static func run(_ arguments: ParsedArguments, console: Console) throws {
    guard !arguments.positionals.isEmpty else { throw UsageError.missing("FILE.png") }
    // Every file is reported, a bad one as an error line; the exit status is the first
    // failure's.
    let decoder = PNGDecoder(maxPixelCount: try RenderOptions.pixelLimit(arguments))
    var firstFailure: ExitCode?
    var hasPrinted = false
    for path in arguments.positionals {
      let info: PNGInfo
      do {
        info = try decoder.inspect(contentsOf: path)
      } catch {
        console.error("layerfx: error: \(error)")
        firstFailure = firstFailure ?? error.exitCode
        continue
      }
      console.warn(info.warnings, file: path)
      if hasPrinted { console.print("") }
      hasPrinted = true
      console.print("file: \(MessageText.escaped(path))\n" + info.summary)
    }
    if let firstFailure { throw AlreadyReported(exitCode: firstFailure) }
  }
}
