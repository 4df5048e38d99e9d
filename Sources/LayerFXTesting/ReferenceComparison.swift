import Foundation
import LayerFX
import LayerFXPNG

/// What comparing a rendered image with its reference found, in 8-bit codes.
public struct ReferenceComparison: Sendable, Equatable, CustomStringConvertible {
  /// The largest channel difference, codes.
  public let maxChannelError: Int
  /// The mean channel difference, codes.
  public let meanChannelError: Double
  /// The fraction of pixels with a channel above the tolerance.
  public let mismatchFraction: Double
  /// The first such pixel in raster order, if any.
  public let firstMismatch: SIMD2<Int>?
  /// The tolerance compared against.
  public let tolerance: ReferenceTolerance
  /// Whether the comparison is within the tolerance.
  public let isWithinTolerance: Bool
  /// The rendered image's width and height, pixels.
  public let size: SIMD2<Int>
  /// The reference's width and height, pixels; when it differs from ``size`` no pixel was
  /// compared.
  public let referenceSize: SIMD2<Int>

  /// One line, rounded to what a person reads: `max 24 codes, mean 4.4; 49.9 % of pixels above
  /// 1 code; first at (0, 2)`, with the fraction allowed when the tolerance allows outliers
  /// (`(0.1 % allowed)`) before the first mismatch, and no `first at` when there is none; for
  /// images of different sizes, the sizes: `size 32×32, reference 64×48`.
  ///
  /// Means have one decimal; percentages one decimal, or two significant digits below 0.1 %
  /// (`0.012 %`), so a handful of bad pixels in a large image never reads as `0.0 %`.
  public var description: String {
    guard size == referenceSize else {
      return "size \(size.x)×\(size.y), reference \(referenceSize.x)×\(referenceSize.y)"
    }
    let threshold = tolerance.maxChannelError
    var text =
      "max \(codes(maxChannelError)), mean \(String(format: "%.1f", meanChannelError)); "
      + "\(percent(mismatchFraction)) of pixels above \(codes(threshold))"
    if tolerance.maxMismatchFraction > 0 {
      text += " (\(percent(tolerance.maxMismatchFraction)) allowed)"
    }
    return text + (firstMismatch.map { "; first at (\($0.x), \($0.y))" } ?? "")
  }
}

/// `1 code`, `24 codes`.
private func codes(_ count: Int) -> String { count == 1 ? "1 code" : "\(count) codes" }

/// A fraction as a percentage a person reads: one decimal, two significant digits below 0.1 %.
private func percent(_ fraction: Double) -> String {
  let value = fraction * 100
  if value == 0 || value >= 0.1 { return String(format: "%.1f %%", value) }
  return String(format: "%.2g %%", value)
}

/// Compares the 8-bit PNG codes of `actual` and `expected`.
///
/// Both are quantised as the PNG encoder stores them (un-premultiplied, rounded to 8 bits), so
/// a reference PNG and a freshly rendered image compare as the files would. A pixel is a
/// mismatch when any channel differs by more than `tolerance.maxChannelError` codes; the mean is
/// over every channel of every pixel. Images of different sizes are not compared pixel by
/// pixel: the comparison is outside any tolerance, every pixel counts as a mismatch
/// (`mismatchFraction` 1, no first one), the channel errors are 0, and the description names
/// both sizes.
///
/// - Returns: The comparison.
public func compareReference(
  _ actual: Image, _ expected: Image, tolerance: ReferenceTolerance
) -> ReferenceComparison {
  let size = SIMD2(actual.width, actual.height)
  let referenceSize = SIMD2(expected.width, expected.height)
  guard size == referenceSize else {
    return ReferenceComparison(
      maxChannelError: 0, meanChannelError: 0, mismatchFraction: 1, firstMismatch: nil,
      tolerance: tolerance, isWithinTolerance: false, size: size, referenceSize: referenceSize)
  }
  let a = PNGEncoder.rgba8(actual)
  let e = PNGEncoder.rgba8(expected)
  var maxError = 0
  var sum = 0
  var mismatches = 0
  var first: SIMD2<Int>?
  for pixel in 0..<(actual.width * actual.height) {
    var pixelError = 0
    for channel in 0..<4 {
      let difference = abs(Int(a[4 * pixel + channel]) - Int(e[4 * pixel + channel]))
      pixelError = max(pixelError, difference)
      sum += difference
    }
    maxError = max(maxError, pixelError)
    if pixelError > tolerance.maxChannelError {
      mismatches += 1
      if first == nil { first = SIMD2(pixel % actual.width, pixel / actual.width) }
    }
  }
  let count = max(1, actual.width * actual.height)
  let fraction = Double(mismatches) / Double(count)
  return ReferenceComparison(
    maxChannelError: maxError, meanChannelError: Double(sum) / Double(4 * count),
    mismatchFraction: fraction, firstMismatch: first, tolerance: tolerance,
    isWithinTolerance: fraction <= tolerance.maxMismatchFraction, size: size,
    referenceSize: referenceSize)
}
