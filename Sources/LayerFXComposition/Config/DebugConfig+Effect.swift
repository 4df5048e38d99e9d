import LayerFX
import LayerFXAnimation
import LayerFXMath

extension DebugConfig {
  /// One entry of the config's `effects`: a kernel, its parameters by name, the window of its
  /// clock, and keyframe tracks for its `float` parameters.
  ///
  /// ```json
  /// {"kernel": "ripple", "amplitude": 12, "duration": 3,
  ///  "keyframes": {"amplitude": [{"type": "move", "value": 12},
  ///                              {"type": "linear", "value": 4, "duration": 1}]}}
  /// ```
  /// - `kernel` (required): a built-in name (`layerfx list`) or `FILE.metal:FUNCTION`, the file
  ///   relative to the config's folder.
  /// - Each parameter by its declared name, typed as declared (see
  ///   `KeyedDecodingContainer.argument(_:directory:)`); an absent one keeps its default.
  /// - `duration` (seconds > 0, default 3; only for a kernel with a time-since-trigger
  ///   parameter): each replay's clock runs from 0 to `duration` over `duration` seconds, and
  ///   the effect is drawn while the clock is in (0, duration).
  /// - `keyframes`: tracks keyed by `float` parameter name, in ``KeyframesConfig``'s keyframe
  ///   format; a track starts from the parameter's value here.
  /// - `positionParameter`: the name of the `float2` parameter that takes the triggers' points
  ///   (the role `LayerFX.ShaderFunction.Role.position`), for a kernel whose position no name
  ///   convention finds (`LayerFX.ShaderFunction.Role.positionNames`);
  ///   `layerfx apply --position-parameter NAME` on the command line.
  /// - `maxSampleOffset`: the effect's own, `[x, y]` points ≥ 0; a `.metal` layer or distortion
  ///   effect must have one, here or in `debug.maxSampleOffset`, as SwiftUI's modifier requires.
  ///
  /// A kernel with a time-since-trigger parameter that the entry does not set is replayed by
  /// every trigger (its position parameter, unless set here, at the trigger's point), as the
  /// ripple preset is; any other runs on the chain's clock, its position parameter, unless set,
  /// at the first trigger's point. A view-size parameter, unless set, is the image's size in
  /// points, as SwiftUI passes a view's bounds.
  ///
  /// Source: `Documentation/Semantics.md` §5.3 (when a ripple runs), §7 (keyframes).
  public struct Effect: Sendable {
    /// The `kernel` as resolved: a built-in name, or `FILE.metal:FUNCTION` with the file's path
    /// resolved against the config's folder.
    public var kernel: String
    /// The kernel's function.
    public var function: ShaderFunction
    /// The animatable `float` parameters (those with defaults), at the config's values.
    public var values: ParameterValues
    /// The other parameters the entry sets, by name.
    public var arguments: [(name: String, value: Shader.Argument)]
    /// The PNG file each image argument of ``arguments`` was read from, by parameter, resolved
    /// against the config's folder: what a dumped config writes for it.
    public var imagePaths: [String: String] = [:]
    /// The clock's window, seconds > 0.
    public var duration: Double
    /// The effect's own `maxSampleOffset`, points per axis, ≥ 0, or `nil`.
    ///
    /// Its `"maxSampleOffset": [x, y]` key, for a layer or distortion effect; `nil` for
    /// `debug.maxSampleOffset` or the kernel's declared one. A kernel with a parameter of that
    /// name takes the key as that parameter instead.
    public var maxSampleOffset: float2?
    /// The `float2` parameter the entry's `positionParameter` put in the position role, or `nil`
    /// for the kernel's own (by declaration or name convention).
    public var positionParameter: String?
    /// The names of the parameters that have keyframe tracks, in declaration order.
    public var trackNames: [String] { tracks.map(\.name) }

    /// The decoded tracks.
    let tracks: [(name: String, keyframes: [_Keyframe<Double>])]

    /// The keys an entry may have besides the parameters.
    static let ownKeys = ["kernel", "duration", "keyframes", Self.offsetKey, Self.positionKey]

    /// The key naming the parameter that takes the triggers' points.
    static let positionKey = "positionParameter"

    /// The key of an effect's own `maxSampleOffset`.
    static let offsetKey = "maxSampleOffset"

