import LayerFX
import LayerFXMath

extension ShaderFunction {
  /// Returns `named` with each `float2` view-size parameter it leaves out set to
  /// `sizeInPoints`, as SwiftUI passes a view's bounds.
  func withViewSize(
    _ named: [(name: String, value: Shader.Argument)], sizeInPoints: float2
  ) -> [(name: String, value: Shader.Argument)] {
    var named = named
    for parameter in parameters
    where parameter.role == .viewSize && parameter.type == .float2
      && !named.contains(where: { $0.name == parameter.name })
    {
      named.append((parameter.name, .float2(sizeInPoints)))
    }
    return named
  }
}
