import LayerFX
import LayerFXMath

extension DebugConfig {
  /// The config's `debug` section: the sample-offset checks and the times `layerfx tune`
  /// previews.
  ///
  /// Every key is optional; the command line overrides each one.
  ///
  /// Source: `Documentation/Semantics.md` §4.5 (the bounds checker).
  public struct Debug: Sendable, Equatable {
    /// Whether every pass reports samples beyond its `maxSampleOffset` (`--check-bounds`).
    public var checkBounds = false
    /// The `maxSampleOffset` of every layer and distortion pass, points per axis, ≥ 0; `nil`
    /// for each kernel's own.
    public var maxSampleOffset: float2?
    /// The times `layerfx tune` renders into its contact sheet, seconds; `nil` for four times
    /// spread over the animation (``previewTimes(endTime:)``).
    public var previewTimes: [Double]?
    /// The debug overlays drawn on every frame (`--overlay`), and on `layerfx tune`'s preview.
    public var overlays: DebugOverlays = []
    /// How long one frame of a compiled `.metal` shader may run, seconds, in
    /// ``shaderTimeoutRange``, as `--shader-timeout`; `nil` for the runner's default.
    public var shaderTimeout: Double?

    /// The longest ``shaderTimeout``, seconds: an hour.
    ///
    /// A limit exists so that an endless loop in a shader always ends; an hour is 12 times the
    /// largest limit a measurement here has needed (`--shader-timeout 300` for a bounds-checked
    /// frame of the 600 × 400 photo that took 53 s: Benchmarks/HISTORY.md), and below the shader
    /// worker's CPU-time backstop of a day (RLIMIT_CPU), so the time limit is the one that stops
    /// a frame.
    public static let longestShaderTimeout: Double = 3600

    /// The values ``shaderTimeout`` and `--shader-timeout` accept: greater than 0 and at most
    /// ``longestShaderTimeout`` seconds.
    public static let shaderTimeoutRange = ShaderFunction.ValueRange(
      lower: (0, false), upper: (Float(longestShaderTimeout), true))

    /// The section's keys.
    public static let fields: [ConfigField] = [
      .flag(
        "checkBounds", "report samples beyond maxSampleOffset on standard error; exit 1 if any",
        defaultValue: false),
      .vector(
        "maxSampleOffset", count: 2,
        "maxSampleOffset of every layer and distortion pass (default: each kernel's own)",
        unit: .points, range: .atLeast(0)),
      ConfigField(
        "previewTimes",
        schema: .object([
          ("type", .string("array")),
          ("items", .object([("type", .string("number")), ("minimum", .integer(0))])),
          ("minItems", .integer(1)), ("maxItems", .integer(64)),
          (
            "description",
            .string(
              "times of the frames 'layerfx tune' previews, seconds (default: four, at 1/5 … 4/5 "
                + "of the animation)")
          ),
          ("x-unit", .string("seconds")),
        ])),
      .number(
        "shaderTimeout",
        "how long one frame of a .metal shader may run before it is stopped (default 30)",
        unit: .seconds, range: shaderTimeoutRange),
      .choices(
        "overlays", among: DebugOverlays.named.map(\.name),
        "debug overlays drawn on every frame: trigger origins, a displacement heat map, "
          + "samples beyond maxSampleOffset, the tile grid (legend on standard error)"),
    ]

    /// The section with every key at its default.
    public init() {}

    init(_ c: KeyedDecodingContainer<ConfigKey>) throws {
      try c.rejectUnknownKeys(
        allowed: Set(Self.fields.map(\.name)),
        nullable: Set(Self.fields.filter(\.acceptsNull).map(\.name)))
      checkBounds = try c.decodeIfPresent(Bool.self, forKey: "checkBounds") ?? false
      maxSampleOffset = try c.offset("maxSampleOffset")
      if let times = try c.decodeIfPresent([Double].self, forKey: "previewTimes") {
        try c.check(
          (1...64).contains(times.count) && times.allSatisfy { $0.isFinite && $0 >= 0 },
          "previewTimes", "expected 1 to 64 finite times ≥ 0 (seconds)")
        previewTimes = times
      }
      shaderTimeout = try c.number("shaderTimeout", in: Self.shaderTimeoutRange, unit: .seconds)
      let names = DebugOverlays.named
      for name in try c.names("overlays", among: names.map(\.name), what: "an overlay") ?? [] {
        overlays.formUnion(names.first { $0.name == name }?.overlay ?? [])
      }
    }

    /// The preview's times: ``previewTimes``, or `endTime × k / 5` for k = 1…4 (inside an
    /// animation of `endTime` seconds, where its effects are drawn; 0 for a still chain).
    ///
    /// - Parameter endTime: Seconds, ≥ 0: when the chain's last replay ends.
    /// - Returns: Seconds, in order.
    public func previewTimes(endTime: Double) -> [Double] {
      previewTimes ?? (endTime > 0 ? (1...4).map { endTime * Double($0) / 5 } : [0])
    }

    /// The section as a dumped config writes it.
    var json: JSONValue {
      var members: [(String, JSONValue)] = [("checkBounds", .bool(checkBounds))]
      if let maxSampleOffset {
        members.append(
          ("maxSampleOffset", .array([.float(maxSampleOffset.x), .float(maxSampleOffset.y)])))
      }
      if let previewTimes {
        members.append(("previewTimes", .array(previewTimes.map(JSONValue.number))))
      }
      members.append(("overlays", .array(overlays.names.map(JSONValue.string))))
      if let shaderTimeout { members.append(("shaderTimeout", .number(shaderTimeout))) }
      return .object(members)
    }
  }
}
