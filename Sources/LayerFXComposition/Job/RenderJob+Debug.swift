import LayerFXMath

extension RenderJob {
  /// A job's debug options: overlays drawn on each frame and the bounds check.
  ///
  /// Source: `Documentation/Semantics.md` §4.5 (the bounds checker).
  public struct Debug: Sendable {
    /// Overlays drawn on each frame, their legend sent as
    /// ``RenderJobEvents/overlayLegend``.
    public var overlays: DebugOverlays
    /// Whether samples beyond each pass's `maxSampleOffset` are reported
    /// (``RenderJobEvents/boundsReport``); a job with any such sample ends
    /// ``Outcome/isWithinBounds`` false.
    public var checksBounds: Bool

    /// Creates debug options; none by default.
    public init(overlays: DebugOverlays = [], checksBounds: Bool = false) {
      self.overlays = overlays
      self.checksBounds = checksBounds
    }

    /// The bytes per pixel the overlays hold beside a frame
    /// (``RenderMemory/overlayBytesPerPixel``).
    var overlayBytesPerPixel: Int {
      overlays.isDisjoint(with: [.displacement, .bounds])
        ? 0 : ChainRenderer.displacementBytesPerPixel
    }
  }

  /// How a run ended.
  public struct Outcome: Sendable, Equatable {
    /// Whether every pass sampled within its `maxSampleOffset` (always true without
    /// ``Debug/checksBounds``).
    public var isWithinBounds: Bool
  }
}
