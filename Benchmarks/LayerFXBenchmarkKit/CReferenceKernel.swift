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
    "bloom": CReferenceKernel { layer, output, arguments, threads in
      guard let radius = try? arguments.float("radius"),
        let threshold = try? arguments.float("threshold"),
        let intensity = try? arguments.float("intensity")
      else { preconditionFailure("bloom's C reference: parameters renamed") }
      guard lfx_bloom(layer, output, radius, threshold, intensity, threads) == 0 else {
        preconditionFailure("bloom's C reference: out of memory")
      }
    },
    "boxBlur": CReferenceKernel { layer, output, arguments, threads in
      guard let radius = try? arguments.float("radius") else {
        preconditionFailure("boxBlur's C reference: parameters renamed")
      }
      lfx_box_blur(layer, output, radius, threads)
    },
    "chromaticAberration": CReferenceKernel { layer, output, arguments, threads in
      guard let amount = try? arguments.float("amount"), let angle = try? arguments.float("angle")
      else { preconditionFailure("chromaticAberration's C reference: parameters renamed") }
      lfx_chromatic_aberration(layer, output, amount, angle, threads)
    },
    "emboss": CReferenceKernel { layer, output, arguments, threads in
      guard let angle = try? arguments.float("angle"),
        let distance = try? arguments.float("distance"),
        let strength = try? arguments.float("strength")
      else { preconditionFailure("emboss's C reference: parameters renamed") }
      lfx_emboss(layer, output, angle, distance, strength, threads)
    },
    "gaussianBlur": CReferenceKernel { layer, output, arguments, threads in
      guard let radius = try? arguments.float("radius") else {
        preconditionFailure("gaussianBlur's C reference: parameters renamed")
      }
      guard lfx_gaussian_blur(layer, output, radius, threads) == 0 else {
        preconditionFailure("gaussianBlur's C reference: out of memory")
      }
    },
    "shimmer": CReferenceKernel { layer, output, arguments, threads in
      guard let time = try? arguments.float("time"), let speed = try? arguments.float("speed"),
        let angle = try? arguments.float("angle"), let width = try? arguments.float("width"),
        let spacing = try? arguments.float("spacing"),
        let intensity = try? arguments.float("intensity")
      else { preconditionFailure("shimmer's C reference: parameters renamed") }
      lfx_shimmer(layer, output, time, speed, angle, width, spacing, intensity, threads)
    },
    "sobelEdges": CReferenceKernel { layer, output, arguments, threads in
      guard let distance = try? arguments.float("distance"),
        let strength = try? arguments.float("strength")
      else { preconditionFailure("sobelEdges's C reference: parameters renamed") }
      lfx_sobel_edges(layer, output, distance, strength, threads)
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
