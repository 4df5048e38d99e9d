import LayerFXMath

/// What the `maxSampleOffset` bounds checker found in one render.
///
/// A layer effect promises that every `Layer.sample(p)` lies within `maxSampleOffset` of the
/// pixel's `position` on each axis; a distortion effect promises the same of the position it
/// returns. SwiftUI does not check and silently clips what lies farther; this report says where,
/// how often, and which offset would have been enough. Checking never changes the output.
///
/// Source: Documentation/Semantics.md §4; Apple, `View.layerEffect(_:maxSampleOffset:isEnabled:)`.
public struct SampleBoundsReport: Sendable, Equatable, CustomStringConvertible {
  /// The offset the effect declared, points per axis.
  public var declaredOffset: float2
  /// Pixels rendered.
  public var pixelCount = 0
  /// Samples checked (layer samples, or returned positions for a distortion effect).
  public var sampleCount = 0
  /// Samples that lay beyond the declared offset on some axis, or at a NaN or infinite position.
  public var violationCount = 0
  /// Pixels with at least one violating sample.
  public var violatingPixelCount = 0
  /// Samples at a NaN or infinite position (also counted as violations).
  public var nonFiniteSampleCount = 0
  /// Destination pixels whose kernel output has a NaN or infinite channel.
  ///
  /// They do not count as violations; the store writes NaN as 0 and clamps ±∞ (Documentation/Semantics.md
  /// §3), so this count is the only place such output shows.
  public var nonFiniteOutputCount = 0
  /// The largest finite `|sample − position|` seen on each axis, in points.
  public var largestOffset: float2 = .zero
  /// The first violations in raster order (row by row, top first), at most
  /// ``firstViolationLimit``.
  public var firstViolations: [Violation] = []

  /// How many violations ``firstViolations`` keeps.
  public static let firstViolationLimit = 8

  /// Creates an empty report for an effect that declared `declaredOffset` (points).
  public init(declaredOffset: float2) {
    self.declaredOffset = declaredOffset
  }

  /// One sample beyond the declared offset.
  public struct Violation: Sendable, Equatable {
    /// The destination pixel, column and row.
    public var pixel: SIMD2<Int>
    /// The pixel's position, points.
    public var position: float2
    /// Where the effect sampled, points.
    public var sample: float2
  }

  /// Whether every sample lay within the declared offset.
  public var isWithinBounds: Bool { violationCount == 0 }

  /// By how much the largest offset exceeded the declared one on each axis (points, ≥ 0).
  public var overshoot: float2 { pointwiseMax(largestOffset - declaredOffset, .zero) }

  /// The smallest `maxSampleOffset` that would have covered every finite sample, in points:
  /// the declared offset raised to the largest offset seen on each axis.
  public var sufficientOffset: float2 { pointwiseMax(largestOffset, declaredOffset) }

  /// A one-paragraph summary: counts, largest overshoot, the first place, the offset that works.
  ///
  /// Measured offsets and positions are rounded to 2 decimals (`4.000004` is `4`), the declared
  /// offset to 6 (so it reads as it was given), trailing zeros dropped. The overshoot and the
  /// sufficient offset are rounded up to 2 decimals (`4.000004` is `4.01`): an overshoot never
  /// reads 0, and declaring the printed sufficient offset leaves no sample beyond it. The
  /// properties keep full precision.
  public var description: String {
    let outputs =
      nonFiniteOutputCount == 0
      ? "" : "; \(nonFiniteOutputCount) output pixels NaN or ∞ (stored as 0 or clamped)"
    if sampleCount == 0 {
      return "no samples in \(pixelCount) pixels (colour effects and fills read no layer), none "
        + "beyond maxSampleOffset (\(format(declaredOffset, places: 6)))" + outputs
    }
    if isWithinBounds {
      return "all \(sampleCount) samples within maxSampleOffset "
        + "(\(format(declaredOffset, places: 6))); largest offset \(format(largestOffset))"
        + outputs
    }
    var text =
      "\(violationCount) of \(sampleCount) samples (at \(violatingPixelCount) of \(pixelCount) "
      + "pixels) beyond maxSampleOffset (\(format(declaredOffset, places: 6))); largest offset "
      + "\(format(largestOffset)), overshoot \(format(overshoot, rounding: .up))"
    if nonFiniteSampleCount > 0 { text += "; \(nonFiniteSampleCount) samples at NaN or ∞" }
    if let first = firstViolations.first {
      text +=
        "; first at pixel (\(first.pixel.x), \(first.pixel.y)) sampling "
        + "\(format(first.sample)) from \(format(first.position))"
    }
    // No offset is enough for a sample at NaN or ∞; the suggestion covers the finite ones.
    let enough =
      nonFiniteSampleCount == 0
      ? " would be enough"
      : " would be enough for the finite samples; no maxSampleOffset covers NaN or ∞"
    return text + "; maxSampleOffset \(format(sufficientOffset, rounding: .up))" + enough
      + outputs
  }

  /// Counts the pixels with a NaN or infinite channel, for ``nonFiniteOutputCount``.
  static func nonFiniteCount(in pixels: UnsafeBufferPointer<half4>) -> Int {
    pixels.reduce(0) { count, pixel in
      let isFinite = pixel.x.isFinite && pixel.y.isFinite && pixel.z.isFinite && pixel.w.isFinite
      return count + (isFinite ? 0 : 1)
    }
  }

  /// `x, y` rounded to `places` decimals by `rule` (``BinaryFloatingPoint/decimalText(places:rounding:)``),
  /// a NaN of either sign written `NaN` (Swift prints a negative one `-nan`).
  private func format(
    _ v: float2, places: Int = 2,
    rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
  ) -> String {
    func component(_ x: Float) -> String {
      x.isNaN ? "NaN" : x.decimalText(places: places, rounding: rule)
    }
    return "\(component(v.x)), \(component(v.y))"
  }

  /// Adds the findings of another part of the same render (other tiles, in any order); then
  /// ``sortFirstViolations()`` keeps the first violations of both.
  mutating func merge(_ other: SampleBoundsReport) {
    pixelCount += other.pixelCount
    sampleCount += other.sampleCount
    violationCount += other.violationCount
    violatingPixelCount += other.violatingPixelCount
    nonFiniteSampleCount += other.nonFiniteSampleCount
    nonFiniteOutputCount += other.nonFiniteOutputCount
    largestOffset = pointwiseMax(largestOffset, other.largestOffset)
    firstViolations.append(contentsOf: other.firstViolations)
  }

  /// Keeps the first ``firstViolationLimit`` violations in raster order (by row, then column;
  /// a pixel's own in the order it sampled, the sort being stable) after a merge: the lowest
  /// pixels of every report merged so far, whatever order they were merged in.
  mutating func sortFirstViolations() {
    firstViolations.sort { ($0.pixel.y, $0.pixel.x) < ($1.pixel.y, $1.pixel.x) }
    firstViolations.removeSubrange(
      min(firstViolations.count, Self.firstViolationLimit)..<firstViolations.count)
  }
}
