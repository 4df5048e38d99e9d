import Foundation
import LayerFXAnimation
import LayerFXFiles

/// A versioned JSON config document describing how an effect's parameters animate (the
/// example is the ripple's).
///
/// Format (version 1); every key not listed is an error, a key given twice in one object is an
/// error, every number must be finite:
/// ```json
/// {
///   "version": 1,
///   "duration": 3,
///   "keyframes": {
///     "time":      [{"type": "move", "value": 0}, {"type": "linear", "value": 3, "duration": 3}],
///     "amplitude": [{"type": "move", "value": 12},
///                   {"type": "spring", "value": 4, "duration": 0.5, "bounce": 0.3}],
///     "speed":     [{"type": "cubic", "value": 600, "duration": 1, "endVelocity": 0}]
///   }
/// }
/// ```
/// - `version` (required): 1.
/// - `duration` (optional, seconds, > 0, default: the caller's `defaultDuration`, 3 unless
///   given): the effect is drawn while its clock parameter is in `(0, duration)`.
/// - `keyframes` (optional): one track per animated parameter, keyed by its name (the names
///   of the caller's `initialValue`, such as a shader function's float parameters, see
///   `ParameterValues.init(defaultsOf:)`); a parameter without a track keeps its value in
///   `initialValue`, a track starts from that value until its first keyframe says otherwise,
///   and without a track for the `clock` parameter (the one whose role is time since the
///   trigger) the clock is `MoveKeyframe(0)`, `LinearKeyframe(duration, duration: duration)`.
/// - A keyframe is an object with `type` and `value` and, by type:
///   - `"move"`: nothing else.
///   - `"linear"`: `duration` (seconds ≥ 0, required), `curve` (optional: `"linear"`,
///     `"easeIn"`, `"easeOut"`, `"easeInOut"`, `"circularEaseIn"`, `"circularEaseOut"`,
///     `"circularEaseInOut"`, or `[x1, y1, x2, y2]` Bézier control points with x in [0, 1]).
///   - `"spring"`: `duration` (seconds ≥ 0, optional: the spring's settling duration; required
///     when `bounce` is 1), `springDuration` (the spring's own perceptual duration, seconds > 0,
///     default 0.5), `bounce` (−1 < bounce ≤ 1, default 0), `startVelocity` (per second).
///   - `"cubic"`: `duration` (seconds ≥ 0, required), `startVelocity`, `endVelocity`
///     (per second, optional).
///
/// This is the legacy form of the debug config (``DebugConfig``): there, the same `duration`
/// and `keyframes` belong to each effect of the chain (``DebugConfig/Effect``), in the same
/// keyframe format. Both documents are checked by Jansson first (`JSONSyntaxError`), so a
/// repeated key is an error here too.
///
/// Source: Documentation/Semantics.md §5 (the clock and the enabled window) and §7 (keyframes).
public struct KeyframesConfig: Sendable {
  /// The document format version; always 1.
  public let version: Int

  /// The window of the clock parameter in which the effect is drawn, `(0, duration)` seconds.
  public let duration: TimeInterval

  /// The timeline each tap replays.
  public let timeline: KeyframeTimeline<ParameterValues>

  /// The parameters the timeline animates, in the order of `initialValue`'s names; the clock
  /// is always among them (the default clock when the document has no track for it).
  public let animatedNames: [String]

  /// Decodes a config document.
  ///
  /// Precedence: what the document says wins; `initialValue` and `defaultDuration` fill in
  /// what it leaves out (a property without a track, the start of a track, an absent
  /// `duration`).
  ///
  /// - Parameters:
  ///   - data: The JSON bytes (UTF-8).
  ///   - file: The name used in error messages, e.g. `config.json`.
  ///   - initialValue: The parameters before any keyframe applies; its names are the keys a
  ///     `keyframes` section may have.
  ///   - clock: The name of the parameter the default clock drives; one of `initialValue`'s.
  ///   - defaultDuration: Seconds, finite and > 0; the `duration` when the document has none.
  /// - Throws: ``ConfigError``: `invalidJSON`, `unknownKey`, `missingKey`, `typeMismatch`,
  ///   `invalidValue`, `unsupportedVersion`.
  /// - Precondition: `defaultDuration` is finite and > 0 and `clock` names a parameter;
  ///   checked in release.
  public init(
    data: Data, file: String, initialValue: ParameterValues, clock: String,
    defaultDuration: TimeInterval = 3
  ) throws(ConfigError) {
    precondition(
      defaultDuration.isFinite && defaultDuration > 0, "default duration must be finite and > 0")
    precondition(initialValue.contains(clock), "the clock \(clock) is not a parameter")
    try JSONSyntaxError.check(data, file: file)
    let decoder = JSONDecoder()
    decoder.userInfo[KeyframesConfigDocument.parameterNames] = initialValue.names
    // Accept "NaN" / "Infinity" strings only so they can be rejected with their key path.
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    let document: KeyframesConfigDocument
    do {
      document = try decoder.decode(KeyframesConfigDocument.self, from: data)
    } catch let issue as ConfigIssue {
      throw issue.error(file: file)
    } catch let error as DecodingError {
      throw ConfigIssue(decodingError: error).error(file: file)
    } catch {
      throw .invalidJSON(file: file, reason: "\(error)")
    }
    let duration = document.duration ?? defaultDuration
    let names = document.animatedNames(clock: clock)
    do {
      self.timeline = try document.timeline(
        initialValue: initialValue, clock: clock, duration: duration)
    } catch {
      switch error {
      case .springNeverSettles(let track, let keyframe):
        let name = names[track]
        throw .invalidValue(
          file: file, path: "keyframes.\(name)[\(keyframe)]",
          reason: "a spring with bounce 1 never settles; give the keyframe a \"duration\"")
      case .unknownParameter:
        // The document's names are checked against the parameters before the timeline is
        // built; a name that slipped through is still reported, not trapped.
        throw .invalidJSON(file: file, reason: "\(error)")
      }
    }
    self.version = document.version
    self.duration = duration
    self.animatedNames = names
  }

  /// Reads and decodes the config document at `url`.
  ///
  /// - Parameters:
  ///   - url: A file URL; its last path component names the file in errors.
  ///   - initialValue: The parameters before any keyframe applies.
  ///   - clock: The parameter the default clock drives.
  ///   - defaultDuration: Seconds, > 0; the `duration` when the document has none.
  /// - Throws: ``ConfigError``: `unreadable`, and every case of
  ///   ``init(data:file:initialValue:clock:defaultDuration:)``.
  public init(
    contentsOf url: URL, initialValue: ParameterValues, clock: String,
    defaultDuration: TimeInterval = 3
  ) throws(ConfigError) {
    let bytes: [UInt8]
    do {
      // Through the one input opener: a regular file, checked before it is read, at most
      // 16 MiB; the reason is in the system's words.
      bytes = try InputFile.read(url.path, limit: 16 << 20)
    } catch {
      throw .unreadable(file: url.lastPathComponent, reason: error.reason)
    }
    try self.init(
      data: Data(bytes), file: url.lastPathComponent, initialValue: initialValue, clock: clock,
      defaultDuration: defaultDuration)
  }
}
