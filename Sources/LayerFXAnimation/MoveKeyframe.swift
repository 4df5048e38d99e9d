import Foundation

/// A keyframe that jumps to a value without interpolating.
///
/// It takes no time: the track has the new value from the moment the previous keyframe ends
/// (at exactly that time, the new value wins). The velocity after a move is zero (SwiftUI does
/// not say; a jump has no meaningful velocity, and zero lets a following spring start at rest).
///
/// Source: Apple, SwiftUI documentation, "MoveKeyframe"
/// (https://developer.apple.com/documentation/swiftui/movekeyframe); Documentation/Semantics.md §7.
public struct MoveKeyframe<Value: VectorArithmetic>: KeyframeTrackContent {
  /// The value jumped to.
  public let to: Value

  /// Creates a keyframe that jumps to `to`.
  ///
  /// - Parameter to: The new value.
  public init(_ to: Value) { self.to = to }

  /// The keyframe in LayerFX's internal form.
  public var _keyframes: [_Keyframe<Value>] { [_Keyframe(value: to, kind: .move)] }
}
