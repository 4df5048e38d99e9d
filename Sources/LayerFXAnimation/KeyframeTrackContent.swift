import Foundation

/// A keyframe, or a group of keyframes, that can appear in a ``KeyframeTrack``.
///
/// ``MoveKeyframe``, ``LinearKeyframe``, ``SpringKeyframe`` and ``CubicKeyframe`` conform.
///
/// Source: Apple, SwiftUI documentation, "KeyframeTrackContent"
/// (https://developer.apple.com/documentation/swiftui/keyframetrackcontent).
public protocol KeyframeTrackContent<Value>: Sendable {
  /// The animated value type.
  associatedtype Value: VectorArithmetic

  /// The keyframes in playing order (an implementation detail of the builder).
  var _keyframes: [_Keyframe<Value>] { get }
}

/// One keyframe in LayerFX's internal form; built only by the four keyframe types.
public struct _Keyframe<Value: VectorArithmetic>: Sendable {
  @usableFromInline
  enum Kind: Sendable {
    case move
    case linear(duration: TimeInterval, curve: UnitCurve)
    case spring(duration: TimeInterval?, spring: Spring, startVelocity: Value?)
    case cubic(duration: TimeInterval, startVelocity: Value?, endVelocity: Value?)
  }

  @usableFromInline
  let value: Value

  @usableFromInline
  let kind: Kind

  @usableFromInline
  init(value: Value, kind: Kind) {
    self.value = value
    self.kind = kind
  }
}

/// The result builder behind `KeyframeTrack { … }`: keyframes in order, with `if`, `if/else`
/// and `for` allowed.
///
/// Source: Apple, "KeyframeTrackContentBuilder"
/// (https://developer.apple.com/documentation/swiftui/keyframetrackcontentbuilder).
@resultBuilder
public enum KeyframeTrackContentBuilder<Value: VectorArithmetic> {
  /// Accepts one keyframe or group of keyframes.
  public static func buildExpression<Content: KeyframeTrackContent>(
    _ content: Content
  ) -> [_Keyframe<Value>] where Content.Value == Value {
    content._keyframes
  }

  /// Concatenates the keyframes of a block in order.
  public static func buildBlock(_ parts: [_Keyframe<Value>]...) -> [_Keyframe<Value>] {
    parts.flatMap { $0 }
  }

  /// Keeps the keyframes of an `if` without `else` when its condition holds.
  public static func buildOptional(_ part: [_Keyframe<Value>]?) -> [_Keyframe<Value>] {
    part ?? []
  }

  /// Keeps the keyframes of the taken `if` branch.
  public static func buildEither(first part: [_Keyframe<Value>]) -> [_Keyframe<Value>] { part }

  /// Keeps the keyframes of the taken `else` branch.
  public static func buildEither(second part: [_Keyframe<Value>]) -> [_Keyframe<Value>] { part }

  /// Concatenates the keyframes of every iteration of a `for` loop.
  public static func buildArray(_ parts: [[_Keyframe<Value>]]) -> [_Keyframe<Value>] {
    parts.flatMap { $0 }
  }
}
