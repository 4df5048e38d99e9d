import Foundation
import LayerFX
import LayerFXMath
import LayerFXPNG

extension ChainRenderer {
  /// The widest and highest a padded layer may be, in pixels: `2²² − 2`.
  ///
  /// This bound dates from when a layer stored its padding. Since the layer shares the image's
  /// pixels, the engine's own limit is `LayerFX.Layer.maxSide` on the image alone, which the
  /// PNG decoder's 1,000,000-pixel sides keep far below. The padded bound is still applied, so
  /// a huge padding is refused up front with a message naming it.
  public static let maxPaddedSide = (1 << 22) - 2

  /// Returns the passes of every frame time, having checked every pass's padded layer first
  /// (``checkPaddedSize(of:maxSampleOffset:function:storesPadding:pixelLimit:)``), so an
  /// animation is refused before its first frame renders and never midway (a keyframed
  /// amplitude that grows late is found here).
  ///
  /// A layer or distortion pass pads the image by `⌈maxSampleOffset × scale⌉` pixels on every
  /// side (Documentation/Semantics.md §4); the size is computed in `Double`, so a huge padding is refused
  /// rather than converted to `Int`.
  ///
  /// - Parameters:
  ///   - times: Frame times in seconds, in order (``FrameSchedule/times``).
  ///   - pixelLimit: The most pixels a stored padded layer may have.
  /// Every multi-pass shader of every frame keeps its working image in one place
  /// (`LayerFX.PreparedShader.sharingWorkingImage(with:)`): frames and passes render one after
  /// another, so an animation holds one working image, not one per frame.
  ///
  /// - Returns: One list of prepared passes per time.
  /// - Throws: `ShaderArgumentError` for an argument that does not fit its function, and
  ///   ``CompositionError/limitExceeded(_:)``, for the first frame and pass in order that fails.
  public func checkedPasses(at times: [Double], pixelLimit: Int = Int(Int32.max)) throws
    -> [[PreparedShader]]
  {
    var sharedWorkingImage: PreparedShader?
    return try times.map { time in
      let passes = try chain.passes(at: time, sizeInPoints: image.sizeInPoints)
      for pass in passes where pass.kind != .color {
        try Self.checkPaddedSize(
          of: image, maxSampleOffset: pass.maxSampleOffset, function: pass.function.name,
          storesPadding: pass.storesPadding, pixelLimit: pixelLimit)
      }
      return passes.map { pass in
        if let sharedWorkingImage { return pass.sharingWorkingImage(with: sharedWorkingImage) }
        if pass.workingImageCount > 0 { sharedWorkingImage = pass }
        return pass
      }
    }
  }

  /// Renders one frame per entry of `passes` (or those of `frames`) into `sink`, in order,
  /// then finishes the sink; a ``SampleFrameSink`` gets samples stored straight from the last
  /// pass when there are no overlays, and a frame with no pass, or whose samples equal the
  /// input's (for a sink that ``SampleFrameSink/reusesInputFrames``), as the input
  /// (``SampleFrameSink/writeInput(index:samples:)``).
  ///
  /// - Parameters:
  ///   - passes: Each frame's passes (``checkedPasses(at:pixelLimit:)``).
  ///   - sink: Where the frames go; each keeps its index in `passes`.
  ///   - frames: The indices of `passes` to render (``FrameRange/indices(in:)``); all by
  ///     default.
  ///   - overlays: Debug overlays drawn on each frame (``drawOverlays(_:scale:on:passes:)``),
  ///     with the scale of every frame of `passes`; none by default.
  ///   - progress: Called with each frame's index before it renders.
  ///   - reports: Called with each frame's index and its passes' bounds reports, when
  ///     ``checksSampleBounds`` is on, after `sink` took the frame: a frame the sink refuses
  ///     (one whose compiled shader faulted part-way) has no report of the samples it drew
  ///     before the fault.
  /// - Throws: What the sink throws.
  /// - Precondition: `frames` lies within `passes`.
  /// - Complexity: O(frames × passes × width × height).
  public func render<Sink: FrameSink>(
    _ passes: [[PreparedShader]], into sink: inout Sink, frames: ClosedRange<Int>? = nil,
    overlays: DebugOverlays = [], progress: (Int) -> Void = { _ in },
    reports: (Int, [SampleBoundsReport]) -> Void = { _, _ in }
  ) throws {
    let indices = frames.map { Array($0) } ?? Array(passes.indices)
    precondition(indices.allSatisfy(passes.indices.contains), "frames outside the schedule")
    let scale = overlays.isEmpty ? nil : DisplacementColorScale(passes: passes)
    // Without overlays, a sample sink's frames are stored straight into samples.
    let sampleSink = overlays.isEmpty ? sink as? any SampleFrameSink : nil
    // The last frame's samples, when the sink has let go of them.
    var spare: PNGSamples?
    for index in indices {
      progress(index)
      if let sampleSink {
        // No pass: the frame is the input, bit for bit, and the sink may reuse what it made of
        // an earlier such frame.
        if passes[index].isEmpty {
          try sampleSink.writeInput(index: index) {
            samples([], bitDepth: sampleSink.bitDepth).samples
          }
          if checksSampleBounds { reports(index, []) }
          continue
        }
        let rendered = samples(
          passes[index], bitDepth: sampleSink.bitDepth,
          reusing: spare.take() ?? sampleSink.takeSpareSamples())
        // Samples equal to the input's, code for code (a ripple decayed below half a code):
        // the file is the input's too.
        if sampleSink.reusesInputFrames && rendered.samples.areStored(from: image) {
          try sampleSink.writeInput(index: index) { rendered.samples }
        } else {
          try sampleSink.write(rendered.samples, index: index)
        }
        if checksSampleBounds { reports(index, rendered.reports) }
        if sampleSink.releasesSamplesOnReturn { spare = rendered.samples }
        continue
      }
      var rendered = render(passes[index])
      if let scale {
        drawOverlays(overlays, scale: scale, on: &rendered.image, passes: passes[index])
      }
      try sink.write(rendered.image, index: index)
      if checksSampleBounds { reports(index, rendered.reports) }
    }
    try sink.finish()
  }

