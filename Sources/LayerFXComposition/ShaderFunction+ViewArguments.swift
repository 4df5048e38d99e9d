import LayerFX
import LayerFXMath

extension ShaderFunction {
  /// Returns `named` with the arguments a view supplies that it leaves out: each `float2`
  /// view-size parameter (``ShaderFunction/Role/viewSize``) set to `sizeInPoints`, as SwiftUI
  /// passes a view's bounds, and each `float2` position parameter
  /// (``ShaderFunction/Role/position``, such as the ripple's `origin` or the twirl's `center`)
  /// set to the image's centre, `sizeInPoints / 2`.
  ///
  /// So every built-in kernel runs on any image with no argument given: how `layerfx apply` and
  /// `render` fill them in, and what a debug config does for an effect without taps
  /// (Documentation/Semantics.md §1.2).
  ///
  /// - Parameters:
  ///   - named: The arguments given, by parameter name.
  ///   - sizeInPoints: The size of the image rendered, points.
  /// - Returns: `named`, then the supplied arguments in parameter order.
  public func withViewArguments(
    _ named: [(name: String, value: Shader.Argument)], sizeInPoints: float2
  ) -> [(name: String, value: Shader.Argument)] {
    var named = named
    for parameter in parameters
    where parameter.type == .float2 && !named.contains(where: { $0.name == parameter.name }) {
      switch parameter.role {
      case .viewSize?: named.append((parameter.name, .float2(sizeInPoints)))
      case .position?: named.append((parameter.name, .float2(sizeInPoints / 2)))
      default: break
      }
    }
    return named
  }
}

extension AnimatedEffect {
  /// Returns the effect with the view's arguments it leaves out supplied for an image of
  /// `sizeInPoints` (``LayerFX/ShaderFunction/withViewArguments(_:sizeInPoints:)``).
  public func withViewArguments(sizeInPoints: float2) -> AnimatedEffect {
    var effect = self
    effect.arguments = function.withViewArguments(arguments, sizeInPoints: sizeInPoints)
    return effect
  }
}
