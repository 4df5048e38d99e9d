import LayerFX
import LayerFXAnimation

extension ParameterValues {
  /// Creates the animatable values of `function`: each `float` parameter with a default, by
  /// name, in declaration order, at that default.
  ///
  /// These are the names a ``KeyframesConfig`` document's tracks may use for the function and
  /// the values a track starts from; the declaration is the only source of names and defaults.
  ///
  /// - Parameter function: The shader function.
  public init(defaultsOf function: ShaderFunction) {
    var names: [String] = []
    var values: [Double] = []
    for parameter in function.parameters {
      guard parameter.type == .float, case .float(let value)? = parameter.defaultValue else {
        continue
      }
      names.append(parameter.name)
      values.append(Double(value))
    }
    self.init(names: names, values: values)
  }
}
