import Foundation
import LayerFXMath

/// A sequence of keyframes that animates one property of a `Root` value, picked by key path.
///
/// ```swift
/// KeyframeTrack(ParameterValues.keyPath("amplitude")) {
///   MoveKeyframe(12)
///   SpringKeyframe(4, duration: 0.5, spring: .bouncy)
/// }
/// ```
/// A keyframe's duration is the segment that ends at its value; the track starts at time 0
/// from the property's value in the timeline's initial value, at rest, and holds its last value
/// after it ends.
///
/// Source: Apple, SwiftUI documentation, "KeyframeTrack"
/// (https://developer.apple.com/documentation/swiftui/keyframetrack); Documentation/Semantics.md §7.
public struct KeyframeTrack<Root, Value: VectorArithmetic>: Keyframes {
  /// The animated property.
  public let keyPath: WritableKeyPath<Root, Value> & Sendable

  @usableFromInline
  let keyframes: [_Keyframe<Value>]

  /// Creates a track that animates the property at `keyPath`.
  ///
  /// - Parameters:
  ///   - keyPath: The property, e.g. `\.amplitude`.
  ///   - content: The keyframes, in playing order.
  public init(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable,
    @KeyframeTrackContentBuilder<Value> content: () -> [_Keyframe<Value>]
  ) {
    self.keyPath = keyPath
    self.keyframes = content()
  }

  /// Resolves the track against the timeline's initial value.
  ///
  /// - Throws: ``KeyframeError/springNeverSettles(track:keyframe:)``;
  ///   ``KeyframeError/unknownParameter(track:name:suggestion:parameters:)`` for a
  ///   ``ParameterValues/keyPath(_:)`` whose name the initial value lacks.
  public func _resolve(initialValue: Root, track: Int) throws(KeyframeError)
    -> _ResolvedKeyframes<Root>
  {
    if let values = initialValue as? ParameterValues,
      let name = values.unknownName(at: keyPath)
    {
      throw .unknownParameter(
        track: track, name: name, suggestion: closestName(to: name, among: values.names),
        parameters: values.names)
    }
    let durations = try ResolvedKeyframeTrack.durations(of: keyframes, track: track)
    return resolved(initialValue: initialValue, durations: durations)
  }

  /// Resolves the track with segment durations already checked.
  func resolved(initialValue: Root, durations: [TimeInterval]) -> _ResolvedKeyframes<Root> {
    let resolved = ResolvedKeyframeTrack(
      initialValue: initialValue[keyPath: keyPath], keyframes: keyframes, durations: durations)
    let keyPath = self.keyPath
    return _ResolvedKeyframes(duration: resolved.duration) { time, root in
      root[keyPath: keyPath] = resolved.value(time: time)
    }
  }
}

extension KeyframeTrack where Root == Value {
  /// Creates a track that animates the whole value (SwiftUI's `KeyframeTrack { … }`).
  ///
  /// - Parameter content: The keyframes, in playing order.
  public init(@KeyframeTrackContentBuilder<Value> content: () -> [_Keyframe<Value>]) {
    self.init(\Value.self, content: content)
  }
}
