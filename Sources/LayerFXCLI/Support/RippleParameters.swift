import LayerFX
import LayerFXKernels
import LayerFXMath

/// The ripple's settings from the command line (semantics.md §5).
struct RippleParameters {
  /// Where the tap lands, points.
  var origin: float2
  /// Points.
  var amplitude: Float
  /// Radians per second.
  var frequency: Float
  /// Per second.
  var decay: Float
  /// Points per second.
  var speed: Float
  /// Seconds the effect is enabled after the tap.
  var duration: Double

  /// The ripple's declared `maxSampleOffset`: `(amplitude, amplitude)` points.
  var maxSampleOffset: float2 { float2(repeating: abs(amplitude)) }

  /// Returns the frame `time` seconds after the tap: the input itself unless
  /// `0 < time < duration`.
  ///
  /// - Throws: ``ShaderArgumentError`` if a parameter is not finite.
  func render(_ image: Image, layer: Layer, at time: Double, renderer: Renderer) throws -> Image {
    guard time > 0 && time < duration else { return image }
    let shader = ShaderFunction.ripple(
      .float2(origin), .float(Float(time)), .float(amplitude), .float(frequency), .float(decay),
      .float(speed))
    let kernel = try shader.makeKernel(for: .layer, sizeInPoints: image.sizeInPoints)
    return renderer.render(kernel, layer: layer).image
  }
}
