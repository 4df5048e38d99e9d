import Foundation

/// A set of keyframe tracks that animate parts of a `Value`; ``KeyframeTrack`` conforms.
///
/// Source: Apple, SwiftUI documentation, "Keyframes"
/// (https://developer.apple.com/documentation/swiftui/keyframes).
public protocol Keyframes<Value>: Sendable {
  /// The type of the whole animated value.
  associatedtype Value

  /// Resolves the tracks for a timeline that starts at `initialValue` (an implementation
  /// detail of ``KeyframeTimeline``).
  ///
  /// - Throws: ``KeyframeError``.
  func _resolve(initialValue: Value, track: Int) throws(KeyframeError) -> _ResolvedKeyframes<Value>
}

/// A resolved track as seen by ``KeyframeTimeline``: its duration and how it writes its value
/// into the whole value at a time.
public struct _ResolvedKeyframes<Value>: Sendable {
  @usableFromInline
  let duration: TimeInterval

  @usableFromInline
  let apply: @Sendable (TimeInterval, inout Value) -> Void

  @usableFromInline
  init(duration: TimeInterval, apply: @escaping @Sendable (TimeInterval, inout Value) -> Void) {
    self.duration = duration
    self.apply = apply
  }
}

/// The result builder behind `KeyframeTimeline(initialValue:) { … }`: tracks in order, with
/// `if`, `if/else` and `for` allowed.
///
/// Source: Apple, "KeyframesBuilder"
/// (https://developer.apple.com/documentation/swiftui/keyframesbuilder).
@resultBuilder
public enum KeyframesBuilder<Value> {
  /// Accepts one track.
  public static func buildExpression<Track: Keyframes>(_ track: Track) -> [any Keyframes<Value>]
  where Track.Value == Value {
    [track]
  }

  /// Concatenates the tracks of a block in order.
  public static func buildBlock(_ parts: [any Keyframes<Value>]...) -> [any Keyframes<Value>] {
    parts.flatMap { $0 }
  }

  /// Keeps the tracks of an `if` without `else` when its condition holds.
  public static func buildOptional(_ part: [any Keyframes<Value>]?) -> [any Keyframes<Value>] {
    part ?? []
  }

  /// Keeps the tracks of the taken `if` branch.
  public static func buildEither(first part: [any Keyframes<Value>]) -> [any Keyframes<Value>] {
    part
  }

  /// Keeps the tracks of the taken `else` branch.
  public static func buildEither(second part: [any Keyframes<Value>]) -> [any Keyframes<Value>] {
    part
  }

  /// Concatenates the tracks of every iteration of a `for` loop.
  public static func buildArray(_ parts: [[any Keyframes<Value>]]) -> [any Keyframes<Value>] {
    parts.flatMap { $0 }
  }
}
