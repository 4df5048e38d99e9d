import LayerFXMath

/// A shader whose arguments are checked and bound once: what the renderer runs, frame after
/// frame, with no further checks.
///
/// Made by ``Shader/prepared(for:sizeInPoints:)``.
public struct PreparedShader: Sendable {
  /// The function it calls.
  public let function: ShaderFunction
  /// The checked arguments, one per parameter.
  public let arguments: ShaderArguments
  /// The `maxSampleOffset` the layer is padded by and the bounds checker holds samples to,
  /// points per axis: the function's declared one for these arguments, unless a caller sets
  /// another (as SwiftUI's modifier argument does).
  public var maxSampleOffset: float2
  /// The per-pixel closure form.
  public let kernel: EffectKernel
  @usableFromInline let lanes: LaneKernel?
  /// The passes of the fast form (``MultiPassLayerEffect``), first to last; empty for a
  /// one-pass kernel.
  @usableFromInline let passes: [LayerPass]
  /// The working image between passes, kept for the next render of this shader (or of the
  /// shaders that share it, ``sharingWorkingImage(with:)``).
  var scratch: PassScratch?

  init(function: ShaderFunction, arguments: ShaderArguments, forms: ShaderFunction.Forms) {
    self.function = function
    self.arguments = arguments
    self.maxSampleOffset = forms.maxSampleOffset
    self.kernel = forms.kernel
    self.lanes = forms.lanes
    self.passes = forms.passes
    self.scratch = forms.passes.isEmpty ? nil : PassScratch()
  }

  /// Creates a prepared shader that runs a bare per-pixel kernel, for rendering a closure
  /// without declaring a function (its arguments are already bound inside it).
  ///
  /// - Parameters:
  ///   - kernel: The per-pixel closure.
  ///   - maxSampleOffset: The offset (points, per axis) the layer is padded by and the bounds
  ///     checker holds samples to.
  public init(_ kernel: EffectKernel, maxSampleOffset: float2 = .zero) {
    let function = ShaderFunction(name: "kernel", kind: kernel.kind, parameters: []) { _ in
      kernel
    }
    self.init(
      function: function, arguments: ShaderArguments(),
      forms: ShaderFunction.Forms(kernel: kernel, lanes: nil, maxSampleOffset: maxSampleOffset))
  }

  /// The effect kind.
  public var kind: EffectKind { function.kind }

  /// Whether the kernel has a lane form (eight or sixteen pixels per call), which the renderer
  /// prefers.
  public var hasLaneForm: Bool { lanes != nil }

  /// How many bands of whole rows a worker thread of the renderer takes by default: few for a
  /// row kernel that renders a tile per request in another process (``RowKernel/tile``, a
  /// sandboxed `.metal` shader), where each band is a round trip whose two wake-ups wait for the
  /// scheduler on a busy machine; else ``Renderer``'s 16, for the balance between threads.
  var bandsPerWorker: Int {
    guard case .native(let kernel) = lanes, kernel.tile != nil else {
      return Renderer.bandsPerWorker
    }
    return RowKernel.bandsPerWorker
  }

  /// Where a render's scratch tiles are made for a compiled row kernel that writes them from
  /// another process (``RowKernel/allocateDestination``); `nil` for ordinary memory.
  var allocateDestination: RowKernel.Allocator? {
    guard case .native(let kernel) = lanes else { return nil }
    return kernel.allocateDestination
  }

  /// Whether rendering stores the layer's padding in memory.
  ///
  /// A compiled `.metal` row function (`LaneKernel.native(_:)`) reads a copy of the layer with
  /// its transparent margin, `(width + 2 pad.x + 1) × (height + 2 pad.y + 1)` texels. Every other
  /// kernel reads the padding without storing it (``Layer/init(_:maxSampleOffset:)``), so its
  /// memory does not grow with `maxSampleOffset`.
  public var storesPadding: Bool {
    guard case .native = lanes else { return false }
    return true
  }

  /// How many images of the source's size a render of this shader holds besides its source and
  /// its destination: the working images between the passes of a multi-pass fast form
  /// (``MultiPassLayerEffect``), one for two passes and two for three or more (each later pass
  /// writes a copy while the one before it is read); 0 for a one-pass kernel.
  ///
  /// One of them stays allocated after the render, for the next one
  /// (``sharingWorkingImage(with:)``).
  public var workingImageCount: Int { passes.count < 2 ? 0 : Swift.min(passes.count - 1, 2) }

  /// This shader keeping its working image in `other`'s place instead of its own, so that
  /// shaders rendered one after another (the frames of an animation, the passes of a chain)
  /// hold one working image between them, not one each; unchanged when either has no passes.
  ///
  /// The output does not change: a render that finds the shared image taken or of another size
  /// makes its own.
  ///
  /// - Parameter other: A shader whose working image this one may reuse.
  /// - Returns: The shader, sharing `other`'s working image.
  public func sharingWorkingImage(with other: PreparedShader) -> PreparedShader {
    guard scratch != nil, let shared = other.scratch else { return self }
    var shader = self
    shader.scratch = shared
    return shader
  }
}
