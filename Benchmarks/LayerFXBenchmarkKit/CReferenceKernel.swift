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
      _ arguments: ShaderArguments, _ threads: Int32
    ) -> Void

  /// Every C reference, by kernel name.
  static let all: [String: CReferenceKernel] = [
    "boxBlur": CReferenceKernel { layer, output, arguments, threads in
      guard let radius = try? arguments.float("radius") else {
        preconditionFailure("boxBlur's C reference: parameters renamed")
      }
      lfx_box_blur(layer, output, radius, threads)
    },
    "gaussianBlur": CReferenceKernel { layer, output, arguments, threads in
      guard let radius = try? arguments.float("radius") else {
        preconditionFailure("gaussianBlur's C reference: parameters renamed")
      }
      guard lfx_gaussian_blur(layer, output, radius, threads) == 0 else {
        preconditionFailure("gaussianBlur's C reference: out of memory")
      }
    },
    "ripple": CReferenceKernel { layer, output, arguments, threads in
      // The kernel's own checked arguments: names missing here would be a harness bug.
      guard let origin = try? arguments.float2("origin"), let time = try? arguments.float("time"),
        let amplitude = try? arguments.float("amplitude"),
        let frequency = try? arguments.float("frequency"),
        let decay = try? arguments.float("decay"), let speed = try? arguments.float("speed")
      else { preconditionFailure("ripple's C reference: parameters renamed") }
      lfx_ripple(
        layer, output, origin.x, origin.y, time, amplitude, frequency, decay, speed, threads)
    },
  ]
}
