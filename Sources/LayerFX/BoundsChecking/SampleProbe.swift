import LayerFXMath

/// Records every sample of one tile for the bounds checker.
///
/// Each probe belongs to one tile and so to one thread at a time; the renderer merges each
/// tile's report into its worker's as the tile finishes, and the workers' at the end
/// (``SampleBoundsReport/merge(_:)``), so the report never depends on scheduling.
@usableFromInline
final class SampleProbe: @unchecked Sendable {
  @exclusivity(unchecked) var report: SampleBoundsReport
  /// The pixel being rendered and its position in points.
  @exclusivity(unchecked) var pixel: SIMD2<Int> = .zero
  @exclusivity(unchecked) var position: float2 = .zero
  /// Whether a sample of the current pixel lay beyond the declared offset (or at NaN or ∞).
  @exclusivity(unchecked) private(set) var pixelHasViolation = false
  /// The largest `|sample − position|` (Euclidean, points) among the current pixel's finite
  /// samples, for the displacement map.
  @exclusivity(unchecked) private(set) var pixelFarthestDistance: Float = 0

  init(declaredOffset: float2) {
    report = SampleBoundsReport(declaredOffset: declaredOffset)
  }

  func begin(pixel: SIMD2<Int>, position: float2) {
    self.pixel = pixel
    self.position = position
    pixelHasViolation = false
    pixelFarthestDistance = 0
    report.pixelCount += 1
  }

  @usableFromInline
  func record(_ sample: float2) {
    report.sampleCount += 1
    let offset = abs(sample - position)
    let isFinite = offset.x.isFinite && offset.y.isFinite
    if isFinite {
      report.largestOffset = pointwiseMax(report.largestOffset, offset)
      pixelFarthestDistance = max(pixelFarthestDistance, length(offset))
    } else {
      report.nonFiniteSampleCount += 1
    }
    guard !isFinite || any(offset .> report.declaredOffset) else { return }
    report.violationCount += 1
    if !pixelHasViolation {
      pixelHasViolation = true
      report.violatingPixelCount += 1
    }
    if report.firstViolations.count < SampleBoundsReport.firstViolationLimit {
      report.firstViolations.append(.init(pixel: pixel, position: position, sample: sample))
    }
  }
}
