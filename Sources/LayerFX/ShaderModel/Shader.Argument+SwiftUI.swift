import Foundation
import LayerFXMath

// SwiftUI's spellings of `Shader.Argument`, so an argument list pasted from a SwiftUI view
// compiles unchanged: `.float(time)` with a `Double` or `CGFloat`, `.float2(x, y)`,
// `.float2(point)`, `.float2(size)`.
//
// Source: Apple, `Shader.Argument` documentation (`float(_:)`, `float2(_:_:)`, `float2(_:)` with
// a `CGPoint`, `CGSize` or `SIMD2<Float>`, `float3(_:_:_:)`, `float4(_:_:_:_:)`).
extension Shader.Argument {
  /// A Metal `float` from any floating-point value (a `TimeInterval`, a `CGFloat`), rounded
  /// to `Float`: SwiftUI's generic `float(_:)`.
  ///
  /// Disfavoured so that a literal (`.float(0.3)`) and a `Float` still pick the case: without
  /// it the generic overload and the case are ambiguous for a literal.
  ///
  /// - Parameter x: The value.
  /// - Returns: `.float(Float(x))`.
  @_disfavoredOverload
  public static func float<T: BinaryFloatingPoint>(_ x: T) -> Self { .float(Float(x)) }

  /// A Metal `float2` from its two components.
  ///
  /// - Parameters:
  ///   - x: The first component.
  ///   - y: The second component.
  /// - Returns: `.float2(float2(Float(x), Float(y)))`.
  public static func float2<T: BinaryFloatingPoint>(_ x: T, _ y: T) -> Self {
    .float2(SIMD2<Float>(Float(x), Float(y)))
  }

  /// A Metal `float2` from a point, such as a tap's location (points).
  ///
  /// - Parameter point: The point.
  /// - Returns: `.float2(float2(x, y))`.
  @_disfavoredOverload
  public static func float2(_ point: CGPoint) -> Self {
    .float2(SIMD2<Float>(Float(point.x), Float(point.y)))
  }

  /// A Metal `float2` from a size, such as a view's (points).
  ///
  /// - Parameter size: The size.
  /// - Returns: `.float2(float2(width, height))`.
  @_disfavoredOverload
  public static func float2(_ size: CGSize) -> Self {
    .float2(SIMD2<Float>(Float(size.width), Float(size.height)))
  }

  /// A Metal `float3` from its three components.
  ///
  /// - Parameters:
  ///   - x: The first component.
  ///   - y: The second component.
  ///   - z: The third component.
  /// - Returns: `.float3(float3(Float(x), Float(y), Float(z)))`.
  public static func float3<T: BinaryFloatingPoint>(_ x: T, _ y: T, _ z: T) -> Self {
    .float3(SIMD3<Float>(Float(x), Float(y), Float(z)))
  }

  /// A Metal `float4` from its four components.
  ///
  /// - Parameters:
  ///   - x: The first component.
  ///   - y: The second component.
  ///   - z: The third component.
  ///   - w: The fourth component.
  /// - Returns: `.float4(float4(Float(x), Float(y), Float(z), Float(w)))`.
  public static func float4<T: BinaryFloatingPoint>(_ x: T, _ y: T, _ z: T, _ w: T) -> Self {
    .float4(SIMD4<Float>(Float(x), Float(y), Float(z), Float(w)))
  }
}
