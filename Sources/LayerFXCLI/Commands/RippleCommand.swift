import Foundation
import LayerFX
import LayerFXAnimation
import LayerFXArguments
import LayerFXComposition
import LayerFXKernels
import LayerFXMath

/// `layerfx ripple`: the WWDC24 ripple on an image, one frame or a whole animation, from one
/// or several taps.
enum RippleCommand: CommandDefinition {
  static let name = "ripple"
  static let summary = "Apply the WWDC24 ripple to an image: one frame, or an animation."
  static let synopsis = "INPUT (--time SECONDS -o OUT.png | --fps FPS -o DIR/) [options]"
  static let discussion = """
    INPUT is a PNG file, - for a PNG on standard input, or testcard:WxH, the built-in test
    card (gradients, grid, rings). -o - writes one image as PNG to standard output, and an
    animation as raw frames: straight-alpha 8-bit RGBA, width × height × 4 bytes each, in
    order (for example into ffmpeg -f rawvideo -pix_fmt rgba -s WxH -r FPS -i -).
    With --time, writes the frame at that time on the animation clock to OUT.png.
    With --fps, writes frame k at t = k / fps to DIR/frame_0000.png, … until the last tap's
    timeline ends (for one tap: the duration), or --frames N frames. With --contact-sheet N
    the frames go into one image instead, N per row, left to right, 4 transparent pixels apart.
    -o OUT.apng (or --format apng) writes one animated PNG, each frame shown 1/fps seconds;
    --format png-sequence|apng|contact-sheet|raw names the output when -o does not.
    --frame-range A..B renders frames A to B only (from 0, inclusive; A.. to the end), each
    with its time and name from the full animation, so ranges split one render.
    --overlay origins,displacement,bounds,tiles draws debug overlays on each frame: trigger
    origins, a heat map of each pixel's displacement (points), pixels sampled beyond
    maxSampleOffset, the tile grid; their legend is printed on standard error.

    Taps: each --tap X,Y@T starts a ripple at X,Y (points) T seconds into the animation;
    without --tap there is one tap at --origin at t = 0. A tap's ripple is drawn while its
    time parameter is in (0, duration); when no ripple is, the frame is the input unchanged.
    Overlapping ripples are stacked layer effects: one ripple pass per active tap, in the
    order the taps are given, each pass reading the previous pass's output (clamped to
    [0, 1]) and padded by its own maxSampleOffset = its amplitude (the first tap innermost, as
    one .layerEffect per tap in SwiftUI).

    Keyframes: --keyframes FILE.json reads a config document
      {"version": 1, "duration": 3, "keyframes": {"amplitude": [
        {"type": "move", "value": 12},
        {"type": "spring", "value": 4, "duration": 1, "springDuration": 0.5, "bounce": 0.3}]}}
    with a track for any of \(trackNames) (keyframe types move,
    linear, spring, cubic). Precedence: a track in the file wins; \(optionNames[0])
    \(optionNames[1]) give the value of a parameter without a track and the value a track
    starts from; the file's "duration" wins over --duration. Every tap replays the timeline.
    'layerfx timeline FILE.json' prints the tracks.
    Before rendering, an animation is refused when it has more than --max-frames frames or
    its frames' uncompressed size exceeds the free disk space (--ignore-free-space skips
    that check).
    """

  static let options: [OptionSpec] =
    ChainRun.specs + [
      .value(
        "tap", "X,Y@T", "a tap at X,Y points, T seconds into the animation (repeatable)",
        repeatable: true),
      .value("origin", "X,Y", "the single tap's point when there is no --tap (default: centre)"),
      .value("keyframes", "FILE.json", "keyframe tracks for ripple parameters (config document)"),
      .value("duration", "SECONDS", "how long each ripple lasts, seconds (default 3)"),
      .value("scale", "PX/PT", "pixels per point of the input, 1/1024…1024 (default 1)"),
    ] + rippleParameters.map(\.optionSpec) + RenderOptions.specs + OutputOptions.specs
    + FrameLimits.specs + [ConfigOptions.spec]

  /// The names a keyframes document may give tracks: the kernel's `float` parameters.
  static var trackNames: String {
    ParameterValues(defaultsOf: .ripple).names.joined(separator: ", ")
  }

  /// The parameter options as the discussion lists them, split where its line breaks:
  /// `--amplitude, --frequency,` and `--decay and --speed`.
  static var optionNames: [String] {
    let names = rippleParameters.map { "--" + $0.name }
    let list = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    guard let split = list.range(of: ", ", options: .backwards) else { return [list, ""] }
    return [String(list[..<split.lowerBound]) + ",", String(list[split.upperBound...])]
  }

  /// The ripple's parameters that are options here: all but those the taps drive (origin and
  /// time), straight from the kernel's declaration.
  static let rippleParameters = ShaderFunction.ripple.parameters.filter { $0.role == nil }

  /// The ripple preset of the general path: one ripple effect whose timeline every tap replays.
  static func run(_ given: ParsedArguments, console: Console) throws {
    let loaded = try ConfigOptions.load(given, console: console)
    guard let loaded else { return try run(given, loaded: nil, console: console) }
    try run(given, config: loaded, console: console)
  }