  /// Renders the frames of `schedule` into `sink`: limits checked for the whole schedule
  /// first, then frame `k` at `k / fps`.
  ///
  /// - Parameters:
  ///   - schedule: Frame rate and count.
  ///   - sink: Where the frames go.
  ///   - pixelLimit: The most pixels a padded layer may have.
  /// - Throws: As ``checkedPasses(at:pixelLimit:)``, before any frame; then what the sink
  ///   throws.
  public func render<Sink: FrameSink>(
    _ schedule: FrameSchedule, into sink: inout Sink, pixelLimit: Int = Int(Int32.max)
  ) throws {
    try render(checkedPasses(at: schedule.times, pixelLimit: pixelLimit), into: &sink)
  }

  /// Refuses a layer or distortion pass over `image` whose padded layer, `⌈maxSampleOffset ×
  /// scale⌉` pixels on every side, would be more than ``maxPaddedSide`` a side, or, when the
  /// padding is stored, more than `pixelLimit` pixels; the one padded-size check, which
  /// ``checkedPasses(at:pixelLimit:)`` runs on every pass.
  ///
  /// Only a stored padding costs memory: a compiled `.metal` pass's padded copy of the layer
  /// (`LayerFX.PreparedShader.storesPadding`) or a padded output. Every other pass reads the
  /// padding without storing it, so its size is not held to the pixel limit: a 30000 × 1
  /// image rotated by `rotationEffect` pads to 60000 × 30001 pixels but needs only its own.
  ///
  /// - Parameters:
  ///   - image: The pass's source image.
  ///   - maxSampleOffset: The pass's offset, points per axis.
  ///   - function: The pass's shader function, named in the error.
  ///   - storesPadding: Whether the padded layer, or a padded output, is stored in memory.
  ///   - pixelLimit: The most pixels a stored padded layer may have.
  /// - Throws: ``CompositionError/limitExceeded(_:)`` naming the function, the padded size and
  ///   the limit.
  public static func checkPaddedSize(
    of image: Image, maxSampleOffset: float2, function: String, storesPadding: Bool,
    pixelLimit: Int
  ) throws(CompositionError) {
    let pad = SIMD2<Double>(
      (Double(maxSampleOffset.x) * Double(image.scale)).rounded(.up),
      (Double(maxSampleOffset.y) * Double(image.scale)).rounded(.up))
    let width = Double(image.width) + 2 * pad.x
    let height = Double(image.height) + 2 * pad.y
    let offset = "\(paddingText(maxSampleOffset.x)), \(paddingText(maxSampleOffset.y))"
    let size = "\(paddingText(width)) × \(paddingText(height))"
    guard !storesPadding || width * height <= Double(pixelLimit) else {
      throw .limitExceeded(
        "\(function)'s maxSampleOffset of \(offset) points pads the \(image.width) × "
          + "\(image.height) image to \(size) pixels, more than the limit of \(pixelLimit); "
          + paddingRemedy)
    }
    guard max(width, height) <= Double(maxPaddedSide) else {
      throw .limitExceeded(
        "the \(image.width) × \(image.height) image padded by \(function)'s maxSampleOffset "
          + "of \(offset) points is \(size) pixels; a layer or distortion effect takes at most "
          + "\(maxPaddedSide) pixels a side")
    }
  }

  /// What a render's command line changes about a stored padding over the pixel limit.
  ///
  /// It ends the message of
  /// ``checkPaddedSize(of:maxSampleOffset:function:storesPadding:pixelLimit:)``; a command that
  /// takes none of these options words its own in place of it (`config dump`).
  public static let paddingRemedy =
    "lower the arguments that set it (or --max-sample-offset, or --scale) or raise --max-pixels"

  /// An offset or padded size in the padded-size messages, all in one form: a whole number
  /// below 10¹⁵ as it is (`2032`), anything else with 7 significant digits, a `Float`'s
  /// precision (`12.5`, `2.305719e+38`), so an offset and the size it gives read alike.
  private static func paddingText(_ value: some BinaryFloatingPoint) -> String {
    let value = Double(value)
    if value == value.rounded() && abs(value) < 1e15 { return "\(Int(value))" }
    return String(format: "%.7g", value)
  }
}
