import LayerFX
import LayerFXMath

/// The bounds check of a whole animation, pass by pass: in how many frames a pass sampled
/// beyond its `maxSampleOffset`, and one offset that would have been enough in every frame.
///
/// Each frame's report suggests an offset for that frame alone
/// (`LayerFX.SampleBoundsReport/sufficientOffset`); a ripple's reach changes from frame to
/// frame, so the offset to declare is the largest of them on each axis, which this summary
/// names after the last frame.
///
/// Source: `Documentation/Semantics.md` §4.5 (the bounds checker).
struct AnimationBoundsSummary {
  /// Per pass index (0-based): frames checked, frames beyond the offset, and the largest
  /// suggested offset of any frame (points per axis).
  private var passes: [Int: (frames: Int, beyond: Int, enough: float2)] = [:]

  /// Adds one frame's reports, one per pass in order.
  mutating func add(_ reports: [SampleBoundsReport]) {
    for (pass, report) in reports.enumerated() {
      var entry = passes[pass] ?? (0, 0, .zero)
      entry.frames += 1
      entry.beyond += report.isWithinBounds ? 0 : 1
      entry.enough = pointwiseMax(entry.enough, report.sufficientOffset)
      passes[pass] = entry
    }
  }

  /// One line per pass that sampled beyond its offset in any frame, in pass order:
  /// `pass P: beyond maxSampleOffset in B of the F frames it ran in; maxSampleOffset X, Y would
  /// be enough for every frame` (a frame with no active pass, such as a ripple before its tap,
  /// is not counted); none for a pass checked in one frame only, whose own report says it.
  ///
  /// `X, Y` are rounded up to 2 decimals, as in the frames' own reports, so that declaring them
  /// leaves no frame beyond.
  var lines: [String] {
    passes.keys.sorted().compactMap { pass in
      guard let entry = passes[pass], entry.beyond > 0, entry.frames > 1 else { return nil }
      return "pass \(pass + 1): beyond maxSampleOffset in \(entry.beyond) of the \(entry.frames) "
        + "frames it ran in; maxSampleOffset \(enough(entry.enough.x)), \(enough(entry.enough.y)) "
        + "would be enough for every frame"
    }
  }

  /// An axis of the offset that would be enough, rounded up to 2 decimals.
  private func enough(_ value: Float) -> String { value.decimalText(places: 2, rounding: .up) }
}
