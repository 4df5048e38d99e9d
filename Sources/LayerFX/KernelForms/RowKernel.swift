import LayerFXMath

/// A natively compiled row function: the hook through which code compiled outside Swift (a
/// `.metal` file built by `LayerFXMetal`) renders a run of a destination row in one call.
///
/// The renderer calls ``body`` once per run of a tile's row, from several threads at once, with
/// a ``Run`` that says where the run's pixels sit and where its source is. The body must write
/// all `count` pixels of the run and nothing else. Pixel `(x, y)` sits at
/// `((x − margin.x + 0.5) / scale, (y − margin.y + 0.5) / scale)` points, as in the closure
/// form (`Documentation/Semantics.md` §2).
///
/// Made with ``ShaderFunction/init(name:kind:summary:parameters:maxSampleOffset:makeNativeKernels:)``,
/// which pairs it with the per-pixel closure form the bounds checker runs (in batches through
/// ``pixels`` when the kernel has that form).
public struct RowKernel: Sendable {
  /// Where a run of a destination row is, and what it reads.
  ///
  /// Every pointer is valid only during the call.
  public struct Run {
    /// The run's first destination pixel; `count` premultiplied RGBA pixels follow it.
    public let destination: UnsafeMutablePointer<half4>
    /// The number of pixels in the run.
    public let count: Int
    /// The destination column of the run's first pixel, pixels.
    public let column: Int
    /// The destination row, pixels.
    public let row: Int
    /// The destination's margin around the source, pixels per side.
    public let margin: SIMD2<Int>
    /// Pixels per point.
    public let scale: Float
    /// Colour effects: the source pixel under the run's first destination pixel (the run's
    /// source pixels follow it); `nil` for other kinds.
    public let source: UnsafePointer<half4>?
    /// Layer and distortion effects: the padded layer's texels (texel `(−pad.x, −pad.y)` of the
    /// image first, row-major, `rowLength` texels per row, one extra column and row repeating
    /// the last, as ``Layer`` stores them); `nil` for other kinds.
    public let texels: UnsafePointer<half4>?
    /// Texels per row of `texels`: `width + 2 padding.x + 1`.
    public let rowLength: Int
    /// The layer's transparent padding per side, pixels.
    public let padding: SIMD2<Int>
    /// The unpadded source's width and height, pixels.
    public let size: SIMD2<Int>
  }

  /// Renders the runs of a tile's rows in one call.
  ///
  /// A compiled shader that runs in another process takes a whole tile per request: the run of the tile's first row, the number of
  /// rows, and the pixels from one row to the next in the destination and, for colour effects,
  /// in the source. Row `r` of the tile is the first run with `row + r` and both pointers
  /// advanced by `r` strides.
  public typealias TileBody =
    @Sendable (_ first: Run, _ rows: Int, _ destinationStride: Int, _ sourceStride: Int) -> Void

  /// The per-pixel form for a batch of pixels in one call: the form the bounds checker (and
  /// `Renderer.usesLaneKernels = false`) runs for a kernel in another process, where a call per
  /// pixel would cost a round trip per pixel and per sample.
  ///
  /// - `layer`: a run whose `texels`, `rowLength`, `padding`, `size` and `scale` describe the
  ///   padded layer a layer effect samples (as for ``body``), and whose `row` is the
  ///   destination row of the batch's pixels (a batch is one row); its other members say
  ///   nothing.
  /// - `positions`: the pixels' positions, points (`Documentation/Semantics.md` §2).
  /// - `colors`: as many elements; on entry each pixel's source colour (colour effects; zero
  ///   for other kinds), on return what the kernel returned for the pixel: a premultiplied
  ///   colour, or a distortion effect's sample position in `x` and `y`; transparent black for
  ///   the batch's pixels after a failure.
  /// - `sampled`: called for every ``Layer/sample(_:)->half4`` a layer effect makes, with the
  ///   pixel's index in `positions` and the sample's position (points), in the order taken,
  ///   pixels in ascending order. The kernel samples the layer itself with ``Layer``'s
  ///   operations (§4), so the colour it used is what `sample` returns there.
  public typealias PixelsBody =
    @Sendable (
      _ layer: Run, _ positions: UnsafeBufferPointer<float2>,
      _ colors: UnsafeMutableBufferPointer<half4>,
      _ sampled: (_ pixel: Int, _ position: float2) -> Void
    ) -> Void

