import LayerFX
import LayerFXMath

/// The colour scale of the displacement heat map: displacement `d` points over a range
/// `[0, range]`, blue at 0, green at half the range, red at the range and beyond.
///
/// With `t = clamp(d / range, 0, 1)` the opaque colour is `(0, 2t, 1 − 2t)` for `t ≤ ½` and
/// `(2t − 1, 2 − 2t, 0)` above: two linear ramps through the three stops. The heat map draws it
/// at ``opacity`` over the frame (premultiplied source-over). The range is the largest
/// `|maxSampleOffset|` (Euclidean, points) of any layer or distortion pass of the whole
/// animation, so red means "as far as the declared offset reaches" and every frame uses the
/// same scale; 1 point when no pass declares an offset.
///
/// Source: Porter & Duff, "Compositing Digital Images" (SIGGRAPH 1984), the *over* operator on
/// premultiplied colour; Documentation/Semantics.md §4 (`maxSampleOffset`).
public struct DisplacementColorScale: Sendable, Equatable {
  /// The displacement drawn red, points, > 0.
  public var range: Float

  /// The heat map's opacity over the frame: ½.
  public static let opacity: Float = 0.5

  /// Creates a scale over `[0, range]` points.
  ///
  /// - Precondition: `range` is finite and > 0; checked in release.
  public init(range: Float) {
    precondition(range.isFinite && range > 0, "a colour scale's range must be finite and > 0")
    self.range = range
  }

  /// The scale of an animation: its range is the largest `|maxSampleOffset|` of its layer and
  /// distortion passes, or 1 point.
  ///
  /// - Parameter passes: Every frame's passes (``ChainRenderer/checkedPasses(at:pixelLimit:)``).
  public init(passes: [[PreparedShader]]) {
    let largest = passes.joined().filter { $0.kind == .layer || $0.kind == .distortion }
      .map { length($0.maxSampleOffset) }.filter(\.isFinite).max()
    if let largest, largest > 0 { self.init(range: largest) } else { self.init(range: 1) }
  }

  /// The opaque colour of displacement `distance` points (straight = premultiplied, alpha 1).
  public func color(_ distance: Float) -> half4 {
    let t = min(max(distance / range, 0), 1)
    return t <= 0.5 ? half4(0, 2 * t, 1 - 2 * t, 1) : half4(2 * t - 1, 2 - 2 * t, 0, 1)
  }

  /// A one-line legend for standard error of the overlays in `overlays` only, in this order:
  /// the heat map's stops in points, then the colours of `bounds`, `tiles` and `origins`.
  ///
  /// - Parameter overlays: The overlays drawn.
  /// - Returns: The entries joined by `; ` (empty for no overlay).
  public func legend(for overlays: DebugOverlays) -> String {
    let entries: [(DebugOverlays, String)] = [
      (
        .displacement,
        "displacement: blue 0 pt, green \(format(range / 2)) pt, red \(format(range)) pt or "
          + "more (the largest maxSampleOffset)"
      ),
      (.bounds, "magenta: beyond maxSampleOffset"), (.tiles, "cyan: tile edges"),
      (.origins, "yellow cross: trigger origin"),
    ]
    return entries.filter { overlays.contains($0.0) }.map(\.1).joined(separator: "; ")
  }

  private func format(_ value: Float) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
