import LayerFX
import LayerFXAnimation
import LayerFXKernels
import LayerFXMath

/// Renders the frames of a ripple animation: every ripple active at a time, composed as
/// stacked layer effects.
///
/// At time `t` (seconds on the animation clock) the animator lists the active ripples in tap
/// order; each one is one ripple layer-effect pass over the previous pass's output, with its
/// own `maxSampleOffset = (|amplitude|, |amplitude|)`, as stacking one `.layerEffect` per tap
/// does in SwiftUI (the first tap innermost). Between passes each premultiplied channel is
/// clamped to [0, 1], NaN becoming 0, but not rounded: each SwiftUI effect renders into its own
/// target, and a normalised target holds [0, 1] (semantics.md §3; SwiftUI does not document its
/// intermediate format, so not rounding is LayerFX's decision). The final PNG store clamps the
/// same way, then un-premultiplies and rounds (semantics.md §3). With no active ripple the
/// frame is the input itself, bit for bit.
///
/// Source: semantics.md §3 (the premultiplied clamp between stacked effects and at the store),
/// §4 (padding by `maxSampleOffset`), §5 (ripple arguments and the `0 < time < duration` rule);
/// ``RippleAnimator`` (overlap rule).
struct RippleRenderer {
  /// The input, premultiplied RGBA.
  let image: Image
  /// The taps and the timeline they replay.
  let animator: RippleAnimator
  /// Tiles, threads and the pixel limit; the output does not depend on tiles or threads.
  let options: RenderOptions
  /// The input's layer for the last offset a first pass used: frames share it while the
  /// amplitude holds, instead of copying and padding the input every frame.
  private let inputLayer = InputLayerCache()

  init(image: Image, animator: RippleAnimator, options: RenderOptions) {
    self.image = image
    self.animator = animator
    self.options = options
  }

  /// Returns the frame at `time`.
  ///
  /// - Parameter time: Seconds on the animation clock (a tap at `T` starts its ripple then).
  /// - Returns: An image of the input's size and scale.
  /// - Throws: ``ShaderArgumentError`` if a keyframed parameter is not finite;
  ///   ``CLIError/limitExceeded(_:)`` if an amplitude pads the layer beyond the pixel limit.
  /// - Complexity: O(width × height) per active ripple.
  func frame(at time: Double) throws -> Image {
    var frame = image
    for (pass, ripple) in animator.ripples(at: time).enumerated() {
      if pass > 0 {
        frame.pixels = frame.pixels.map(Self.clampedBetweenPasses)
      }
      let shader = ShaderFunction.ripple(
        .float2(ripple.origin), .float(Float(ripple.time)), .float(Float(ripple.amplitude)),
        .float(Float(ripple.frequency)), .float(Float(ripple.decay)), .float(Float(ripple.speed)))
      let prepared = try shader.prepared(for: .layer, sizeInPoints: frame.sizeInPoints)
      try options.checkPaddedSize(of: frame, maxSampleOffset: ripple.maxSampleOffset)
      let layer =
        pass == 0
        ? inputLayer.layer(for: image, maxSampleOffset: ripple.maxSampleOffset)
        : Layer(frame, maxSampleOffset: ripple.maxSampleOffset)
      frame = options.renderer.render(prepared, layer).image
    }
    return frame
  }

  /// Returns `pixel` with each premultiplied channel clamped to [0, 1] and NaN mapped to 0, as
  /// a normalised render target stores it between stacked effects.
  ///
  /// The same values as `clamped(lowerBound: .zero, upperBound: .one)`, which also gives 0 for
  /// NaN (through `Float.maximum`, measured with Swift 6.3); written with masks so the NaN rule
  /// is stated here rather than inherited, and no lane branches.
  ///
  /// Source: semantics.md §3 (the same premultiplied clamp applies between stacked effects).
  static func clampedBetweenPasses(_ pixel: half4) -> half4 {
    var clamped = pixel
    // `!(x >= 0)` is true for negatives and for NaN.
    clamped.replace(with: 0, where: .!(clamped .>= 0))
    clamped.replace(with: 1, where: clamped .> 1)
    return clamped
  }
}

/// The last layer built from the input, reused while the offset stays the same.
private final class InputLayerCache {
  private var cached: (offset: float2, layer: Layer)?

  func layer(for image: Image, maxSampleOffset: float2) -> Layer {
    if let cached, cached.offset == maxSampleOffset { return cached.layer }
    let layer = Layer(image, maxSampleOffset: maxSampleOffset)
    cached = (maxSampleOffset, layer)
    return layer
  }
}