  /// Allocates `bytes` (a multiple of 16, 16-byte aligned) for the padded texels of a layer the
  /// kernel reads, and returns them with the object that owns them (kept as long as the
  /// texels); `nil` for ordinary memory.
  public typealias Allocator = @Sendable (_ bytes: Int) -> (UnsafeMutableRawPointer, AnyObject)?

  /// Bands of whole rows per renderer thread for a kernel with a ``tile`` form (2; the
  /// renderer's default is 16): see `Benchmarks/HISTORY.md` ("The shader sandbox").
  static let bandsPerWorker = 2

  /// The function, called once per run.
  public let body: @Sendable (Run) -> Void
  /// The batched form, called once per tile instead of ``body`` when present.
  public let tile: TileBody?
  /// The per-pixel form in batches, run instead of the per-pixel closure when present.
  public let pixels: PixelsBody?
  /// Where the padded texels the kernel reads are made, or `nil` for ordinary memory.
  public let allocateTexels: Allocator?
  /// Where a render's scratch tiles (one per renderer thread, which a frame on its way to PNG
  /// samples is shaded into, tile by tile) are made for this kernel, or `nil` for ordinary
  /// memory: a kernel that runs in another process writes them there directly.
  public let allocateDestination: Allocator?

  /// Creates a row kernel from `body`.
  ///
  /// - Parameters:
  ///   - body: Renders one run; must write every pixel of it.
  ///   - tile: Renders every run of a tile in one call; must write every pixel of them.
  ///   - pixels: The per-pixel form in batches, for the bounds checker.
  ///   - allocateTexels: Where a layer's padded texels are made for this kernel.
  ///   - allocateDestination: Where a render's scratch tiles are made for this kernel.
  public init(
    _ body: @escaping @Sendable (Run) -> Void, tile: TileBody? = nil, pixels: PixelsBody? = nil,
    allocateTexels: Allocator? = nil, allocateDestination: Allocator? = nil
  ) {
    self.body = body
    self.tile = tile
    self.pixels = pixels
    self.allocateTexels = allocateTexels
    self.allocateDestination = allocateDestination
  }
}

extension ShaderFunction {
  /// Creates a shader function whose fast form is a natively compiled ``RowKernel``, paired with
  /// a per-pixel closure (which the displacement map runs, and the bounds checker and
  /// `usesLaneKernels = false` when the row kernel has no ``RowKernel/pixels`` form).
  ///
  /// - Parameters:
  ///   - name: The function's name.
  ///   - kind: The effect kind; both kernels must be of this kind.
  ///   - summary: A one-line description.
  ///   - parameters: The parameters after SwiftUI's own, in call order.
  ///   - maxSampleOffset: The offset (points, per axis) the function needs for given arguments;
  ///     `nil` (the default) when it declares none, as a compiled `.metal` function does: its
  ///     prepared shaders then start at zero, and a layer or distortion effect of it needs the
  ///     caller's offset (``requiresMaxSampleOffset``).
  ///   - makeNativeKernels: Binds checked arguments, once per prepared shader, and returns the
  ///     per-pixel closure and the row kernel.
  public init(
    name: String, kind: EffectKind, summary: String = "", parameters: [Parameter],
    maxSampleOffset: (@Sendable (ShaderArguments) throws(ShaderArgumentError) -> float2)? = nil,
    makeNativeKernels:
      @escaping @Sendable (ShaderArguments) throws(ShaderArgumentError) -> (
        EffectKernel, RowKernel
      )
  ) {
    self.init(
      name: name, kind: kind, summary: summary, parameters: parameters,
      declaresMaxSampleOffset: maxSampleOffset != nil
    ) { arguments throws(ShaderArgumentError) in
      let (kernel, row) = try makeNativeKernels(arguments)
      return Forms(
        kernel: kernel, lanes: .native(row),
        maxSampleOffset: try maxSampleOffset?(arguments) ?? .zero)
    }
  }
}
