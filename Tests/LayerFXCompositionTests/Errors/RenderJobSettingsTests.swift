import LayerFX
import LayerFXComposition
import LayerFXKernels
import Testing

/// A chain render's settings merged over a config's and checked before the input is loaded
/// (`RenderJob.Settings`; Documentation/Semantics.md §5).
@Suite struct RenderJobSettingsTests {
  /// The settings of `timing` written to `output`, without a config.
  static func settings(
    _ timing: RenderJob.Timing, output: String = "out/", stillTime: Double? = nil,
    config: DebugConfig? = nil
  ) throws(RenderJobError) -> RenderJob.Settings {
    try RenderJob.Settings(
      outputPath: output, timing: timing, overlays: nil, checksBounds: false,
      stillTime: stillTime, config: config)
  }

  /// The setting and the problem `body` throws, if it throws a `RenderJobError`.
  static func error(_ body: () throws -> Void) -> (RenderJob.Setting?, String)? {
    do {
      try body()
      return nil
    } catch let error as RenderJobError {
      return (error.setting, "\(error.underlying)")
    } catch {
      return nil
    }
  }

  @Test("the format follows the columns, then the path: -, /dev/null raw; .apng; else frames")
  func formats() throws {
    #expect(
      try Self.settings(RenderJob.Timing(fps: 10, contactSheet: 2), output: "s.png").format
        == .contactSheet)
    #expect(try Self.settings(RenderJob.Timing(fps: 10), output: "-").format == .raw)
    #expect(try Self.settings(RenderJob.Timing(fps: 10), output: "/dev/null").format == .raw)
    #expect(try Self.settings(RenderJob.Timing(fps: 10), output: "a.APNG").format == .apng)
    #expect(try Self.settings(RenderJob.Timing(fps: 10), output: "d/").format == .pngSequence)
    #expect(try Self.settings(RenderJob.Timing(time: 1), output: "x.png").format == nil)
  }

  @Test("neither a time nor a rate is about the time; both, or --frames for one frame, about none")
  func timingMisfits() {
    let missing = Self.error { _ = try Self.settings(RenderJob.Timing(), output: "x.png") }
    #expect(missing?.0 == .time)
    #expect(missing?.1 == "missing --time SECONDS (one frame) or --fps FPS (animation)")
    let both = Self.error { _ = try Self.settings(RenderJob.Timing(time: 0, fps: 1)) }
    #expect(both?.0 == nil && both?.1 == "--time and --fps cannot be used together")
    let frames = Self.error {
      _ = try Self.settings(RenderJob.Timing(time: 0, frames: 2), output: "x.png")
    }
    #expect(frames?.0 == nil && frames?.1 == "--frames needs --fps")
  }

  @Test("a still time stands in for --time only while no rate is given")
  func stillTime() throws {
    #expect(try Self.settings(RenderJob.Timing(), output: "x.png", stillTime: 0).time == 0)
    #expect(try Self.settings(RenderJob.Timing(fps: 4), stillTime: 0).time == nil)
  }

  @Test("the config's timing and output apply unless the front end gives its own")
  func configMerge() throws {
    var output = DebugConfig.Output()
    output.time = 0.5
    let config = DebugConfig(input: nil, effects: [], output: output)
    #expect(try Self.settings(RenderJob.Timing(), output: "x.png", config: config).time == 0.5)
    // A rate given replaces the config's whole clock group, its time too.
    let animated = try Self.settings(RenderJob.Timing(fps: 3), config: config)
    #expect(animated.time == nil && animated.timing.fps == 3)
  }

  @Test("an APNG's rate beyond 65535 fps is about fps: a 16-bit fraction cannot state it")
  func apngRate() {
    let error = Self.error {
      _ = try Self.settings(RenderJob.Timing(fps: 70_000), output: "a.apng")
    }
    #expect(error?.0 == .fps)
  }

  @Test("a frame range beyond the count is about the range: frames 5..9 of 3")
  func frameRange() throws {
    // 0.25 s at 10 fps: ⌈2.5⌉ = 3 frames, 0 to 2.
    let settings = try Self.settings(
      RenderJob.Timing(fps: 10, frameRange: FrameRange(first: 5, last: 9)))
    let error = Self.error {
      _ = try settings.schedule(endTime: 0.25, limits: AnimationLimits(), bitDepth: .eight)
    }
    #expect(error?.0 == .frameRange)
    #expect(
      error?.1 == "invalid value '5..9': expected frames from 0 to 2 (the animation has 3 frames)")
  }

  @Test("the frame count's key is the config's duration, else its frames, else its fps")
  func framesKeyPath() {
    var output = DebugConfig.Output()
    output.fps = 10
    #expect(
      RenderJob.Setting.frames.keyPath(in: DebugConfig(input: nil, effects: [], output: output))
        == "output.fps")
    output.frames = 4
    #expect(
      RenderJob.Setting.frames.keyPath(in: DebugConfig(input: nil, effects: [], output: output))
        == "output.frames")
    output.duration = 2
    #expect(
      RenderJob.Setting.frames.keyPath(in: DebugConfig(input: nil, effects: [], output: output))
        == "output.duration")
  }

  @Test("an offset for every pass is refused when no pass samples (a colour effect)")
  func offsetWithoutSampling() {
    let colour = Self.error { try MaxSampleOffsetSources.checkSamples([.grayscale]) }
    #expect(colour?.0 == .maxSampleOffset)
    #expect(
      colour?.1
        == "--max-sample-offset is taken only by layer and distortion effects; grayscale is a "
        + "colour effect")
    #expect(Self.error { try MaxSampleOffsetSources.checkSamples([.grayscale, .ripple]) } == nil)
  }
}
