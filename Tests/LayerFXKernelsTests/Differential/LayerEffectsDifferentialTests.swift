import CReference
import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// The kernel library's layer effects against their C references (Benchmarks/CReference, built
/// here plainly, without OpenMP) on the same padded input: 8-bit codes agree within 1.
@Suite struct LayerEffectsDifferentialTests {
  typealias Reference = @Sendable (UnsafePointer<lfx_layer>, UnsafeMutablePointer<Float>) -> Void

  /// Each kernel at non-default arguments, with its C twin called with the same values.
  static let cases: [(name: String, shader: Shader, reference: Reference)] = [
    ("boxBlur", ShaderFunction.boxBlur(.float(2)), { lfx_box_blur($0, $1, 2, 1) }),
    (
      "gaussianBlur", ShaderFunction.gaussianBlur(.float(1.5)),
      { _ = lfx_gaussian_blur($0, $1, 1.5, 1) }
    ),
    (
      "chromaticAberration", ShaderFunction.chromaticAberration(.float(4.5), .float(0.6)),
      { lfx_chromatic_aberration($0, $1, 4.5, 0.6, 1) }
    ),
    (
      "emboss", ShaderFunction.emboss(.float(2), .float(1.5), .float(3)),
      { lfx_emboss($0, $1, 2, 1.5, 3, 1) }
    ),
    (
      "sobelEdges", ShaderFunction.sobelEdges(.float(1.5), .float(2)),
      { lfx_sobel_edges($0, $1, 1.5, 2, 1) }
    ),
    (
      "bloom", ShaderFunction.bloom(.float(3), .float(0.5), .float(1.5)),
      { _ = lfx_bloom($0, $1, 3, 0.5, 1.5, 1) }
    ),
    (
      "shimmer",
      ShaderFunction.shimmer(
        .float(0.4), .float(300), .float(1), .float(40), .float(150), .float(0.7)),
      { lfx_shimmer($0, $1, 0.4, 300, 1, 40, 150, 0.7, 1) }
    ),
  ]

  /// The 8-bit code a channel stores as (Documentation/Semantics.md §3).
  static func code(_ value: Float) -> Int {
    guard value == value else { return 0 }
    return Int((min(max(value, 0), 1) * 255).rounded())
  }

  @Test(
    "the Swift lane form agrees with the C reference within 1 code value", arguments: cases.indices)
  func swiftMatchesC(index: Int) throws {
    let (name, shader, reference) = Self.cases[index]
    for image in [
      Image.testCard(width: 203, height: 117), Image.testCard(width: 96, height: 61, scale: 2),
    ] {
      let prepared = try shader.prepared(for: .layer, sizeInPoints: image.sizeInPoints)
      let swift = Renderer().render(prepared, image).image
      let pad = SIMD2<Float>(
        (prepared.maxSampleOffset.x * image.scale).rounded(.up),
        (prepared.maxSampleOffset.y * image.scale).rounded(.up))
      var layer = lfx_layer()
      let status = image.pixels.withUnsafeBufferPointer { pixels in
        pixels.withMemoryRebound(to: Float.self) { floats in
          lfx_layer_init(
            &layer, floats.baseAddress, Int32(image.width), Int32(image.height), image.scale,
            Int32(pad.x), Int32(pad.y))
        }
      }
      try #require(status == 0)
      defer { lfx_layer_destroy(&layer) }
      var output = [half4](repeating: .zero, count: image.width * image.height)
      output.withUnsafeMutableBufferPointer { buffer in
        buffer.withMemoryRebound(to: Float.self) { floats in
          if let base = floats.baseAddress { reference(&layer, base) }
        }
      }
      let worst =
        zip(swift.pixels, output).map { pair in
          (0..<4).map { abs(Self.code(pair.0[$0]) - Self.code(pair.1[$0])) }.max() ?? 0
        }.max() ?? 0
      #expect(worst <= 1, "\(name) at scale \(image.scale): \(worst) codes")
    }
  }
}
