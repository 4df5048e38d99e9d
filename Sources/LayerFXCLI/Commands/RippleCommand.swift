import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXPNG

/// `layerfx ripple`: the WWDC24 ripple on an image, one frame or a whole animation.
enum RippleCommand {
  static let name = "ripple"
  static let summary = "Apply the WWDC24 ripple to an image: one frame, or an animation."
  static let synopsis = "INPUT (--time SECONDS -o OUT.png | --fps FPS -o DIR/) [options]"
  static let discussion = """
    INPUT is a PNG file or testcard:WxH, the built-in test card (gradients, grid, rings).
    With --time, writes the frame at that many seconds after the tap to OUT.png.
    With --fps, writes frame k at t = k / fps to DIR/frame_0000.png, … over the whole
    duration, or --frames N frames. The ripple is drawn while 0 < t < duration; outside
    that the frame is the input unchanged. Before rendering, an animation is refused when it
    has more than --max-frames frames or its frames' uncompressed size exceeds the free disk
    space (--ignore-free-space skips that check).
    """

  static let options: [OptionSpec] =
    [
      .value("time", "SECONDS", "render one frame at this time after the tap (seconds)"),
      .value("fps", "FPS", "render an animation at this frame rate (frames per second)"),
      .value("frames", "N", "number of frames to render (default: duration × fps)"),
      .value("output", short: "o", "PATH", "output PNG file, or directory for an animation"),
      .value("origin", "X,Y", "where the tap lands, points (default: the centre)"),
      .value("amplitude", "POINTS", "largest displacement, points (default 12)"),
      .value("frequency", "RAD/S", "oscillation, radians per second (default 15)"),
      .value("decay", "1/S", "damping per second (default 8)"),
      .value("speed", "POINTS/S", "wave-front speed, points per second (default 1200)"),
      .value("duration", "SECONDS", "how long the ripple lasts, seconds (default 3)"),
      .value("scale", "PX/PT", "pixels per point of the input (default 1)"),
    ] + RenderOptions.specs + OutputOptions.specs + FrameLimits.specs

  static let command = Command(
    name: name, summary: summary, synopsis: synopsis, discussion: discussion,
    options: options, run: run)

  static func run(_ arguments: ParsedArguments, console: Console) throws {
    guard arguments.positionals.count <= 1 else {
      throw UsageError.unexpectedArgument(arguments.positionals[1])
    }
    guard let inputArgument = arguments.positionals.first else {
      throw UsageError.missing("INPUT (a PNG file or testcard:WxH)")
    }
    guard let outputPath = arguments.value("output") else {
      throw UsageError.missing("output: give -o OUT.png or -o DIR/")
    }
    let time = try arguments.value("time", as: .number)
    let fps = try arguments.value("fps", as: .positiveNumber)
    let frameCount = try arguments.value("frames", as: .integer(in: 1...1_000_000))
    switch (time, fps) {
    case (nil, nil): throw UsageError.missing("--time SECONDS (one frame) or --fps FPS (animation)")
    case (.some, .some): throw UsageError.invalid("--time and --fps cannot be used together")
    case (.some, nil) where frameCount != nil:
      throw UsageError.invalid("--frames needs --fps")
    default: break
    }
    let scale = try arguments.value("scale", as: .positiveNumber, default: 1)
    let render = try RenderOptions(arguments)
    let output = try OutputOptions(arguments)
    let limits = try FrameLimits(arguments)
    let input = try InputImage(inputArgument, scale: Float(scale), pixelLimit: render.pixelLimit)
    let parameters = RippleParameters(
      origin: try arguments.value("origin", as: .point) ?? input.image.sizeInPoints / 2,
      amplitude: Float(try arguments.value("amplitude", as: .number, default: 12)),
      frequency: Float(try arguments.value("frequency", as: .number, default: 15)),
      decay: Float(try arguments.value("decay", as: .number, default: 8)),
      speed: Float(try arguments.value("speed", as: .positiveNumber, default: 1200)),
      duration: try arguments.value("duration", as: .positiveNumber, default: 3))
    try output.checkNotInput(outputPath, input: input.path)
    let renderer = Renderer(tileSize: render.tileSize, threadCount: render.threadCount)
    try render.checkPaddedSize(of: input.image, maxSampleOffset: parameters.maxSampleOffset)
    let layer = Layer(input.image, maxSampleOffset: parameters.maxSampleOffset)

    if let time {
      let frame = try parameters.render(input.image, layer: layer, at: time, renderer: renderer)
      try output.encoder.write(frame, to: outputPath, metadata: input.metadata)
      return
    }
    guard let fps else { return }
    let count = try limits.frameCount(explicit: frameCount, duration: parameters.duration, fps: fps)
    try limits.checkFreeSpace(
      frames: count, width: input.image.width, height: input.image.height,
      bitDepth: output.encoder.bitDepth.rawValue, directory: outputPath)
    try output.checkFramesAvoidInput(directory: outputPath, frameCount: count, input: input.path)
    let directory = try output.makeDirectory(outputPath)
    let writer = FrameWriter(encoder: output.encoder, metadata: input.metadata)
    for k in 0..<count {
      console.progress("frame \(k + 1)/\(count)")
      let frame = try parameters.render(
        input.image, layer: layer, at: Double(k) / fps, renderer: renderer)
      try writer.write(frame, to: directory + FrameWriter.frameName(k))
    }
    try writer.finish()
    console.endProgress()
  }
}
