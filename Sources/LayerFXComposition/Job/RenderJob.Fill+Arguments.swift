import LayerFX
import LayerFXMath

extension RenderJob.Fill {
  /// A fill of `function` over a `width` × `height` image: the arguments `given`, then
  /// `defaults` for the parameters they leave out (a config's), then the view's size and
  /// position (Semantics §1.2); on the clock, its clock parameter
  /// (`ShaderFunction.clockParameter(named:)`) is driven unless an argument gives it.
  ///
  /// - Parameters:
  ///   - function: A fill function.
  ///   - given: The arguments given first (a command line's), which win.
  ///   - defaults: Arguments for the parameters `given` leaves out.
  ///   - timeParameter: The `float` parameter to drive instead of the time-since-trigger one.
  ///   - isOnClock: Whether a time or frame rate drives the clock parameter.
  ///   - width: Pixels, ≥ 1.
  ///   - height: Pixels, ≥ 1.
  ///   - scale: Pixels per point, > 0.
  public init(
    _ function: ShaderFunction, given: [(name: String, value: Shader.Argument)],
    defaults: [(name: String, value: Shader.Argument)], timeParameter: String?, isOnClock: Bool,
    width: Int, height: Int, scale: Float
  ) {
    var named = given
    for argument in defaults where !named.contains(where: { $0.name == argument.name }) {
      named.append(argument)
    }
    var clock: String?
    if isOnClock, let parameter = function.clockParameter(named: timeParameter),
      !named.contains(where: { $0.name == parameter })
    {
      clock = parameter
    }
    let sizeInPoints = float2(Float(width), Float(height)) / scale
    self.init(
      function, arguments: function.withViewArguments(named, sizeInPoints: sizeInPoints),
      clockParameter: clock, width: width, height: height, scale: scale)
  }
}
