import LayerFX
import LayerFXComposition

/// File-based `tune`'s preview: a config's frames at its `debug.previewTimes` (default four, at
/// 1/5 … 4/5 of the animation) as one contact sheet, each frame's time under it, the config's
/// `debug.overlays` drawn on every frame.
public struct TunePreviewSheet {
  /// The contact sheet.
  public let image: Image
  /// The number of frames on it.
  public let frameCount: Int

  /// Renders the preview of `config` over `image`, its loaded input.
  ///
  /// - Parameters:
  ///   - config: The decoded config.
  ///   - file: The config's path, named in errors.
  ///   - image: The config's input, loaded at the config's scale.
  ///   - columns: Frames per row of the sheet.
  ///   - limits: The renderer and the pixel limit.
  ///   - overlayLegend: Receives the overlays' legend once, before the frames render, when the
  ///     config draws any.
  ///   - boundsReport: Receives one line per pass that samples beyond its `maxSampleOffset`
  ///     when `debug.checkBounds` is on (`t = 0.2 s pass 1: …`).
  /// - Throws: `ConfigError` for a schedule an effect cannot run over or a padded layer beyond
  ///   the pixel limit (naming `file` and the key, as `layerfx config check` does), or for a
  ///   sheet of the preview times beyond the pixel limit (naming `debug.previewTimes`), and what
  ///   preparing the passes throws.
  public init(
    config: DebugConfig, file: String, image: Image, columns: Int, limits: RenderJob.Limits,
    overlayLegend: (String) -> Void, boundsReport: (String) -> Void
  ) throws {
    let chain = config.chain(sizeInPoints: image.sizeInPoints)
    let times = config.debug.previewTimes(endTime: chain.endTime)
    // The check `layerfx config check` runs, so an error names the config and the key.
    try config.checkPreview(file: file, image: image, pixelLimit: limits.pixelLimit)
    let renderer = ChainRenderer(
      image: image, chain: chain, renderer: limits.renderer,
      checksSampleBounds: config.debug.checkBounds)
    var sheet: ContactSheetSink
    do {
      sheet = try ContactSheetSink(
        frameCount: times.count, columns: columns, frameWidth: image.width,
        frameHeight: image.height, scale: image.scale, pixelLimit: limits.pixelLimit,
        frameTimes: times)
    } catch {
      throw ConfigError.invalidValue(file: file, path: "debug.previewTimes", reason: "\(error)")
    }
    let passes = try renderer.checkedPasses(at: times, pixelLimit: limits.pixelLimit)
    let overlays = config.debug.overlays
    if !overlays.isEmpty {
      overlayLegend(DisplacementColorScale(passes: passes).legend(for: overlays))
    }
    try renderer.render(passes, into: &sheet, overlays: overlays) { _ in
    } reports: { frame, reports in
      for (pass, report) in reports.enumerated() where !report.isWithinBounds {
        boundsReport("t = \(times[frame]) s pass \(pass + 1): \(report)")
      }
    }
    self.image = sheet.image
    self.frameCount = times.count
  }
}
