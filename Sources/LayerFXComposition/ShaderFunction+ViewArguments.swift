import LayerFX
import LayerFXMath

extension ShaderFunction.Parameter {
  /// What a view supplies for a parameter left out, on the command line and in debug configs
  /// (Documentation/Semantics.md §1.2).
  public enum ViewArgument: String, Sendable {
    /// The image's size in points, for a `float2` view-size parameter (role `viewSize`).
    case imageSize
    /// The image's centre in points, for a `float2` position parameter (role `position`).
    case imageCentre

    /// The value, points, for an image of `sizeInPoints` (points): the size, or half of it.
    public func value(sizeInPoints: float2) -> float2 {
      switch self {
      case .imageSize: sizeInPoints
      case .imageCentre: sizeInPoints / 2
      }
    }
  }

  /// The view's argument this parameter takes when left out, if any: `float2` parameters whose
  /// role is `viewSize` or `position`.
  public var viewArgument: ViewArgument? {
    guard type == .float2 else { return nil }
    switch role {
    case .viewSize?: return .imageSize
    case .position?: return .imageCentre
    default: return nil
    }
  }
}

extension ShaderFunction {
  /// Returns `named` with the arguments a view supplies that it leaves out
  /// (``ShaderFunction/Parameter/viewArgument``): each view-size parameter set to
  /// `sizeInPoints`, as SwiftUI passes a view's bounds, and each position parameter (such as
  /// the ripple's `origin` or the twirl's `center`) set to the image's centre,
  /// `sizeInPoints / 2`.
  ///
  /// So every built-in kernel runs on any image with no argument given: how `layerfx apply` and
  /// `render` fill them in (Documentation/Semantics.md §1.2).
  ///
  /// - Parameters:
  ///   - named: The arguments given, by parameter name.
  ///   - sizeInPoints: The size of the image rendered, points.
  /// - Returns: `named`, then the supplied arguments in parameter order.
  public func withViewArguments(
    _ named: [(name: String, value: Shader.Argument)], sizeInPoints: float2
  ) -> [(name: String, value: Shader.Argument)] {
    var named = named
    for parameter in parameters where !named.contains(where: { $0.name == parameter.name }) {
      if let supplied = parameter.viewArgument {
        named.append((parameter.name, .float2(supplied.value(sizeInPoints: sizeInPoints))))
      }
    }
    return named
  }
}

extension AnimatedEffect {
  /// Returns the effect with the view's arguments it leaves out supplied for an image of
  /// `sizeInPoints` (`LayerFX.ShaderFunction.withViewArguments(_:sizeInPoints:)`).
  public func withViewArguments(sizeInPoints: float2) -> AnimatedEffect {
    var effect = self
    effect.arguments = function.withViewArguments(arguments, sizeInPoints: sizeInPoints)
    return effect
  }
}
