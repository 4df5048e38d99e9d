import Foundation
import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import LayerFXPNG

/// `layerfx ripple`: the WWDC24 ripple on an image, one frame or a whole animation, from one
/// or several taps.
enum RippleCommand {
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
    with a track for any of time, amplitude, frequency, decay, speed (keyframe types move,
    linear, spring, cubic). Precedence: a track in the file wins; --amplitude, --frequency,
    --decay and --speed give the value of a parameter without a track and the value a track
    starts from; the file's "duration" wins over --duration. Every tap replays the timeline.
    'layerfx timeline FILE.json' prints the tracks.
    Before rendering, an animation is refused when it has more than --max-frames frames or
    its frames' uncompressed size exceeds the free disk space (--ignore-free-space skips
    that check).
    """

  static let options: [OptionSpec] =
    [
      .value("time", "SECONDS", "render one frame at this time on the animation clock (seconds)"),
      .value("fps", "FPS", "render an animation at this frame rate (frames per second)"),
      .value("frames", "N", "frames to render (default: until the last tap's timeline ends)"),
      .value("output", short: "o", "PATH", "output PNG file, or directory for an animation"),
      .value("contact-sheet", "N", "with --fps: write the frames as one image, N per row"),
      .value(
        "tap", "X,Y@T", "a tap at X,Y points, T seconds into the animation (repeatable)",
        repeatable: true),
      .value("origin", "X,Y", "the single tap's point when there is no --tap (default: centre)"),
      .value("keyframes", "FILE.json", "keyframe tracks for ripple parameters (config document)"),
      .value("duration", "SECONDS", "how long each ripple lasts, seconds (default 3)"),
      .value("scale", "PX/PT", "pixels per point of the input (default 1)"),
    ] + rippleParameters.map(\.optionSpec) + RenderOptions.specs + OutputOptions.specs
    + FrameLimits.specs

  /// The ripple's parameters that are options here: all but those the taps drive (origin and
  /// time), straight from the kernel's declaration.
  static let rippleParameters = ShaderFunction.ripple.parameters.filter { $0.role == nil }

  static let command = Command(
    name: name, summary: summary, synopsis: synopsis, discussion: discussion,
    options: options, run: run)

  static func run(_ arguments: ParsedArguments, console: Console) throws {
    let inputArgument = try arguments.positionals(InputImage.usageName)[0]
    let outputPath = try arguments.required("output", hint: "output: give -o OUT.png or -o DIR/")
    let time = try arguments.value("time", as: .number)
    let fps = try arguments.value("fps", as: .positiveNumber)
    let frameCount = try arguments.value("frames", as: .integer(in: 1...1_000_000))
    switch (time, fps) {
    case (nil, nil): throw UsageError.missing("--time SECONDS (one frame) or --fps FPS (animation)")
    case (.some, .some): throw UsageError.invalid("--time and --fps cannot be used together")
    case (.some, nil) where frameCount != nil:
      throw UsageError.invalid("--frames needs --fps")
    case (.some, nil) where arguments.has("contact-sheet"):
      throw UsageError.invalid("--contact-sheet needs --fps")
    default: break
    }
    let writesOneImage = time != nil || arguments.has("contact-sheet")
    if writesOneImage && outputPath != "-" {
      try OutputOptions.checkIsFile(outputPath)
    } else if !writesOneImage && outputPath.lowercased().hasSuffix(".png") {
      throw UsageError.invalid(
        "-o \(outputPath) names a PNG file, but an animation writes a directory of frames: "
          + "give -o DIR/ (or --contact-sheet N for one image)")
    }
    let taps = try arguments.all("tap").map { text throws(UsageError) in
      guard let tap = ValueType.tap.parse(text) else {
        throw .invalidValue(option: "tap", value: text, expected: ValueType.tap.expected)
      }
      return tap
    }
    let origin = try arguments.value("origin", as: .point)
    if origin != nil && !taps.isEmpty {
      throw UsageError.invalid("--origin and --tap cannot be used together; give X,Y@T per tap")
    }
    let ripple = ShaderFunction.ripple
    var base = ParameterValues(defaultsOf: ripple)
    for parameter in rippleParameters where base.contains(parameter.name) {
      base[parameter.name] = Double(try parameter.float(from: arguments))
    }
    guard let clock = ripple.parameter(role: .timeSinceTrigger)?.name else {
      preconditionFailure("the ripple declares a time-since-trigger parameter")
    }
    let duration = try arguments.value("duration", as: .positiveNumber, default: 3)
    let scale = try arguments.value("scale", as: .positiveNumber, default: 1)
    let render = try RenderOptions(arguments)
    let output = try OutputOptions(arguments)
    let limits = try FrameLimits(arguments)
    let config = try arguments.value("keyframes").map { path in
      try KeyframesConfig(file: path, initialValue: base, clock: clock, defaultDuration: duration)
    }
    let input = try InputImage(inputArgument, scale: Float(scale), pixelLimit: render.pixelLimit)
    try OutputOptions.checkNotInput(outputPath, input: input.path)
    let effect = AnimatedEffect(
      ripple,
      timeline: config?.timeline
        ?? KeyframeTimeline(
          initialValue: base, clock: ParameterValues.keyPath(clock), duration: duration),
      triggers: taps.isEmpty
        ? [.init(time: 0, payload: origin ?? input.image.sizeInPoints / 2)] : taps,
      duration: config?.duration ?? duration)
    let chain = EffectChain([effect])
    let ripples = ChainRenderer(image: input.image, chain: chain, renderer: render.renderer)

    if let time {
      let frame = ripples.render(
        try render.checkedPasses(of: chain, image: input.image, at: [time])[0])
      try output.write(frame.image, to: outputPath, metadata: input.metadata, console: console)
      return
    }
    guard let fps else { return }
    let count = try limits.frameCount(explicit: frameCount, duration: chain.endTime, fps: fps)
    let schedule = FrameSchedule(fps: fps, frameCount: count)
    let passes = try render.checkedPasses(of: chain, image: input.image, at: schedule.times)
    if let columns = try arguments.value("contact-sheet", as: .integer(in: 1...1000)) {
      var sheet = try ContactSheet(
        frameCount: count, columns: columns, frameWidth: input.image.width,
        frameHeight: input.image.height, scale: input.image.scale, pixelLimit: render.pixelLimit)
      for k in 0..<count {
        console.progress("frame \(k + 1)/\(count)")
        sheet.place(ripples.render(passes[k]).image, at: k)
      }
      console.endProgress()
      try output.write(sheet.image, to: outputPath, metadata: input.metadata, console: console)
      return
    }
    if outputPath == "-" {
      // A raw stream: every frame as straight-alpha 8-bit RGBA, width × height × 4 bytes, in order.
      for k in 0..<count {
        console.progress("frame \(k + 1)/\(count)")
        let frame = ripples.render(passes[k]).image
        try console.writeOutput(PNGEncoder.rgba8(frame))
      }
      console.endProgress()
      return
    }
    try limits.checkFreeSpace(
      frames: count, width: input.image.width, height: input.image.height,
      bitDepth: output.encoder.bitDepth.rawValue, directory: outputPath)
    try OutputOptions.checkFramesAvoidInput(
      directory: outputPath, frameCount: count, input: input.path)
    let directory = try output.makeDirectory(outputPath)
    let writer = FrameWriter(
      encoder: output.encoder, metadata: input.metadata, concurrentEncodes: render.threadCount)
    for k in 0..<count {
      console.progress("frame \(k + 1)/\(count)")
      // Frame timing is a pure function of t = k / fps, never an accumulated sum.
      let frame = ripples.render(passes[k]).image
      try writer.write(frame, to: directory + FrameWriter.frameName(k, of: count))
    }
    try writer.finish()
    console.endProgress()
  }
}
