import LayerFX
import LayerFXMath

extension AnimatedEffect {
  /// The keyframe track among `names` that a failure of this effect at `time` is about.
  ///
  /// An error can then name it (`keyframes.amplitude`): the parameter an argument error names,
  /// or, when the passes fail `check` (a padded size too large), the first track whose
  /// parameter held at 0 lets every pass at `time` pass it, the track that sets the offset (the
  /// ripple's amplitude). The clock's track is never the one: at 0 the effect draws nothing.
  ///
  /// - Parameters:
  ///   - error: What ``passes(at:sizeInPoints:)`` or `check` threw at `time`.
  ///   - names: The parameters that have tracks.
  ///   - time: The time it failed at, seconds.
  ///   - sizeInPoints: The input's size, points.
  ///   - check: The check the passes failed.
  /// - Returns: One of `names`, or `nil` when none is found.
  /// - Complexity: O(`names.count`) evaluations of the passes at `time`; no pixel is rendered.
  func trackAtFault(
    of error: any Error, names: [String], time: Double, sizeInPoints: float2,
    check: ([PreparedShader]) throws -> Void
  ) -> String? {
    switch error {
    case ShaderArgumentError.notFinite(_, let parameter, _),
      ShaderArgumentError.outOfRange(_, let parameter, _, _, _):
      return names.contains(parameter) ? parameter : nil
    case is ShaderArgumentError:
      return nil
    default:
      let clock = parameterName(role: .timeSinceTrigger)
      return names.first { name in
        guard name != clock else { return false }
        var held = self
        held.arguments.append((name, .float(0)))
        return (try? check(held.passes(at: time, sizeInPoints: sizeInPoints))) != nil
      }
    }
  }
}
