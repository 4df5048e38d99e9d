import LayerFX
import LayerFXMath

/// Animated effects applied in order, as stacked SwiftUI modifiers: the first effect innermost.
///
/// At time `t` the chain's passes are each effect's passes at `t`
/// (``AnimatedEffect/passes(at:sizeInPoints:)``), effect after effect. ``ChainRenderer`` runs
/// them: each pass reads the previous pass's output after the premultiplied clamp, padded by its
/// own `maxSampleOffset`.
///
/// Source: `Documentation/Semantics.md` §3 (the clamp between stacked effects), §4 (padding).
public struct EffectChain: Sendable {
  /// The effects, innermost first.
  public var effects: [AnimatedEffect]

  /// Creates a chain.
  ///
  /// - Parameter effects: The effects, innermost first.
  public init(_ effects: [AnimatedEffect]) {
    self.effects = effects
  }

  /// Returns every pass at `time`, in the order they run.
  ///
  /// - Parameters:
  ///   - time: Seconds on the chain's clock.
  ///   - sizeInPoints: The size of the image the passes render, points.
  /// - Returns: The prepared shaders; empty when no effect draws.
  /// - Throws: `ShaderArgumentError` for an argument that does not fit its function.
  public func passes(at time: Double, sizeInPoints: float2) throws(ShaderArgumentError)
    -> [PreparedShader]
  {
    var passes: [PreparedShader] = []
    for effect in effects {
      passes += try effect.passes(at: time, sizeInPoints: sizeInPoints)
    }
    return passes
  }

  /// When the last replay of any effect ends, seconds (0 for a chain without animation).
  public var endTime: Double { effects.map(\.endTime).max() ?? 0 }

  /// How long an animation of the chain lasts when no duration or frame count is given:
  /// ``endTime``, or ``stillAnimationLength`` for a chain that nothing animates (every frame
  /// the same), as the command line's `--duration` and a fill's animation default to.
  public var animationLength: Double { endTime > 0 ? endTime : Self.stillAnimationLength }

  /// The length of an animation of a chain that nothing animates, seconds: 3, `--duration`'s
  /// default (the ripple's duration).
  public static let stillAnimationLength: Double = 3
}
