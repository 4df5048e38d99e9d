import LayerFXMath

/// One render: the prepared shader, what it reads, the destination's extent, and whether the
/// bounds checker records the render's samples.
///
/// A request says what is computed; the ``Renderer`` that runs it says how (tile size, thread
/// count, lane forms), which never changes the output. The renderer takes a request in three
/// calls that differ in where the pixels go: a new image (``Renderer/render(_:)``), an image
/// whose storage is reused (``Renderer/render(_:into:)``), or the destination's own elements
/// through a ``PixelStore`` (``Renderer/render(_:storing:into:)``).
///
/// Nothing in a render throws: the shader's arguments were checked when it was prepared
/// (``Shader/prepared(for:sizeInPoints:)`` throws ``ShaderArgumentError``), and a programmer
/// error (a fill source for a shader that is not a fill) stops at a precondition.
///
/// ```swift
/// let shader = try ShaderLibrary.ripple(.float2(12, 8), .float(0.2))
///   .prepared(for: .layer, sizeInPoints: image.sizeInPoints)
/// let (output, report) = Renderer().render(
///   RenderRequest(shader, source: .image(image), checksSampleBounds: true))
/// ```
///
/// Source: `Documentation/Semantics.md` §1.4 (the destination), §1.5 (fills), §4.1 (the layer
/// and its padding), §4.5 (the bounds checker).
public struct RenderRequest: Sendable {
  /// What a render reads.
  public enum Source: Sendable {
    /// An image, premultiplied RGBA: a colour effect reads its pixels in place; a layer or
    /// distortion effect reads its layer padded by the shader's `maxSampleOffset`
    /// (`⌈maxSampleOffset × scale⌉` pixels a side, made for this render without copying
    /// pixels).
    case image(Image)
    /// A layer already padded by the offset the caller chose, which every frame of an
    /// animation can share; the bounds checker still holds samples to the shader's
    /// `maxSampleOffset`.
    case layer(Layer)
    /// Nothing: a fill (a shader used as a `ShapeStyle`, §1.5) over `width × height` pixels
    /// (each ≥ 1) at `scale` pixels per point (> 0).
    case fill(width: Int, height: Int, scale: Float = 1)
  }

  /// Which pixels the destination covers.
  public enum OutputBounds: Sendable {
    /// The source's own pixels (SwiftUI's default).
    case source
    /// The source grown by the layer's padding on every side, so an effect can draw outside
    /// the view as in SwiftUI (colour effects have no padding, nor has a fill; §1.4).
    case padded
  }

  /// The prepared shader: its kernel, arguments and `maxSampleOffset` (points, per axis).
  public var shader: PreparedShader
  /// What the shader reads.
  public var source: Source
  /// The destination's extent: the source's pixels (the default) or grown by the padding.
  public var bounds: OutputBounds
  /// Whether the bounds checker records the render (§4.5).
  ///
  /// When set, every sample is checked against the shader's `maxSampleOffset`, the output
  /// pixels that are NaN or ∞ are counted, and the render returns a ``SampleBoundsReport``. A
  /// fill samples nothing, so its report counts only non-finite outputs.
  public var checksSampleBounds: Bool

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - shader: The prepared shader; a ``EffectKind/fill`` when `source` is
  ///     ``Source/fill(width:height:scale:)``.
  ///   - source: What the shader reads.
  ///   - bounds: The destination's extent; ``OutputBounds/source`` by default.
  ///   - checksSampleBounds: Whether the bounds checker records the render; off by default.
  public init(
    _ shader: PreparedShader, source: Source, bounds: OutputBounds = .source,
    checksSampleBounds: Bool = false
  ) {
    self.shader = shader
    self.source = source
    self.bounds = bounds
    self.checksSampleBounds = checksSampleBounds
  }

  /// The destination's width and height, pixels: the source's size (a fill's `width × height`),
  /// or, with ``OutputBounds/padded`` bounds and a layer or distortion effect, grown by twice the
  /// layer's padding.
  ///
  /// - Complexity: O(1); copies no pixel.
  public var destinationSize: SIMD2<Int> {
    withSource { _, size, _, _ in size }
  }

  /// Calls `body` with what the shader reads and the destination's size (pixels), margin
  /// (pixels per side) and scale (pixels per point): a colour effect's image in place, a fill's
  /// nothing, otherwise a layer.
  ///
  /// - Precondition: The shader is a fill when the source is one (checked in release builds).
  func withSource<Result>(_ body: (TileSource, SIMD2<Int>, SIMD2<Int>, Float) -> Result)
    -> Result
  {
    switch source {
    case .fill(let width, let height, let scale):
      precondition(shader.kind == .fill, "\(shader.function.name) is not a fill")
      return body(.none, SIMD2(width, height), .zero, scale)
    case .image(let image) where shader.kind == .color:
      return image.pixels.withUnsafeBufferPointer { pixels in
        guard let base = pixels.baseAddress else {
          preconditionFailure("an image has at least one pixel")
        }
        return body(
          .pixels(base, width: image.width, height: image.height),
          SIMD2(image.width, image.height), .zero, image.scale)
      }
    case .image(let image):
      return withLayer(Layer(image, maxSampleOffset: shader.maxSampleOffset), body)
    case .layer(let layer):
      return withLayer(layer, body)
    }
  }

  /// Calls `body` with `layer` as the source, and the destination's size, margin and scale.
  private func withLayer<Result>(
    _ layer: Layer, _ body: (TileSource, SIMD2<Int>, SIMD2<Int>, Float) -> Result
  ) -> Result {
    let margin = bounds == .padded && shader.kind != .color ? layer.padding : .zero
    return body(.layer(layer), SIMD2(layer.width, layer.height) &+ 2 &* margin, margin, layer.scale)
  }
}
