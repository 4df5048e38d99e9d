import LayerFXMath

/// A shader function with its arguments: what SwiftUI's `colorEffect`, `distortionEffect` and
/// `layerEffect` take.
///
/// Arguments are checked against the function's parameters when the shader is applied (SwiftUI
/// fails silently on a mismatch; LayerFX throws a ``ShaderArgumentError``).
///
/// Source: Apple, `Shader` documentation.
public struct Shader: Sendable {
  /// The function to call.
  public let function: ShaderFunction
  /// The arguments after SwiftUI's own, in call order.
  public var arguments: [Argument]

  /// Creates a shader that calls `function` with `arguments`.
  ///
  /// - Parameters:
  ///   - function: The shader function.
  ///   - arguments: The arguments in call order.
  public init(function: ShaderFunction, arguments: [Argument]) {
    self.function = function
    self.arguments = arguments
  }

  /// Returns the kernel with the arguments checked and bound, for an image of `sizeInPoints`.
  ///
  /// `boundingRect` arguments resolve to `float4(0, 0, width, height)` in points.
  ///
  /// - Throws: ``ShaderArgumentError`` if the count, a type or a value does not fit the
  ///   function's parameters, or if the function is not of `kind`.
  public func makeKernel(for kind: EffectKind, sizeInPoints: float2) throws(ShaderArgumentError)
    -> EffectKernel
  {
    guard function.kind == kind else {
      throw .wrongEffectKind(function: function.name, declared: function.kind, used: kind)
    }
    let bound = try ShaderArguments(
      checking: arguments, against: function, sizeInPoints: sizeInPoints)
    return function.makeKernel(bound)
  }

  /// Returns the lane form of the kernel (eight pixels per call) with the arguments checked and
  /// bound, or `nil` when the function has none.
  ///
  /// - Throws: ``ShaderArgumentError`` as ``makeKernel(for:sizeInPoints:)`` does.
  public func makeLaneKernel(for kind: EffectKind, sizeInPoints: float2)
    throws(ShaderArgumentError) -> LaneKernel?
  {
    guard let makeLaneKernel = function.makeLaneKernel else { return nil }
    guard function.kind == kind else {
      throw .wrongEffectKind(function: function.name, declared: function.kind, used: kind)
    }
    let bound = try ShaderArguments(
      checking: arguments, against: function, sizeInPoints: sizeInPoints)
    return makeLaneKernel(bound)
  }

  /// Returns the `maxSampleOffset` the function declares for these arguments, in points per axis.
  ///
  /// - Throws: ``ShaderArgumentError`` if the arguments do not fit the function's parameters.
  public func declaredMaxSampleOffset(sizeInPoints: float2) throws(ShaderArgumentError) -> float2 {
    let bound = try ShaderArguments(
      checking: arguments, against: function, sizeInPoints: sizeInPoints)
    return function.declaredMaxSampleOffset(bound)
  }
}

extension Shader {
  /// A value passed to a shader function: SwiftUI's `Shader.Argument`.
  ///
  /// Source: Apple, `Shader.Argument` documentation.
  public enum Argument: Sendable, Equatable {
    /// A Metal `float`.
    case float(Float)
    /// A Metal `float2`, e.g. a point.
    case float2(float2)
    /// A Metal `float3`.
    case float3(float3)
    /// A Metal `float4`.
    case float4(float4)
    /// A colour; arrives in the kernel as premultiplied `half4`. Give it premultiplied.
    case color(half4)
    /// A `device const half4 *ptr, int count` pair: premultiplied colours.
    case colorArray([half4])
    /// A `device const float *ptr, int count` pair.
    case floatArray([Float])
    /// A `device const void *ptr, int size_in_bytes` pair.
    case data([UInt8])
    /// A `texture2d<half>`; at most one per shader.
    case image(Image)
    /// The view's bounding rectangle, `float4(x, y, width, height)` in points; `x = y = 0` for a
    /// whole image.
    case boundingRect

    /// The Metal type this argument passes as.
    public var type: ArgumentType {
      switch self {
      case .float: .float
      case .float2: .float2
      case .float3: .float3
      case .float4, .boundingRect: .float4
      case .color: .color
      case .colorArray: .colorArray
      case .floatArray: .floatArray
      case .data: .data
      case .image: .image
      }
    }
  }

  /// The Metal type of a shader parameter.
  public enum ArgumentType: String, Sendable, Equatable, CaseIterable {
    /// `float`
    case float
    /// `float2`
    case float2
    /// `float3`
    case float3
    /// `float4` (also what `boundingRect` passes as)
    case float4
    /// `half4`, premultiplied colour
    case color
    /// `device const half4 *, int`
    case colorArray
    /// `device const float *, int`
    case floatArray
    /// `device const void *, int`
    case data
    /// `texture2d<half>`
    case image
  }
}
