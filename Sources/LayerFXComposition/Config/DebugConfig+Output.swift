import Foundation
import LayerFX
import LayerFXPNG

extension DebugConfig {
  /// The config's `output` section: where and when frames are written, and how PNGs are encoded.
  ///
  /// One frame at `time`, or an animation at `fps` for `frames` frames or `duration` seconds
  /// (frame k at t = k / fps; without either, until the last trigger's timeline ends); with
  /// `contactSheet` the frames go into one image. An animation's `format` and `frameRange` are
  /// `--format` and `--frame-range`. Every key is optional; the command line overrides each one.
  ///
  /// Source: `Documentation/Semantics.md` §5 (frame timing).
  public struct Output: Sendable, Equatable {
    /// The output file or frame directory, resolved against the config's folder (`-` for
    /// standard output); `nil` when absent.
    public var path: String?
    /// One frame at this time, seconds on the animation clock.
    public var time: Double?
    /// An animation at this rate, frames per second, > 0.
    public var fps: Double?
    /// The animation's frame count, 1…1 000 000.
    public var frames: Int?
    /// The animation's length, seconds > 0: ⌈duration × fps⌉ frames.
    public var duration: Double?
    /// The frames as one contact sheet, this many per row, 1…1000.
    public var contactSheet: Int?
    /// Bits per channel of the PNGs, 8 or 16.
    public var bitDepth = 8
    /// The zlib level of the PNGs, 0…9.
    public var compression = PNGEncoder.defaultCompressionLevel
    /// How an animation is written (`--format`); `nil` for the format `path` implies (a
    /// `.apng` name an animated PNG, `-` raw RGBA, otherwise a PNG sequence).
    public var format: OutputFormat?
    /// The frames of the animation to render (`--frame-range`); `nil` for all of them.
    public var frameRange: FrameRange?

    /// The section's keys.
    public static let fields: [ConfigField] = [
      ConfigField(
        "path",
        schema: .object([
          ("type", .string("string")),
          (
            "description",
            .string(
              "output PNG file, or directory for an animation, relative to the config's folder; "
                + "- for standard output")
          ),
        ])),
      .number(
        "time", "render one frame at this time on the animation clock", unit: .seconds,
        range: .atLeast(0)),
      .number(
        "fps", "render an animation at this frame rate", unit: .perSecond, range: .greaterThan(0)),
      .number(
        "frames", "frames to render (default: until the last trigger's timeline ends)",
        range: .closed(1...Float(AnimationLimits.framesCeiling)), integer: true),
      .number(
        "duration", "seconds of animation to render, ⌈duration × fps⌉ frames", unit: .seconds,
        range: .greaterThan(0)),
      .number(
        "contactSheet", "write the frames as one image, this many per row",
        range: .closed(1...1000), integer: true),
      ConfigField(
        "bitDepth",
        schema: .object([
          ("enum", .array([.integer(8), .integer(16)])),
          ("description", .string("bits per channel of the output PNG")), ("default", .integer(8)),
        ])),
      .number(
        "compression", "zlib level: 0 none, 1 fastest, 9 smallest", range: .closed(0...9),
        integer: true, defaultValue: Double(PNGEncoder.defaultCompressionLevel)),
      .choice(
        "format", among: OutputFormat.allCases.map(\.rawValue),
        "how the animation is written (needs fps; default null: from path, NAME.apng an "
          + "animated PNG, - raw RGBA, otherwise a PNG sequence)", defaultValue: .null),
      ConfigField(
        "frameRange",
        schema: .object([
          ("type", .string("string")), ("pattern", .string("^[0-9]+\\.\\.([0-9]+)?$")),
          (
            "description",
            .string(
              "frames A to B (or A to the end) of the animation, from 0: \"A..B\" or \"A..\" "
                + "(needs fps)")
          ),
          ("default", .string("0..")),
        ])),
    ]

    /// The section with every key at its default.
    public init() {}

