import Foundation
import LayerFXAnimation

/// The decoded form of a ``KeyframesConfig`` document (format in ``KeyframesConfig``).
struct KeyframesConfigDocument: Decodable {
  /// The `userInfo` key of the decoder's parameter names (`[String]`): the keys a `keyframes`
  /// section may have, in track order.
  static let parameterNames = CodingUserInfoKey.layerFX("parameterNames")

  let version: Int
  /// The document's `duration`, seconds; `nil` when the key is absent.
  let duration: TimeInterval?
  /// The tracks in parameter order.
  let tracks: [(name: String, keyframes: [_Keyframe<Double>])]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ConfigKey.self)
    // A debug config (DebugConfig) has effects; it is not a keyframes document.
    guard !container.contains("effects") else {
      throw ConfigIssue(
        codingPath: [ConfigKey(stringValue: "effects")],
        .invalidValue("this is a debug config, not a keyframes document: give it with --config"))
    }
    try container.rejectUnknownKeys(allowed: ["version", "duration", "keyframes"])
    try container.checkVersion(1)
    version = 1
    duration = try container.finiteNumber("duration")
    if let duration {
      try container.check(duration > 0, "duration", "\(duration) must be > 0 seconds")
    }

    tracks = try Self.tracks(
      in: container, names: decoder.userInfo[Self.parameterNames] as? [String] ?? [])
  }

  /// Decodes the `keyframes` object of `container`, if present: one track per key, each key
  /// one of `names`, tracks in the order of `names`.
  ///
  /// - Throws: ``ConfigIssue`` for an unknown name (with a did-you-mean) or a bad keyframe.
  static func tracks(in container: KeyedDecodingContainer<ConfigKey>, names: [String]) throws
    -> [(name: String, keyframes: [_Keyframe<Double>])]
  {
    guard container.contains("keyframes") else { return [] }
    let section = try container.nestedContainer(keyedBy: ConfigKey.self, forKey: "keyframes")
    try section.rejectUnknownKeys(allowed: Set(names))
    var tracks: [(name: String, keyframes: [_Keyframe<Double>])] = []
    for name in names where section.contains(ConfigKey(stringValue: name)) {
      var list = try section.nestedUnkeyedContainer(forKey: ConfigKey(stringValue: name))
      var keyframes: [_Keyframe<Double>] = []
      while !list.isAtEnd { keyframes.append(try list.decode(KeyframeSpec.self).keyframe) }
      tracks.append((name, keyframes))
    }
    return tracks
  }

  /// The animated parameters in timeline order: the default clock first when there is no
  /// track for `clock`, then the document's tracks.
  func animatedNames(clock: String) -> [String] {
    (tracks.contains { $0.name == clock } ? [] : [clock]) + tracks.map(\.name)
  }

  /// Builds the timeline: the default clock unless a `time` track is given, then the tracks.
  ///
  /// - Parameters:
  ///   - initialValue: The parameters before any keyframe applies (where a track starts, and
  ///     the value of every property without a track).
  ///   - clock: The parameter the default clock drives when the document has no track for it.
  ///   - duration: The default clock's length in seconds.
  /// - Returns: The timeline each trigger replays.
  /// - Throws: ``KeyframeError`` for a duration-less spring that never settles.
  func timeline(initialValue: ParameterValues, clock: String, duration: TimeInterval)
    throws(KeyframeError) -> KeyframeTimeline<ParameterValues>
  {
    try Self.timeline(tracks, initialValue: initialValue, clock: clock, duration: duration)
  }

  /// Builds a timeline from decoded tracks: the default clock (0 to `duration` over `duration`
  /// seconds) unless `clock` is `nil` or has a track, then the tracks.
  ///
  /// - Throws: ``KeyframeError`` for a duration-less spring that never settles.
  static func timeline(
    _ tracks: [(name: String, keyframes: [_Keyframe<Double>])], initialValue: ParameterValues,
    clock: String?, duration: TimeInterval
  ) throws(KeyframeError) -> KeyframeTimeline<ParameterValues> {
    let hasClock = clock.map { clock in tracks.contains { $0.name == clock } } ?? true
    return try KeyframeTimeline(initialValue: initialValue) {
      if !hasClock, let clock {
        KeyframeTrack(ParameterValues.keyPath(clock)) {
          MoveKeyframe(0.0)
          LinearKeyframe(duration, duration: duration)
        }
      }
      for (name, keyframes) in tracks {
        KeyframeTrack(ParameterValues.keyPath(name)) { KeyframeList(_keyframes: keyframes) }
      }
    }
  }
}

