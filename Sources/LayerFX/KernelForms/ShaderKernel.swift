import LayerFXMath

/// A kernel written once for every lane width: a value holding its arguments, with a generic
/// body that LayerFX runs per pixel (`F` = `Float`) and several pixels at a time: sixteen (`F` =
/// `FloatLanes16`) for distortion and layer effects, eight (`FloatLanes8`) for colour
/// effects and fills (`LaneWidths.swift`).
///
/// A kernel conforms to one of ``ColorEffect``, ``DistortionEffect`` or ``LayerEffect`` and
/// declares its parameters once, in ``parameters``: each binds an argument name to a stored
/// property through a key path, with its unit, ranges and role. `init()` gives every property
/// its default, which is the parameter's default. ``ShaderFunction`` builds everything else from
/// that: argument checks, the per-pixel closure and the lane form, `layerfx list`, CLI flags.
///
/// Write the body as the Metal function reads, with `Vector2`/`Vector4` for `float2`/
/// `half4`, Metal's functions (`mix`, `length`, `sin`, …) and `select(a, b, c)` for `c ? b : a`
/// (lanes have no branches). `Sources/LayerFXKernels/README.md` walks through one.
///
/// Source: Apple, `ShaderFunction` documentation (a function's arguments follow SwiftUI's own);
/// `Documentation/Semantics.md` §1.
public protocol ShaderKernel: Sendable {
  /// Creates the kernel with every parameter at its default.
  init()

  /// The parameters after SwiftUI's own, in the Metal function's order.
  static var parameters: [KernelParameter<Self>] { get }

  /// How far (points, per axis) the kernel samples from each pixel with these arguments: the
  /// `maxSampleOffset` a caller that does not choose one gets. Zero by default.
  var maxSampleOffset: float2 { get }
}

extension ShaderKernel {
  /// No sampling beyond the pixel itself.
  public var maxSampleOffset: float2 { .zero }
}

/// The kernel of a `colorEffect`: a function of the pixel's position and its own colour.
///
/// Metal: `half4 f(float2 position, half4 color, args…)`.
public protocol ColorEffect: ShaderKernel {
  /// Returns the new premultiplied colour of the pixels at `position` (points), whose own
  /// premultiplied colour is `color`.
  func shade<F: PixelLanes>(position: Vector2<F>, color: Vector4<F>) -> Vector4<F>
}

/// The kernel of a `distortionEffect`: where each pixel reads the layer from.
///
/// Metal: `float2 f(float2 position, args…)`.
public protocol DistortionEffect: ShaderKernel {
  /// Returns the source positions (points) that the pixels at `position` (points) show.
  func distort<F: PixelLanes>(position: Vector2<F>) -> Vector2<F>
}

/// The kernel of a `layerEffect`: a function of the pixel's position and the whole layer.
///
/// Metal: `half4 f(float2 position, SwiftUI::Layer layer, args…)`.
public protocol LayerEffect: ShaderKernel {
  /// Returns the premultiplied colour of the pixels at `position` (points), sampling `layer`.
  func shade<F: PixelLanes>(position: Vector2<F>, layer: Layer) -> Vector4<F>
}

/// The kernel of a fill: a shader used as a `ShapeStyle` (`Rectangle().fill(shader)`), a colour
/// for every position with no input image.
///
/// Metal: `half4 f(float2 position, args…)`.
public protocol Fill: ShaderKernel {
  /// Returns the premultiplied colour of the pixels at `position` (points).
  func fill<F: PixelLanes>(position: Vector2<F>) -> Vector4<F>

  /// Batches per block of a run longer than 8 batches: the renderer fills that many batches
  /// into channel planes before it stores them. More than 8 (the default) for a body whose
  /// arguments make a long setup, which the compiler redoes once per block; such blocks are
  /// one heap allocation per run.
  static var _batchesPerBlock: Int { get }
}

extension Fill {
  /// 8 batches: 1 KiB of planes on the stack, no allocation.
  @inlinable public static var _batchesPerBlock: Int { 8 }
}
