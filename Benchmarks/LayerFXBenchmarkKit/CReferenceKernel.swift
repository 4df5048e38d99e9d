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
    "posterize": amountReference("posterize", lfx_posterize, parameter: "levels"),
    "threshold": amountReference("threshold", lfx_threshold, parameter: "level"),
    "colorPlanes": amountReference("colorPlanes", lfx_color_planes, parameter: "channel"),
    "gradientMap": CReferenceKernel { layer, output, arguments, threads in
      guard let dark = try? arguments.color("dark"), let light = try? arguments.color("light")
      else { preconditionFailure("gradientMap's C reference: parameters renamed") }
      let d = [dark.x, dark.y, dark.z, dark.w]
      let l = [light.x, light.y, light.z, light.w]
      lfx_gradient_map(layer, output, d, l, threads)
    },
    "wave": CReferenceKernel { layer, output, arguments, threads in
      let (a, b, c, d) = floats(arguments, "wave", "amplitude", "wavelength", "speed", "time")
      lfx_wave(layer, output, a, b, c, d, threads)
    },
    "water": CReferenceKernel { layer, output, arguments, threads in
      let (a, b, c, d) = floats(
        arguments, "water", "amplitude", "wavelength", "frequency", "time")
      lfx_water(layer, output, a, b, c, d, threads)
    },
    "pixellate": amountReference("pixellate", lfx_pixellate, parameter: "cellSize"),
    "offset": CReferenceKernel { layer, output, arguments, threads in
      guard let x = try? arguments.float("x"), let y = try? arguments.float("y") else {
        preconditionFailure("offset's C reference: parameters renamed")
      }
      lfx_offset(layer, output, x, y, threads)
    },
    "twirl": centred("twirl", "radius", "angle", lfx_twirl),
    "bulge": centred("bulge", "radius", "strength", lfx_bulge),
    "kaleidoscope": centred("kaleidoscope", "segments", "radius", lfx_kaleidoscope),
    "scaleEffect": CReferenceKernel { layer, output, arguments, threads in
      guard let size = try? arguments.float2("size"), let scale = try? arguments.float2("scale"),
        let anchor = try? arguments.float2("anchor")
      else { preconditionFailure("scaleEffect's C reference: parameters renamed") }
      lfx_scale_effect(
        layer, output, size.x, size.y, scale.x, scale.y, anchor.x, anchor.y, threads)
    },
    "rotationEffect": CReferenceKernel { layer, output, arguments, threads in
      guard let size = try? arguments.float2("size"),
        let degrees = try? arguments.float("degrees"),
        let anchor = try? arguments.float2("anchor")
      else { preconditionFailure("rotationEffect's C reference: parameters renamed") }
      lfx_rotation_effect(layer, output, size.x, size.y, degrees, anchor.x, anchor.y, threads)
    },
  ]

  /// Four `float` arguments by name.
  private static func floats(
    _ arguments: ShaderArguments, _ kernel: String, _ a: String, _ b: String, _ c: String,
    _ d: String
  ) -> (Float, Float, Float, Float) {
    guard let x = try? arguments.float(a), let y = try? arguments.float(b),
      let z = try? arguments.float(c), let w = try? arguments.float(d)
    else { preconditionFailure("\(kernel)'s C reference: parameters renamed") }
    return (x, y, z, w)
  }

  /// The reference of a kernel with a `center` and two `float` parameters after it.
  private static func centred(
    _ kernel: String, _ first: String, _ second: String,
    _ render:
      @escaping @Sendable (
        UnsafePointer<lfx_layer>?, UnsafeMutablePointer<Float>?, Float, Float, Float, Float, Int32
      ) -> Void
  ) -> CReferenceKernel {
    CReferenceKernel { layer, output, arguments, threads in
      guard let center = try? arguments.float2("center"), let a = try? arguments.float(first),
        let b = try? arguments.float(second)
      else { preconditionFailure("\(kernel)'s C reference: parameters renamed") }
      render(layer, output, center.x, center.y, a, b, threads)
    }
  }

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
