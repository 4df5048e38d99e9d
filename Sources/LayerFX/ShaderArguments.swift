import LayerFXMath

/// Arguments checked against a ``ShaderFunction``'s parameters, read by index when a kernel is
/// made.
///
/// Every accessor's index and type were checked when the arguments were bound, so a mismatch
/// here is a bug in the shader function itself and traps.
public struct ShaderArguments: Sendable {
  @usableFromInline let values: [Shader.Argument]

  init(
    checking arguments: [Shader.Argument], against function: ShaderFunction, sizeInPoints: float2
  )
    throws(ShaderArgumentError)
  {
    let parameters = function.parameters
    guard arguments.count == parameters.count else {
      throw .wrongCount(
        function: function.name, expected: parameters.map(\.name), actual: arguments.count)
    }
    var images = 0
    var resolved: [Shader.Argument] = []
    for (argument, parameter) in zip(arguments, parameters) {
      guard argument.type == parameter.type else {
        throw .wrongType(
          function: function.name, parameter: parameter.name, expected: parameter.type,
          actual: argument.type)
      }
      if let bad = argument.firstNonFiniteValue {
        throw .notFinite(function: function.name, parameter: parameter.name, value: bad)
      }
      if case .image = argument { images += 1 }
      if case .boundingRect = argument {
        resolved.append(.float4(LayerFXMath.float4(0, 0, sizeInPoints.x, sizeInPoints.y)))
      } else {
        resolved.append(argument)
      }
    }
    guard images <= 1 else { throw .tooManyImages(function: function.name, count: images) }
    values = resolved
  }

  /// Returns the `float` argument at `index`.
  public func float(_ index: Int) -> Float {
    guard case .float(let value) = values[index] else { preconditionFailure(mismatch(index)) }
    return value
  }

  /// Returns the `float2` argument at `index`.
  public func float2(_ index: Int) -> LayerFXMath.float2 {
    guard case .float2(let value) = values[index] else { preconditionFailure(mismatch(index)) }
    return value
  }

  /// Returns the `float3` argument at `index`.
  public func float3(_ index: Int) -> LayerFXMath.float3 {
    guard case .float3(let value) = values[index] else { preconditionFailure(mismatch(index)) }
    return value
  }

  /// Returns the `float4` argument at `index` (a `boundingRect` resolved to points).
  public func float4(_ index: Int) -> LayerFXMath.float4 {
    guard case .float4(let value) = values[index] else { preconditionFailure(mismatch(index)) }
    return value
  }

  /// Returns the premultiplied colour argument at `index`.
  public func color(_ index: Int) -> half4 {
    guard case .color(let value) = values[index] else { preconditionFailure(mismatch(index)) }
    return value
  }

  /// Returns the colour array argument at `index`.
  public func colorArray(_ index: Int) -> [half4] {
    guard case .colorArray(let value) = values[index] else { preconditionFailure(mismatch(index)) }
    return value
  }

  /// Returns the float array argument at `index`.
  public func floatArray(_ index: Int) -> [Float] {
    guard case .floatArray(let value) = values[index] else { preconditionFailure(mismatch(index)) }
    return value
  }

  /// Returns the raw bytes argument at `index`.
  public func data(_ index: Int) -> [UInt8] {
    guard case .data(let value) = values[index] else { preconditionFailure(mismatch(index)) }
    return value
  }

  /// Returns the image argument at `index`.
  public func image(_ index: Int) -> Image {
    guard case .image(let value) = values[index] else { preconditionFailure(mismatch(index)) }
    return value
  }

  private func mismatch(_ index: Int) -> String {
    "shader argument \(index) is \(values[index].type), not the type the kernel reads"
  }
}

extension Shader.Argument {
  /// The first NaN or infinite component, if any (arrays included).
  var firstNonFiniteValue: Float? {
    let components: [Float] =
      switch self {
      case .float(let x): [x]
      case .float2(let v): [v.x, v.y]
      case .float3(let v): [v.x, v.y, v.z]
      case .float4(let v), .color(let v): [v.x, v.y, v.z, v.w]
      case .colorArray(let colors): colors.flatMap { [$0.x, $0.y, $0.z, $0.w] }
      case .floatArray(let values): values
      case .data, .image, .boundingRect: []
      }
    return components.first { !$0.isFinite }
  }
}
