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
    "brightness": amountReference("brightness", lfx_brightness),
    "colorInvert": CReferenceKernel { layer, output, _, threads in
      lfx_color_invert(layer, output, threads)
    },
    "colorMultiply": CReferenceKernel { layer, output, arguments, threads in
      guard let color = try? arguments.color("color") else {
        preconditionFailure("colorMultiply's C reference: parameters renamed")
      }
      lfx_color_multiply(layer, output, color.x, color.y, color.z, color.w, threads)
    },
    "contrast": amountReference("contrast", lfx_contrast),
    "grayscale": amountReference("grayscale", lfx_grayscale),
    "hueRotation": amountReference("hueRotation", lfx_hue_rotation, parameter: "degrees"),
    "luminanceToAlpha": CReferenceKernel { layer, output, _, threads in
      lfx_luminance_to_alpha(layer, output, threads)
    },
    "saturation": amountReference("saturation", lfx_saturation),
    "sepia": amountReference("sepia", lfx_sepia),
  ]

  /// The reference of a kernel whose only parameter is one `float` (`amount` by default).
  private static func amountReference(
    _ kernel: String,
    _ render:
      @escaping @Sendable (
        UnsafePointer<lfx_layer>?, UnsafeMutablePointer<Float>?, Float, Int32
      ) -> Void,
    parameter: String = "amount"
  ) -> CReferenceKernel {
    CReferenceKernel { layer, output, arguments, threads in
      guard let value = try? arguments.float(parameter) else {
        preconditionFailure("\(kernel)'s C reference: parameters renamed")
      }
      render(layer, output, value, threads)
    }
  }
}
