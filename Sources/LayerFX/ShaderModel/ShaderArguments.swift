import LayerFXMath

/// A shader's arguments checked against its function's parameters, one per parameter, read by
/// name.
///
/// Made when a shader is prepared: positional arguments fill the parameters in order, named ones
/// by name, defaults the rest; then each is checked for type, finiteness and its parameter's
/// valid range, and `boundingRect` resolves to `float4(0, 0, width, height)` in points. After
/// that every value is known to fit, so kernels read them without further checks.
public struct ShaderArguments: Sendable {
  /// The function's parameters, in order.
  public let parameters: [ShaderFunction.Parameter]
  /// The checked value of each parameter, in the same order.
  public let values: [Shader.Argument]
  let functionName: String

  /// No arguments, for a function without parameters.
  init() {
    parameters = []
    values = []
    functionName = "kernel"
  }

  init(
    checking positional: [Shader.Argument], named: [(name: String, value: Shader.Argument)],
    against function: ShaderFunction, sizeInPoints: float2
  ) throws(ShaderArgumentError) {
    let parameters = function.parameters
    let names = parameters.map(\.name)
    guard positional.count <= parameters.count else {
      throw .tooManyArguments(function: function.name, parameters: names, actual: positional.count)
    }
    var given =
      positional.map(Optional.some)
      + [Shader.Argument?](repeating: nil, count: parameters.count - positional.count)
    for (name, value) in named {
      guard let index = names.firstIndex(of: name) else {
        throw .unknownParameter(
          function: function.name, name: name, suggestion: closestName(to: name, among: names),
          parameters: names)
      }
      guard given[index] == nil else {
        throw .duplicateArgument(function: function.name, parameter: name)
      }
      given[index] = value
    }
    var images = 0
    var resolved: [Shader.Argument] = []
    for (argument, parameter) in zip(given, parameters) {
      guard let argument = argument ?? parameter.defaultValue else {
        throw .missingArgument(
          function: function.name, parameter: parameter.name, type: parameter.type)
      }
      try Self.check(argument, against: parameter, function: function.name)
      if case .image = argument { images += 1 }
      if case .boundingRect = argument {
        resolved.append(.float4(LayerFXMath.float4(0, 0, sizeInPoints.x, sizeInPoints.y)))
      } else {
        resolved.append(argument)
      }
    }
    guard images <= 1 else { throw .tooManyImages(function: function.name, count: images) }
    self.parameters = parameters
    self.values = resolved
    self.functionName = function.name
  }

  /// Checks one argument as a prepared shader does: its type, that every component is finite,
  /// and that each lies in the parameter's valid range.
  ///
  /// - Parameters:
  ///   - argument: The value given.
  ///   - parameter: The parameter it is given to.
  ///   - function: The function's name, for the error.
  /// - Throws: ``ShaderArgumentError/wrongType(function:parameter:expected:actual:)``,
  ///   ``ShaderArgumentError/notFinite(function:parameter:value:)`` or
  ///   ``ShaderArgumentError/outOfRange(function:parameter:value:range:unit:)``, for the first
  ///   problem found in that order.
  public static func check(
    _ argument: Shader.Argument, against parameter: ShaderFunction.Parameter, function: String
  ) throws(ShaderArgumentError) {
    guard argument.type == parameter.type else {
      throw .wrongType(
        function: function, parameter: parameter.name, expected: parameter.type,
        actual: argument.type)
    }
    let components = argument.components
    if let bad = components.first(where: { !$0.isFinite }) {
      throw .notFinite(function: function, parameter: parameter.name, value: bad)
    }
    if let range = parameter.validRange, let bad = components.first(where: { !range.contains($0) })
    {
      throw .outOfRange(
        function: function, parameter: parameter.name, value: bad, range: range,
        unit: parameter.unit)
    }
  }

  /// Returns the argument of the parameter called `name`.
  ///
  /// - Throws: ``ShaderArgumentError/unknownParameter(function:name:suggestion:parameters:)`` if
  ///   the function has no such parameter.
  public func argument(_ name: String) throws(ShaderArgumentError) -> Shader.Argument {
    guard let index = parameters.firstIndex(where: { $0.name == name }) else {
      let names = parameters.map(\.name)
      throw .unknownParameter(
        function: functionName, name: name, suggestion: closestName(to: name, among: names),
        parameters: names)
    }
    return values[index]
  }

  /// Returns the `float` argument called `name`.
  ///
  /// - Throws: ``ShaderArgumentError`` if there is no such parameter or it is not a `float`.
  public func float(_ name: String) throws(ShaderArgumentError) -> Float {
    let argument = try argument(name)
    guard case .float(let value) = argument else { throw mismatch(name, .float, argument) }
    return value
  }

  /// Returns the `float2` argument called `name`.
  ///
  /// - Throws: ``ShaderArgumentError`` if there is no such parameter or it is not a `float2`.
  public func float2(_ name: String) throws(ShaderArgumentError) -> LayerFXMath.float2 {
    let argument = try argument(name)
    guard case .float2(let value) = argument else { throw mismatch(name, .float2, argument) }
    return value
  }

  /// Returns the `float4` argument called `name` (a `boundingRect` resolved to points).
  ///
  /// - Throws: ``ShaderArgumentError`` if there is no such parameter or it is not a `float4`.
  public func float4(_ name: String) throws(ShaderArgumentError) -> LayerFXMath.float4 {
    let argument = try argument(name)
    guard case .float4(let value) = argument else { throw mismatch(name, .float4, argument) }
    return value
  }

  /// Returns the premultiplied colour argument called `name`.
  ///
  /// - Throws: ``ShaderArgumentError`` if there is no such parameter or it is not a colour.
  public func color(_ name: String) throws(ShaderArgumentError) -> half4 {
    let argument = try argument(name)
    guard case .color(let value) = argument else { throw mismatch(name, .color, argument) }
    return value
  }

  /// Returns the image argument called `name`.
  ///
  /// - Throws: ``ShaderArgumentError`` if there is no such parameter or it is not an image.
  public func image(_ name: String) throws(ShaderArgumentError) -> Image {
    let argument = try argument(name)
    guard case .image(let value) = argument else { throw mismatch(name, .image, argument) }
    return value
  }

  private func mismatch(
    _ name: String, _ type: Shader.ArgumentType, _ argument: Shader.Argument
  ) -> ShaderArgumentError {
    .wrongType(function: functionName, parameter: name, expected: type, actual: argument.type)
  }
}

extension Shader.Argument {
  /// The float components, in order (arrays included; none for data and images): what the
  /// finiteness and range checks look at, and how tools print a value.
  public var components: [Float] {
    switch self {
    case .float(let x): [x]
    case .float2(let v): [v.x, v.y]
    case .float3(let v): [v.x, v.y, v.z]
    case .float4(let v), .color(let v): [v.x, v.y, v.z, v.w]
    case .colorArray(let colors): colors.flatMap { [$0.x, $0.y, $0.z, $0.w] }
    case .floatArray(let values): values
    case .data, .image, .boundingRect: []
    }
  }
}
