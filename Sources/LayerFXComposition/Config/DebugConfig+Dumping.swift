import LayerFX
import LayerFXMath

extension DebugConfig {
  /// One function a dumped config holds: the function, its `kernel` text as a config names it
  /// (a built-in's name, or `FILE.metal:FUNCTION` with an absolute path), the arguments given
  /// and the effect's own `maxSampleOffset`.
  public typealias DumpEntry = (
    function: ShaderFunction, kernel: String, arguments: [(name: String, value: Shader.Argument)],
    maxSampleOffset: float2?
  )

  /// Creates the complete config of `entries`, every parameter at its given value or default.
  ///
  /// Each effect becomes one of ``effects``, in order; a fill becomes the ``input``,
  /// `width` × `height` pixels, replacing `input`. The output is one frame at `time` to `path`,
  /// unless the one fill drawn alone has no time parameter (then `time` is left out).
  ///
  /// A `float` argument given to an animatable parameter is its value, as the decoder keeps it;
  /// anything else (a clock given a value, a `float2`, an image) is a fixed argument.
  ///
  /// - Parameters:
  ///   - entries: The functions, each with the arguments given.
  ///   - input: The input when no entry is a fill.
  ///   - width: A fill's width, pixels.
  ///   - height: A fill's height, pixels.
  ///   - time: The frame's time, seconds.
  ///   - path: The output path.
  public init(
    dumping entries: [DumpEntry], input: Input, width: Int, height: Int, time: Double,
    path: String
  ) {
    var input = input
    var effects: [Effect] = []
    for entry in entries {
      let function = entry.function
      guard function.kind == .fill else {
        var effect = Effect(function, kernel: entry.kernel)
        effect.maxSampleOffset = entry.maxSampleOffset
        for (parameter, value) in entry.arguments {
          if case .float(let number) = value, effect.values.contains(parameter),
            function.parameter(role: .timeSinceTrigger)?.name != parameter
          {
            effect.values[parameter] = Double(number)
          } else {
            effect.arguments.append((parameter, value))
          }
        }
        effects.append(effect)
        continue
      }
      let defaults = function.parameters.compactMap { parameter in
        parameter.role == nil && !entry.arguments.contains { $0.name == parameter.name }
          ? parameter.defaultValue.map { (parameter.name, $0) } : nil
      }
      input = .fill(
        function, arguments: defaults + entry.arguments, width: width, height: height,
        kernel: entry.kernel)
    }
    var output = Output()
    output.path = path
    // A frame time, unless the one fill drawn alone has no clock to give it to.
    if case .fill(let function, _, _, _, _) = input, effects.isEmpty,
      function.parameter(role: .timeSinceTrigger) == nil
    {
      output.time = nil
    } else {
      output.time = time
    }
    self.init(input: input, effects: effects, output: output)
  }
}
