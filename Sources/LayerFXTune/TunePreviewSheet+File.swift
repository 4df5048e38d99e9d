import LayerFXComposition
import LayerFXPNG

extension TunePreviewSheet {
  /// Renders the preview of the decoded `config` and writes it to `output`: the render that
  /// file-based `tune` runs on each change (``TuneWatch/Render``).
  ///
  /// Loads the config's input through `loadInput`, renders the sheet
  /// (``init(config:file:image:columns:limits:overlayLegend:boundsReport:)``), asks the front
  /// end about faults of compiled `.metal` code (`RenderJobEvents.checkFaults`
  /// at `.finish`), then writes the PNG with the input's colour chunks, atomically (`-`: to
  /// `RenderJobEvents.standardOutput`).
  ///
  /// - Parameters:
  ///   - config: The decoded config.
  ///   - file: The config's path, named in errors.
  ///   - output: The preview PNG and its encoding.
  ///   - columns: Frames per row of the sheet.
  ///   - limits: The renderer and the pixel limit.
  ///   - reads: The files the render reads, which the preview may not replace.
  ///   - events: Receives the overlays' legend and the bounds reports; writes standard output;
  ///     checks faults.
  ///   - loadInput: Loads the config's `input` at the config's scale (a front end's
  ///     `RenderJob.Input(loading:scale:limits:warn:)`, whose errors it may tag with the key
  ///     that named the file, as its other commands do).
  /// - Returns: The number of frames.
  /// - Throws: `ConfigError.missingKey` for a config without `input`; what `loadInput`,
  ///   rendering the sheet, the fault check and writing the file throw. The preview file is
  ///   then unchanged.
  public static func write(
    _ config: DebugConfig, file: String, to output: RenderJob.Output, columns: Int,
    limits: RenderJob.Limits, reads: [String], events: RenderJobEvents,
    loadInput: (DebugConfig.Input) throws -> RenderJob.Input
  ) throws -> Int {
    guard let input = config.input else {
      throw ConfigError.missingKey(file: file, path: "", key: "input")
    }
    let loaded = try loadInput(input)
    let sheet = try TunePreviewSheet(
      config: config, file: file, image: loaded.image, columns: columns, limits: limits,
      overlayLegend: events.overlayLegend, boundsReport: events.boundsReport)
    try events.checkFaults(.finish)
    try output.write(
      PNGSamples(sheet.image, bitDepth: output.encoder.bitDepth),
      into: output.open(protecting: reads), metadata: loaded.metadata, events: events)
    return sheet.frameCount
  }
}