    /// Whether the effect's object may have its own ``maxSampleOffset``: a layer or distortion
    /// effect without a parameter of that name.
    static func takesOffset(_ function: ShaderFunction) -> Bool {
      (function.kind == .layer || function.kind == .distortion)
        && !function.parameters.contains { $0.name == offsetKey }
    }

    /// The time-since-trigger parameter the triggers drive, unless the entry sets it.
    public var clock: String? {
      guard let name = function.parameter(role: .timeSinceTrigger)?.name,
        !arguments.contains(where: { $0.name == name })
      else { return nil }
      return name
    }

    /// Creates an entry with every parameter at its declared default and no tracks.
    ///
    /// - Parameters:
    ///   - function: The kernel's function.
    ///   - kernel: The `kernel` text; the function's name by default.
    ///   - duration: The clock's window, seconds > 0; 3 by default (the ripple's).
    public init(_ function: ShaderFunction, kernel: String? = nil, duration: Double = 3) {
      self.kernel = kernel ?? function.name
      self.function = function
      values = ParameterValues(defaultsOf: function)
      arguments = []
      self.duration = duration
      tracks = []
    }

    init(
      _ c: KeyedDecodingContainer<ConfigKey>, directory: String, resolve: DebugConfig.Resolver
    ) throws {
      let written = try c.decode(String.self, forKey: "kernel")
      kernel = DebugConfig.resolveKernel(written, in: directory)
      do {
        function = try resolve(kernel)
      } catch {
        throw ConfigIssue(
          codingPath: c.codingPath + [ConfigKey(stringValue: "kernel")], .invalidValue("\(error)"))
      }
      guard function.kind != .fill else {
        throw ConfigIssue(
          codingPath: c.codingPath + [ConfigKey(stringValue: "kernel")],
          .invalidValue("'\(function.name)' is a fill; give it as the input, {\"fill\": …}"))
      }
      let positionKey = ConfigKey(stringValue: Self.positionKey)
      if !function.parameters.contains(where: { $0.name == Self.positionKey }),
        let name = try c.name(
          positionKey,
          among: function.parameters.filter { $0.type == .float2 }.map(\.name),
          what: "a float2 parameter of \(function.name)")
      {
        function = function.assigningRole(.position, to: name)
        positionParameter = name
      }
      let hasClock = function.parameter(role: .timeSinceTrigger) != nil
      try c.rejectUnknownKeys(
        allowed: Set(
          function.parameters.map(\.name) + Self.ownKeys.filter { hasClock || $0 != "duration" }))
      var values = ParameterValues(defaultsOf: function)
      var arguments: [(name: String, value: Shader.Argument)] = []
      for parameter in function.parameters {
        guard let argument = try c.argument(parameter, directory: directory) else { continue }
        imagePaths[parameter.name] = try c.imagePath(parameter, directory: directory)
        if case .float(let value) = argument, values.contains(parameter.name),
          parameter.role != .timeSinceTrigger
        {
          values[parameter.name] = Double(value)
        } else {
          arguments.append((parameter.name, argument))
        }
      }
      self.values = values
      self.arguments = arguments
      let offsetKey = ConfigKey(stringValue: Self.offsetKey)
      if !function.parameters.contains(where: { $0.name == Self.offsetKey }),
        c.contains(offsetKey)
      {
        try c.check(
          Self.takesOffset(function), offsetKey,
          "only layer and distortion effects take a maxSampleOffset; \(function.name) is a "
            + "colour effect")
        maxSampleOffset = try c.offset(offsetKey)
      }
      duration = try c.number("duration", in: .greaterThan(0), unit: .seconds) ?? 3
      tracks = try KeyframesConfigDocument.tracks(in: c, names: values.names)
      do {
        _ = try timeline(initialValue: values)
      } catch {
        throw ConfigIssue(
          codingPath: c.codingPath + [ConfigKey(stringValue: "keyframes")],
          .invalidValue("a spring with bounce 1 never settles; give the keyframe a \"duration\""))
      }
    }

