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
  /// The arguments given in call order (trailing parameters with defaults may be missing).
  public var arguments: [Argument]
  /// The arguments given by parameter name, in the order given.
  public var namedArguments: [(name: String, value: Argument)]

  /// Creates a shader that calls `function` with `arguments` in call order and
  /// `namedArguments` by name; parameters given neither way take their defaults.
  ///
  /// - Parameters:
  ///   - function: The shader function.
  ///   - arguments: Arguments in call order, first parameter first.
  ///   - namedArguments: Arguments by parameter name.
  public init(
    function: ShaderFunction, arguments: [Argument] = [],
    namedArguments: [(name: String, value: Argument)] = []
  ) {
    self.function = function
    self.arguments = arguments
    self.namedArguments = namedArguments
  }

  /// Returns the shader with its arguments checked and bound, ready to render an image of
  /// `sizeInPoints`.
  ///
  /// `boundingRect` arguments resolve to `float4(0, 0, width, height)` in points.
  ///
  /// - Parameters:
  ///   - kind: The effect it is used as, if the caller requires one.
  ///   - sizeInPoints: The size of the image it will render, points.
  /// - Returns: The prepared shader: checked arguments, kernel forms, declared offset.
  /// - Throws: ``ShaderArgumentError`` if an argument is missing, unknown, of the wrong type,
  ///   not finite or out of range, or if the function is not of `kind`;
  ///   ``ShaderArgumentError/unknownFunction(name:suggestion:available:)`` first, for a
  ///   function looked up by a name its library lacks.
  public func prepared(for kind: EffectKind? = nil, sizeInPoints: float2)
    throws(ShaderArgumentError) -> PreparedShader
  {
    if let error = function.lookupError { throw error }
    if let kind, function.kind != kind {
      throw .wrongEffectKind(function: function.name, declared: function.kind, used: kind)
    }
    let bound = try ShaderArguments(
      checking: arguments, named: namedArguments, against: function, sizeInPoints: sizeInPoints)
    return PreparedShader(
      function: function, arguments: bound, forms: try function.makeForms(bound))
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

    /// The type as a Metal function's parameter list spells it (`float2`, `half4`,
    /// `device const float *`, `texture2d<half>`).
    public var metalName: String {
      switch self {
      case .float, .float2, .float3, .float4: rawValue
      case .color: "half4"
      case .colorArray: "device const half4 *"
      case .floatArray: "device const float *"
      case .data: "device const void *"
      case .image: "texture2d<half>"
      }
    }
  }
}
