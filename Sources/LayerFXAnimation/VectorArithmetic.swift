/// A type whose values can be added, subtracted and scaled, so springs and keyframes can
/// animate it.
///
/// It mirrors SwiftUI's `VectorArithmetic` without `AdditiveArithmetic` (the standard library's
/// SIMD types do not conform to it). Conforming here: `Double`, `Float`, and `SIMD2`, `SIMD3`,
/// `SIMD4` of `Float` or `Double` (so `float2` positions in points animate directly).
///
/// Source: Apple, SwiftUI documentation, "VectorArithmetic"
/// (https://developer.apple.com/documentation/swiftui/vectorarithmetic).
public protocol VectorArithmetic: Equatable, Sendable {
  /// The additive identity.
  static var zero: Self { get }

  /// Returns the component-wise sum.
  static func + (lhs: Self, rhs: Self) -> Self

  /// Returns the component-wise difference.
  static func - (lhs: Self, rhs: Self) -> Self

  /// Multiplies every component by `rhs`.
  mutating func scale(by rhs: Double)

  /// The dot product of the value with itself.
  var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
  /// Returns the value with every component multiplied by `factor`.
  @inlinable
  public func scaled(by factor: Double) -> Self {
    var result = self
    result.scale(by: factor)
    return result
  }
}

extension Double: VectorArithmetic {
  /// Multiplies the value by `rhs`.
  @inlinable
  public mutating func scale(by rhs: Double) { self *= rhs }

  /// The square of the value.
  @inlinable
  public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
  /// Multiplies the value by `rhs`, rounded to `Float`.
  @inlinable
  public mutating func scale(by rhs: Double) { self = Float(Double(self) * rhs) }

  /// The square of the value, in `Double`.
  @inlinable
  public var magnitudeSquared: Double { Double(self) * Double(self) }
}

extension SIMD2: VectorArithmetic where Scalar: BinaryFloatingPoint {
  /// Multiplies every lane by `rhs`.
  @inlinable
  public mutating func scale(by rhs: Double) { self *= Scalar(rhs) }

  /// The sum of the squared lanes, in `Double`.
  @inlinable
  public var magnitudeSquared: Double { _magnitudeSquared(self) }
}

extension SIMD3: VectorArithmetic where Scalar: BinaryFloatingPoint {
  /// Multiplies every lane by `rhs`.
  @inlinable
  public mutating func scale(by rhs: Double) { self *= Scalar(rhs) }

  /// The sum of the squared lanes, in `Double`.
  @inlinable
  public var magnitudeSquared: Double { _magnitudeSquared(self) }
}

extension SIMD4: VectorArithmetic where Scalar: BinaryFloatingPoint {
  /// Multiplies every lane by `rhs`.
  @inlinable
  public mutating func scale(by rhs: Double) { self *= Scalar(rhs) }

  /// The sum of the squared lanes, in `Double`.
  @inlinable
  public var magnitudeSquared: Double { _magnitudeSquared(self) }
}

@usableFromInline
func _magnitudeSquared<V: SIMD>(_ v: V) -> Double where V.Scalar: BinaryFloatingPoint {
  var sum = 0.0
  for i in v.indices { sum += Double(v[i]) * Double(v[i]) }
  return sum
}
