import LayerFX
import LayerFXMath

/// The result of comparing two images channel by channel.
public struct ImageDifference: Sendable, CustomStringConvertible {
  /// The largest absolute channel difference.
  public var maxChannelError: Float
  /// The mean absolute channel difference.
  public var meanChannelError: Float
  /// The fraction of pixels with some channel above the tolerance.
  public var mismatchFraction: Double
  /// The first pixel (raster order) above the tolerance, if any.
  public var firstMismatch: SIMD2<Int>?

  /// A one-line summary.
  public var description: String {
    "max \(maxChannelError), mean \(meanChannelError), \(mismatchFraction * 100) % above "
      + "tolerance, first at \(firstMismatch.map { "(\($0.x), \($0.y))" } ?? "none")"
  }
}

/// Compares two images of the same size; `tolerance` is per channel, in the images' units.
///
/// - Precondition: Same size.
public func compare(_ actual: Image, _ expected: Image, tolerance: Float) -> ImageDifference {
  precondition(
    actual.width == expected.width && actual.height == expected.height,
    "sizes differ: \(actual.width)×\(actual.height) vs \(expected.width)×\(expected.height)")
  var maxError: Float = 0
  var sum: Double = 0
  var mismatches = 0
  var first: SIMD2<Int>?
  for (index, (a, e)) in zip(actual.pixels, expected.pixels).enumerated() {
    let error = abs(a - e)
    let m = error.max()
    maxError = Swift.max(maxError, m.isNaN ? .infinity : m)
    sum += Double(error.sum())
    if !(m <= tolerance) {
      mismatches += 1
      if first == nil { first = SIMD2(index % actual.width, index / actual.width) }
    }
  }
  let count = Swift.max(1, actual.pixels.count)
  return ImageDifference(
    maxChannelError: maxError, meanChannelError: Float(sum / Double(4 * count)),
    mismatchFraction: Double(mismatches) / Double(count), firstMismatch: first)
}