    init(_ c: KeyedDecodingContainer<ConfigKey>, directory: String) throws {
      try c.rejectUnknownKeys(
        allowed: Set(Self.fields.map(\.name)),
        nullable: Set(Self.fields.filter(\.acceptsNull).map(\.name)))
      path = try c.decodeIfPresent(String.self, forKey: "path").map {
        $0 == "-" ? $0 : DebugConfig.resolve($0, in: directory)
      }
      // The clock starts at 0: a negative time has no frame (Semantics §7.1 holds it at 0).
      time = try c.number("time", in: .atLeast(0), unit: .seconds)
      fps = try c.number("fps", in: .greaterThan(0), unit: .perSecond)
      frames = try c.integer("frames", in: 1...AnimationLimits.framesCeiling)
      duration = try c.number("duration", in: .greaterThan(0), unit: .seconds)
      contactSheet = try c.integer("contactSheet", in: 1...1000)
      if let depth = try c.integer("bitDepth", in: 8...16) {
        try c.check(depth == 8 || depth == 16, "bitDepth", "\(depth) is not 8 or 16")
        bitDepth = depth
      }
      compression = try c.integer("compression", in: 0...9) ?? compression
      format = try c.name(
        "format", among: OutputFormat.allCases.map(\.rawValue), what: "an output format"
      ).flatMap(OutputFormat.init(rawValue:))
      if let text = try c.decodeIfPresent(String.self, forKey: "frameRange") {
        frameRange = FrameRange(parsing: text)
        try c.check(
          frameRange != nil, "frameRange",
          "expected A..B or A.. (whole frame numbers from 0, A ≤ B)")
      }
      if frameRange == FrameRange(first: 0) { frameRange = nil }
      try c.check(time == nil || fps == nil, "time", "give time (one frame) or fps, not both")
      try c.check(frames == nil || duration == nil, "frames", "give frames or duration, not both")
      if let duration, let fps {
        // Counted in Double: the product can pass Int.max or be ∞ (3e38 s at 3e38 fps).
        try c.check(
          FrameSchedule.frameCount(covering: duration, fps: fps)
            <= Double(AnimationLimits.framesCeiling), "duration",
          "\(duration.formatted) s at \(fps.formatted) fps is more than "
            + "\(AnimationLimits.framesCeiling) frames, the most one run renders")
      }
      for key in ["frames", "duration", "contactSheet"] where fps == nil {
        try c.check(
          !c.contains(ConfigKey(stringValue: key)), ConfigKey(stringValue: key), "needs fps")
      }
      try c.check(format == nil || fps != nil, "format", "needs fps")
      try c.check(frameRange == nil || fps != nil, "frameRange", "needs fps")
      try c.check(
        contactSheet == nil || format == nil || format == .contactSheet, "format",
        "contactSheet needs format contact-sheet (or none)")
      try c.check(
        format != .apng || bitDepth == 8, "format", "apng writes 8-bit samples: bitDepth 8")
    }

    /// The times the section renders: `[time]`, or the frames of ``schedule(endTime:limits:)``;
    /// empty when it names neither.
    ///
    /// - Throws: What ``schedule(endTime:limits:)`` throws.
    public func times(endTime: Double, limits: AnimationLimits = AnimationLimits()) throws
      -> [Double]
    {
      if let time { return [time] }
      return try schedule(endTime: endTime, limits: limits)?.times ?? []
    }

    /// The animation's schedule: `fps` for `frames` frames, ⌈`duration` × fps⌉, or until
    /// `endTime` (when the chain's last replay ends); `nil` without `fps`.
    ///
    /// - Parameters:
    ///   - endTime: Seconds ≥ 0.
    ///   - limits: The most frames allowed.
    /// - Returns: The schedule, frame k at k / fps.
    /// - Throws: What ``AnimationLimits/frameCount(explicit:duration:fps:)`` throws for more
    ///   frames than `limits` allow.
    public func schedule(endTime: Double, limits: AnimationLimits = AnimationLimits()) throws
      -> FrameSchedule?
    {
      guard let fps else { return nil }
      let count = try limits.frameCount(
        explicit: frames, duration: duration ?? endTime, fps: fps)
      return FrameSchedule(fps: fps, frameCount: count)
    }

    /// The section as a dumped config writes it: every key that has a value.
    var json: JSONValue {
      var members: [(String, JSONValue)] = []
      if let path { members.append(("path", .string(path))) }
      if let time { members.append(("time", .number(time))) }
      if let fps { members.append(("fps", .number(fps))) }
      if let frames { members.append(("frames", .integer(frames))) }
      if let duration { members.append(("duration", .number(duration))) }
      if let contactSheet { members.append(("contactSheet", .integer(contactSheet))) }
      members += [("bitDepth", .integer(bitDepth)), ("compression", .integer(compression))]
      members.append(("format", format.map { .string($0.rawValue) } ?? .null))
      members.append(("frameRange", .string((frameRange ?? FrameRange(first: 0)).description)))
      return .object(members)
    }
  }
}
