import LayerFX
import LayerFXMath

extension DebugConfig {
  /// One function a dumped config holds: the function, its `kernel` text as a config names it
  /// (a built-in's name, or `FILE.metal:FUNCTION` with an absolute path), the arguments given,
  /// the PNG file of each image argument among them (absolute paths, by parameter) and the
  /// effect's own `maxSampleOffset`.
  public typealias DumpEntry = (
    function: ShaderFunction, kernel: String, arguments: [(name: String, value: Shader.Argument)],
    imagePaths: [String: String], maxSampleOffset: float2?
  )

  /// Refuses to dump `function` when a parameter has neither a declared default nor a value,
  /// or when it needs a `maxSampleOffset` and has none.
  ///
  /// A `.metal` function declares no defaults and no offset; a dumped config checks and
  /// renders as printed, so no value is invented. Parameters a view supplies (a role) need
  /// none.
  ///
  /// - Parameters:
  ///   - function: The function to dump.
  ///   - given: The arguments given to it.
  ///   - name: The function as written (`NAME` or `FILE.metal:FUNCTION`), named in the error.
  ///   - maxSampleOffset: The effect's own offset given with it (`maxSampleOffset=X,Y`).
  /// - Throws: ``DumpError/missingValues(kernel:parameters:)``, then
  ///   ``DumpError/missingOffset(kernel:kind:)``.
  public static func checkDumpable(
    _ function: ShaderFunction, given: [(name: String, value: Shader.Argument)], name: String,
    maxSampleOffset: float2?
  ) throws(DumpError) {
    let missing = function.parameters.filter { parameter in
      parameter.role == nil && parameter.defaultValue == nil
        && !given.contains { $0.name == parameter.name }
    }.map(\.name)
    guard missing.isEmpty else { throw .missingValues(kernel: name, parameters: missing) }
    if function.requiresMaxSampleOffset && maxSampleOffset == nil {
      throw .missingOffset(kernel: name, kind: function.kind)
    }
  }

  /// Creates the complete config of `entries`, every parameter at its given value or default.
  ///
  /// Each effect becomes one of ``effects``, in order; a fill becomes the ``input``,
  /// `width` × `height` pixels, replacing `input`. The output is one frame at `time` to `path`,
  /// unless the one fill drawn alone has no time parameter (then `time` is left out). When a
  /// kernel runs on the clock (its time parameter not given), `layerfx tune` previews it at
  /// `previewTimes`.
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
  ///   - previewTimes: The times `layerfx tune` previews, seconds (`debug.previewTimes`).
  ///   - path: The output path.
  public init(
    dumping entries: [DumpEntry], input: Input, width: Int, height: Int, time: Double,
    previewTimes: [Double], path: String
  ) {
    var input = input
    var effects: [Effect] = []
    // Whether the fill's time parameter is left to the clock (an effect's: `Effect.clock`).
    var fillRunsOnClock = false
    for entry in entries {
      let function = entry.function
      guard function.kind == .fill else {
        var effect = Effect(function, kernel: entry.kernel)
        effect.maxSampleOffset = entry.maxSampleOffset
        effect.imagePaths = entry.imagePaths
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
      if let clock = function.parameter(role: .timeSinceTrigger)?.name {
        fillRunsOnClock = !entry.arguments.contains { $0.name == clock }
      }
      let defaults = function.parameters.compactMap { parameter in
        parameter.role == nil && !entry.arguments.contains { $0.name == parameter.name }
          ? parameter.defaultValue.map { (parameter.name, $0) } : nil
      }
      input = .fill(
        function, arguments: defaults + entry.arguments, width: width, height: height,
        kernel: entry.kernel, imagePaths: entry.imagePaths)
    }
    var output = Output()
    output.path = path
    // A frame time, unless the one fill drawn alone has no clock to give it to.
    if case .fill(let function, _, _, _, _, _) = input, effects.isEmpty,
      function.parameter(role: .timeSinceTrigger) == nil
    {
      output.time = nil
    } else {
      output.time = time
    }
    self.init(input: input, effects: effects, output: output)
    if fillRunsOnClock || effects.contains(where: { $0.clock != nil }) {
      debug.previewTimes = previewTimes
    }
  }
}