    /// The timeline each replay follows: the default clock (unless there is a track for it, or
    /// the kernel has none), then the tracks, each starting from `initialValue`.
    ///
    /// - Parameter initialValue: The parameters before any keyframe applies; ``values`` unless a
    ///   caller overrides some (a command-line flag).
    /// - Returns: The timeline.
    /// - Throws: `KeyframeError` for a duration-less spring that never settles (checked when
    ///   the config was decoded).
    public func timeline(initialValue: ParameterValues) throws(KeyframeError)
      -> KeyframeTimeline<ParameterValues>
    {
      try KeyframesConfigDocument.timeline(
        tracks, initialValue: initialValue, clock: clock, duration: duration)
    }

    /// The effect in a chain.
    ///
    /// With a clock: replayed by each trigger (`.triggered` without tracks, as the ripple
    /// command builds it), drawn while the clock is in (0, ``duration``); a position the entry
    /// sets replaces the triggers' points. Without: on the chain's clock, no window.
    ///
    /// - Parameters:
    ///   - triggers: The chain's triggers (times in seconds, points in points).
    ///   - sizeInPoints: The image's size, points (for a view-size parameter, and the position
    ///     of an effect without a clock when there is no trigger: the centre).
    ///   - initialValue: The animatable values; ``values`` by default.
    /// - Returns: The animated effect, with the entry's own ``maxSampleOffset`` (`nil` without:
    ///   the chain's sources resolve it, ``MaxSampleOffsetSources``).
    public func animated(
      triggers: [AnimatedEffect.Trigger], sizeInPoints: float2,
      initialValue: ParameterValues? = nil
    ) -> AnimatedEffect {
      let start = initialValue ?? values
      // Decoding built this timeline once already, so it cannot throw here.
      let timeline = try? timeline(initialValue: start)
      var arguments = arguments
      func supply(_ role: ShaderFunction.Role, _ value: float2) {
        if let parameter = function.parameter(role: role), parameter.type == .float2,
          !arguments.contains(where: { $0.name == parameter.name })
        {
          arguments.append((parameter.name, .float2(value)))
        }
      }
      supply(.viewSize, sizeInPoints)
      guard clock != nil else {
        supply(.position, triggers.first?.payload ?? sizeInPoints / 2)
        return AnimatedEffect(
          function, arguments: arguments, timeline: timeline, maxSampleOffset: maxSampleOffset)
      }
      let position = function.parameter(role: .position).flatMap { parameter in
        arguments.first { $0.name == parameter.name }
      }
      var replays = triggers
      if case .float2(let point)? = position?.value {
        replays = triggers.map { .init(time: $0.time, payload: point) }
      }
      guard tracks.isEmpty else {
        return AnimatedEffect(
          function, arguments: arguments, timeline: timeline, triggers: replays,
          duration: duration, maxSampleOffset: maxSampleOffset)
      }
      var effect = AnimatedEffect.triggered(
        function, duration: duration, triggers: replays, initialValue: start)
      effect.arguments = arguments
      effect.maxSampleOffset = maxSampleOffset
      return effect
    }

    /// The entry as a dumped config writes it: the kernel, every parameter without a role at its
    /// value (defaults spelled out; an image as its file, ``imagePaths``; one without a value or
    /// default is left out, for the check to report), a parameter with a role only when the config
    /// gave it (a fixed position or clock instead of the triggers'), the duration when the kernel
    /// has a clock, and an empty `keyframes` object (a dump has no tracks).
    var json: JSONValue {
      var members: [(String, JSONValue)] = [("kernel", .string(kernel))]
      if let positionParameter { members.append((Self.positionKey, .string(positionParameter))) }
      for parameter in function.parameters {
        let given = arguments.first(where: { $0.name == parameter.name })?.value
        if values.contains(parameter.name), parameter.role == nil {
          members.append((parameter.name, .float(Float(values[parameter.name]))))
        } else if let argument = given ?? (parameter.role == nil ? parameter.defaultValue : nil),
          let value = DebugConfig.json(argument) ?? imagePaths[parameter.name].map(JSONValue.string)
        {
          members.append((parameter.name, value))
        }
      }
      if function.parameter(role: .timeSinceTrigger) != nil {
        members.append(("duration", .number(duration)))
      }
      if let maxSampleOffset, Self.takesOffset(function) {
        members.append(
          (Self.offsetKey, .array([.float(maxSampleOffset.x), .float(maxSampleOffset.y)])))
      }
      members.append(("keyframes", .object([])))
      return .object(members)
    }
  }
}
