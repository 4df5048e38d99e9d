import LayerFX
import LayerFXAnimation

extension ParameterValues {
  /// Creates the animatable values of `function`: each `float` parameter with a default, by
  /// name, in declaration order, at that default, and its time-since-trigger `float` parameter
  /// at 0 when it has none (a `.metal` function's `time`), since the clock drives it.
  ///
  /// These are the names a ``KeyframesConfig`` document's tracks may use for the function and
  /// the values a track starts from; the declaration is the only source of names and defaults.
  ///
  /// - Parameter function: The shader function.
  public init(defaultsOf function: ShaderFunction) {
    var names: [String] = []
    var values: [Double] = []
    for parameter in function.parameters {
      guard parameter.type == .float else { continue }
      if case .float(let value)? = parameter.defaultValue {
        names.append(parameter.name)
        values.append(Double(value))
      } else if parameter.role == .timeSinceTrigger {
        names.append(parameter.name)
        values.append(0)
      }
    }
    self.init(names: names, values: values)
  }
}
