/// How far a rendered image may be from its reference: a largest channel error in 8-bit codes,
/// and the fraction of pixels allowed above it.
///
/// A pixel is a mismatch when any of its channels differs by more than ``maxChannelError``
/// codes; the comparison passes when the fraction of mismatched pixels is at most
/// ``maxMismatchFraction``.
public struct ReferenceTolerance: Sendable, Equatable {
  /// The largest channel difference that is not a mismatch, in 8-bit codes (0…255).
  public var maxChannelError: Int
  /// The fraction of pixels (0…1) allowed above ``maxChannelError``.
  public var maxMismatchFraction: Double

  /// Creates a tolerance.
  ///
  /// - Parameters:
  ///   - maxChannelError: Codes, 0…255.
  ///   - maxMismatchFraction: A fraction of the pixels, 0…1.
  public init(maxChannelError: Int, maxMismatchFraction: Double = 0) {
    self.maxChannelError = maxChannelError
    self.maxMismatchFraction = maxMismatchFraction
  }

  /// Identical codes: a PNG round trip.
  public static let exact = ReferenceTolerance(maxChannelError: 0)
  /// One code everywhere: colour effects across machines (polynomial vs libm math).
  public static let colorEffect = ReferenceTolerance(maxChannelError: 1)
  /// Two codes on all but 0.1 % of pixels: bilinear layer and distortion effects, whose sample
  /// positions round differently near hard edges.
  public static let layerEffect = ReferenceTolerance(maxChannelError: 2, maxMismatchFraction: 0.001)
}

extension ReferenceTolerance {
  /// Why this tolerance cannot be compared against, or `nil` when it can: ``maxChannelError``
  /// outside 0…255, or ``maxMismatchFraction`` outside 0…1 or NaN (with NaN every comparison
  /// had failed, `0.0 % of pixels above 0 codes (nan % allowed)`; with −1 codes every pixel was
  /// a mismatch).
  var problem: String? {
    if !(0...255).contains(maxChannelError) {
      return "the tolerance's maxChannelError must be 0…255 codes, got \(maxChannelError)"
    }
    if !(0...1).contains(maxMismatchFraction) {
      return "the tolerance's maxMismatchFraction must be a fraction 0…1, got "
        + "\(maxMismatchFraction)"
    }
    return nil
  }
}
