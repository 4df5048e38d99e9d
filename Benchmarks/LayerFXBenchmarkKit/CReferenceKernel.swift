import CReference
import LayerFX
import LayerFXMath

/// A kernel's C + OpenMP twin (Benchmarks/CReference), keyed by the Swift kernel's name.
///
/// A C reference of a new kernel slots in by adding its C function to CReference and one entry
/// to ``all``; kernels without one are timed in Swift only.
struct CReferenceKernel: Sendable {
  /// Renders the reference over the whole unpadded image of `layer` into `output`
  /// (width × height premultiplied RGBA floats) with the kernel's resolved arguments.
  let render:
    @Sendable (
      _ layer: UnsafePointer<lfx_layer>, _ output: UnsafeMutablePointer<Float>,
      _ arguments: [Shader.Argument], _ threads: Int32
    ) -> Void

  /// Every C reference, by kernel name.
  static let all: [String: CReferenceKernel] = [
    "ripple": CReferenceKernel { layer, output, arguments, threads in
      let origin = arguments.float2(0)
      lfx_ripple(
        layer, output, origin.x, origin.y, arguments.float(1), arguments.float(2),
        arguments.float(3), arguments.float(4), arguments.float(5), threads)
    }
  ]
}

extension [Shader.Argument] {
  /// The `float` at `index`; 0 if the argument there is of another type.
  fileprivate func float(_ index: Int) -> Float {
    if case .float(let value) = self[index] { return value }
    return 0
  }

  /// The `float2` at `index`; zero if the argument there is of another type.
  fileprivate func float2(_ index: Int) -> LayerFXMath.float2 {
    if case .float2(let value) = self[index] { return value }
    return .zero
  }
}