  /// `ripple --config` with the config already read.
  ///
  /// With `checkOnly` (`layerfx config check --for ripple`) it stops just before the first frame
  /// renders. An error about a setting the config gave names its key
  /// (``ConfigOptions/attributing(_:commandLine:_:)``).
  static func run(
    _ given: ParsedArguments, config loaded: (path: String, config: DebugConfig),
    console: Console, checkOnly: Bool = false
  ) throws {
    let ripple = try ReplayPreset.ConfigValues(
      loaded.config, file: loaded.path, function: .ripple,
      parameters: rippleParameters.map(\.name),
      readsTaps: !given.has("tap") && !given.has("origin"),
      readsInput: given.positionals.isEmpty)
    try ConfigOptions.attributing(loaded, commandLine: given) {
      try run(
        given, loaded: loaded, ripple: ripple,
        checksPadding: !ConfigOptions.changesPadding(
          given, parameterOptions: rippleParameters.map(\.name)),
        checkOnly: checkOnly,
        console: console)
    }
  }

  /// The ripple's animatable values: each parameter option's flag, else the config's value,
  /// else the kernel's default.
  ///
  /// - Throws: ``SettingError`` about the option for a value outside the parameter's range.
  private static func initialValues(
    _ arguments: ParsedArguments, preset: ReplayPreset.ConfigValues?
  ) throws
    -> ParameterValues
  {
    var base = ParameterValues(defaultsOf: .ripple)
    for parameter in rippleParameters where base.contains(parameter.name) {
      if !arguments.has(parameter.name), let value = preset?.values[parameter.name] {
        base[parameter.name] = Double(Float(value))
        continue
      }
      base[parameter.name] = Double(
        try SettingError.about(parameter.name) { try parameter.float(from: arguments) })
    }
    return base
  }

  /// The ripple with the options `arguments` (over the config's settings when `loaded` is
  /// given) over the config's `ripple`; `checksPadding` reports a padded size too large at
  /// the config's key, and `checkOnly` stops before the first frame.
  private static func run(
    _ arguments: ParsedArguments, loaded: (path: String, config: DebugConfig)?,
    ripple preset: ReplayPreset.ConfigValues? = nil, checksPadding: Bool = false,
    checkOnly: Bool = false,
    console: Console
  ) throws {
    let run = try ChainRun(arguments, document: loaded?.config)
    var taps = try arguments.all("tap", as: .tap)
    try TapOptions.checkTimes(arguments, fps: run.settings.timing.fps)
    if taps.isEmpty, let configTaps = preset?.taps, let loaded {
      // At the run's rate: --fps, else output.fps.
      try loaded.config.checkTriggerTimes(fps: run.settings.timing.fps, file: loaded.path)
      taps = configTaps
    }
    let origin = try arguments.value("origin", as: .point) ?? preset?.origin
    if origin != nil && !taps.isEmpty {
      throw UsageError.invalid("--origin and --tap cannot be used together; give X,Y@T per tap")
    }
    let base = try initialValues(arguments, preset: preset)
    let duration =
      try preset.flatMap { arguments.has("duration") ? nil : $0.duration }
      ?? FrameLimits.duration(arguments, timing: run.settings.timing)
    let prepared = try run.prepare(arguments)
    var configEffect = preset?.effect
    configEffect?.duration = duration
    let replay = try ReplayPreset(
      .ripple, initialValue: base, duration: duration, taps: taps, origin: origin,
      keyframesFile: arguments.value("keyframes"), configEffect: configEffect)
    let reads = arguments.all("keyframes") + (loaded.map { [$0.path] } ?? [])
    // A limit the keyframes file's values exceed is bad data (65), unless a flag changes the
    // padding.
    let keyframesPadding =
      !ConfigOptions.changesPadding(arguments, parameterOptions: rippleParameters.map(\.name))
    let render = {
      try prepared.run(console: console, reads: reads, checkOnly: checkOnly) { image in
        let chain = try replay.chain(sizeInPoints: image.sizeInPoints)
        let times = try prepared.times(endTime: chain.endTime)
        let pixelLimit = prepared.render.pixelLimit
        // Every value the config or the keyframes file gives is evaluated over the whole
        // schedule first, padded sizes included, so the error names the file, the key (the
        // track) and the time.
        if let keyframes = replay.keyframes, let file = arguments.value("keyframes") {
          try DebugConfig.checkSchedule(
            prepared.offsets.resolve(chain), file: file, sizeInPoints: image.sizeInPoints,
            times: times, tracks: [("keyframes", keyframes.animatedNames)],
            padding: keyframesPadding ? (image, pixelLimit) : nil)
        } else if let loaded {
          let names = replay.usesConfigTracks ? replay.configEffect?.trackNames : nil
          try DebugConfig.checkSchedule(
            prepared.offsets.resolve(chain), file: loaded.path, sizeInPoints: image.sizeInPoints,
            times: times, tracks: [names.map { ("effects[0].keyframes", $0) }],
            padding: checksPadding ? (image, pixelLimit) : nil,
            offsetPath: prepared.offsets.shared == nil ? nil : "debug.maxSampleOffset")
        }
        return chain
      }
    }
    guard replay.keyframes != nil, keyframesPadding else { return try render() }
    try SettingError.aboutLimits(of: "keyframes", render)
  }
}