/// Decoded keyframes, as track content.
private struct KeyframeList: KeyframeTrackContent {
  let _keyframes: [_Keyframe<Double>]
}

/// One keyframe object of a config document.
private struct KeyframeSpec: Decodable {
  let keyframe: _Keyframe<Double>

  private static let curves: [String: UnitCurve] = [
    "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
    "circularEaseIn": .circularEaseIn, "circularEaseOut": .circularEaseOut,
    "circularEaseInOut": .circularEaseInOut,
  ]

  private static let keys: [String: Set<String>] = [
    "move": ["type", "value"],
    "linear": ["type", "value", "duration", "curve"],
    "spring": ["type", "value", "duration", "springDuration", "bounce", "startVelocity"],
    "cubic": ["type", "value", "duration", "startVelocity", "endVelocity"],
  ]

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: ConfigKey.self)
    let type = try c.decode(String.self, forKey: "type")
    guard let allowed = Self.keys[type] else {
      throw ConfigIssue(
        codingPath: c.codingPath + [ConfigKey(stringValue: "type")],
        .invalidValue("unknown keyframe type \"\(type)\"; expected move, linear, spring or cubic"))
    }
    try c.rejectUnknownKeys(allowed: allowed)
    let value = try c.requiredFiniteNumber("value")
    let duration = try c.finiteNumber("duration")
    if let duration { try c.check(duration >= 0, "duration", "\(duration) must be ≥ 0 seconds") }
    switch type {
    case "move":
      keyframe = MoveKeyframe(value)._keyframes[0]
    case "linear":
      guard let duration else {
        throw ConfigIssue(codingPath: c.codingPath, .missingKey("duration"))
      }
      keyframe =
        LinearKeyframe(value, duration: duration, timingCurve: try Self.curve(c))._keyframes[0]
    case "spring":
      let springDuration = try c.finiteNumber("springDuration") ?? 0.5
      try c.check(springDuration > 0, "springDuration", "\(springDuration) must be > 0 seconds")
      let bounce = try c.finiteNumber("bounce") ?? 0
      try c.check(bounce > -1 && bounce <= 1, "bounce", "\(bounce) is outside (-1, 1]")
      keyframe =
        SpringKeyframe(
          value, duration: duration, spring: Spring(duration: springDuration, bounce: bounce),
          startVelocity: try c.finiteNumber("startVelocity")
        )._keyframes[0]
    default:
      guard let duration else {
        throw ConfigIssue(codingPath: c.codingPath, .missingKey("duration"))
      }
      keyframe =
        CubicKeyframe(
          value, duration: duration, startVelocity: try c.finiteNumber("startVelocity"),
          endVelocity: try c.finiteNumber("endVelocity")
        )._keyframes[0]
    }
  }

  /// Reads `curve`: a name, or `[x1, y1, x2, y2]` Bézier control points.
  private static func curve(_ c: KeyedDecodingContainer<ConfigKey>) throws -> UnitCurve {
    guard c.contains("curve") else { return .linear }
    if let name = try? c.decode(String.self, forKey: "curve") {
      guard let curve = curves[name] else {
        throw ConfigIssue(
          codingPath: c.codingPath + [ConfigKey(stringValue: "curve")],
          .invalidValue(
            "unknown curve \"\(name)\"; expected \(curves.keys.sorted().joined(separator: ", ")) "
              + "or [x1, y1, x2, y2]"))
      }
      return curve
    }
    guard let points = try? c.decode([Double].self, forKey: "curve") else {
      throw ConfigIssue(
        codingPath: c.codingPath + [ConfigKey(stringValue: "curve")],
        .typeMismatch("a curve name or [x1, y1, x2, y2]"))
    }
    try c.check(
      points.count == 4 && points.allSatisfy(\.isFinite) && (0...1).contains(points[0])
        && (0...1).contains(points[2]), "curve",
      "Bézier control points must be 4 finite numbers [x1, y1, x2, y2] with x in [0, 1]")
    return .bezier(
      startControlPoint: SIMD2(points[0], points[1]), endControlPoint: SIMD2(points[2], points[3]))
  }
}
