import Foundation

/// A keyframe joined to its neighbours by a cubic Hermite segment; runs of them form a
/// Catmull-Rom spline.
///
/// On `[T0, T1]` with `h = T1 − T0`, `s = (t − T0) / h`, the value is
/// `(2s³ − 3s² + 1) p0 + (s³ − 2s² + s) h m0 + (−2s³ + 3s²) p1 + (s³ − s²) h m1`, where `p0` is
/// the value the previous keyframe ended with and `p1 = to`. Tangents (value units per second),
/// where SwiftUI is silent, are chosen so the velocity is continuous wherever it can be:
/// - `m0` is `startVelocity` if given, else the velocity the previous keyframe ended with
///   (a previous cubic's `m1`, a linear or spring keyframe's actual end velocity, 0 after a
///   move or at the start of the track);
/// - `m1` is `endVelocity` if given, else, by the next keyframe: a cubic or spring with a
///   `startVelocity` → that velocity; a cubic or spring without → the Catmull-Rom tangent
///   `(p_next − p0) / (T_next − T0)`; a linear keyframe → its start velocity; a move or the end
///   of the track → 0 (the value then holds, so the velocity stays continuous).
///
/// Source: Apple, SwiftUI documentation, "CubicKeyframe"
/// (https://developer.apple.com/documentation/swiftui/cubickeyframe); E. Catmull, R. Rom,
/// "A class of local interpolating splines" (1974); Documentation/Semantics.md §7.
public struct CubicKeyframe<Value: VectorArithmetic>: KeyframeTrackContent {
  /// The value at the end of the segment.
  public let to: Value

  /// The length of the segment that ends at `to`, in seconds.
  public let duration: TimeInterval

  /// The velocity at the start of the segment (value units per second), or `nil`.
  public let startVelocity: Value?

  /// The velocity at the end of the segment (value units per second), or `nil`.
  public let endVelocity: Value?

  /// Creates a cubic keyframe that reaches `to` after `duration` seconds.
  ///
  /// - Parameters:
  ///   - to: The value at the end of the segment.
  ///   - duration: Seconds, finite and ≥ 0.
  ///   - startVelocity: Value units per second, or `nil` (default) to derive it.
  ///   - endVelocity: Value units per second, or `nil` (default) to derive it.
  /// - Precondition: `duration` is finite and ≥ 0; checked in release.
  public init(
    _ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil
  ) {
    precondition(duration.isFinite && duration >= 0, "keyframe duration must be finite and >= 0")
    self.to = to
    self.duration = duration
    self.startVelocity = startVelocity
    self.endVelocity = endVelocity
  }

  /// The keyframe in LayerFX's internal form.
  public var _keyframes: [_Keyframe<Value>] {
    [
      _Keyframe(
        value: to,
        kind: .cubic(duration: duration, startVelocity: startVelocity, endVelocity: endVelocity))
    ]
  }
}
