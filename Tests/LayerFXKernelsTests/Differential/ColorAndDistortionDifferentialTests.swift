import CReference
import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// The colour and distortion kernels against their C references (Benchmarks/CReference) on the
/// same input, at their defaults: 8-bit codes agree within 1 (the C is scalar libm, the Swift
/// lanes polynomial `sin`/`cos`/`atan2`).
@Suite struct ColorAndDistortionDifferentialTests {
  typealias Reference = @Sendable (UnsafePointer<lfx_layer>, UnsafeMutablePointer<Float>) -> Void

  static let image = Image.testCard(width: 203, height: 117)
  static let center = image.sizeInPoints / 2
  static let size = image.sizeInPoints

  /// Each kernel with its arguments (defaults, plus a centre or size) and the C call with the same.
  static let cases: [(name: String, shader: Shader, reference: Reference)] = [
    ("grayscale", ShaderFunction.grayscale(), { lfx_grayscale($0, $1, 1, 1) }),
    ("sepia", ShaderFunction.sepia(), { lfx_sepia($0, $1, 1, 1) }),
    ("saturation", ShaderFunction.saturation(), { lfx_saturation($0, $1, 0.5, 1) }),
    ("hueRotation", ShaderFunction.hueRotation(), { lfx_hue_rotation($0, $1, 90, 1) }),
    ("colorInvert", ShaderFunction.colorInvert(), { lfx_color_invert($0, $1, 1) }),
    ("contrast", ShaderFunction.contrast(), { lfx_contrast($0, $1, 1.5, 1) }),
    ("brightness", ShaderFunction.brightness(), { lfx_brightness($0, $1, 0.2, 1) }),
    (
      "colorMultiply", ShaderFunction.colorMultiply(),
      { lfx_color_multiply($0, $1, 1, 0.6, 0.2, 1, 1) }
    ),
    ("luminanceToAlpha", ShaderFunction.luminanceToAlpha(), { lfx_luminance_to_alpha($0, $1, 1) }),
    ("posterize", ShaderFunction.posterize(), { lfx_posterize($0, $1, 4, 1) }),
    ("threshold", ShaderFunction.threshold(), { lfx_threshold($0, $1, 0.5, 1) }),
    (
      "gradientMap", ShaderFunction.gradientMap(),
      { lfx_gradient_map($0, $1, [0.1, 0, 0.3, 1], [1, 0.85, 0.4, 1], 1) }
    ),
    ("colorPlanes", ShaderFunction.colorPlanes(), { lfx_color_planes($0, $1, 0, 1) }),
    ("wave", ShaderFunction.wave(), { lfx_wave($0, $1, 8, 80, 40, 0, 1) }),
    ("water", ShaderFunction.water(), { lfx_water($0, $1, 4, 50, 3, 0, 1) }),
    ("pixellate", ShaderFunction.pixellate(), { lfx_pixellate($0, $1, 8, 1) }),
    ("offset", ShaderFunction.offset(), { lfx_offset($0, $1, 20, 10, 1) }),
    (
      "twirl", ShaderFunction.twirl(.float2(center)),
      { lfx_twirl($0, $1, center.x, center.y, 150, 2, 1) }
    ),
    (
      "bulge", ShaderFunction.bulge(.float2(center)),
      { lfx_bulge($0, $1, center.x, center.y, 150, 0.5, 1) }
    ),
    (
      "kaleidoscope", ShaderFunction.kaleidoscope(.float2(center)),
      { lfx_kaleidoscope($0, $1, center.x, center.y, 6, 200, 1) }
    ),
    (
      "scaleEffect", ShaderFunction.scaleEffect(.float2(size)),
      { lfx_scale_effect($0, $1, size.x, size.y, 1.5, 1.5, 0.5, 0.5, 1) }
    ),
    (
      "rotationEffect", ShaderFunction.rotationEffect(.float2(size)),
      { lfx_rotation_effect($0, $1, size.x, size.y, 30, 0.5, 0.5, 1) }
    ),
  ]

  /// The 8-bit code a channel stores as (Documentation/Semantics.md §3).
  static func code(_ value: Float) -> Int {
    guard value == value else { return 0 }
    return Int((min(max(value, 0), 1) * 255).rounded())
  }

  @Test("Swift lanes and C agree within 1 code value", arguments: cases.map(\.name))
  func agrees(name: String) throws {
    let entry = try #require(Self.cases.first { $0.name == name })
    let prepared = try entry.shader.prepared(sizeInPoints: Self.image.sizeInPoints)
    let swift = Renderer().render(prepared, Self.image).image
    let pad = SIMD2<Int32>(
      Int32((prepared.maxSampleOffset.x * Self.image.scale).rounded(.up)),
      Int32((prepared.maxSampleOffset.y * Self.image.scale).rounded(.up)))
    var layer = lfx_layer()
    let status = Self.image.pixels.withUnsafeBufferPointer { pixels in
      pixels.withMemoryRebound(to: Float.self) { floats in
        lfx_layer_init(&layer, floats.baseAddress, 203, 117, 1, pad.x, pad.y)
      }
    }
    try #require(status == 0)
    defer { lfx_layer_destroy(&layer) }
    var output = [half4](repeating: .zero, count: 203 * 117)
    output.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: Float.self) { floats in
        guard let base = floats.baseAddress else { return }
        entry.reference(&layer, base)
      }
    }
    let largest =
      zip(swift.pixels, output).map { pair in
        (0..<4).map { abs(Self.code(pair.0[$0]) - Self.code(pair.1[$0])) }.max() ?? 0
      }.max() ?? 0
    #expect(largest <= 1, "\(name): largest difference \(largest) codes")
  }
}
