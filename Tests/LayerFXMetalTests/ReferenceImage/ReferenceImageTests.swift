import Foundation
import LayerFX
import LayerFXMath
import LayerFXMetal
import LayerFXPNG
import LayerFXTestSupport
import LayerFXTesting
import Testing

@Suite("reference images for users' effects")
struct ReferenceImageTests {
  @Test("differences are counted in 8-bit codes against both tolerances")
  func compareCodes() throws {
    // 0.5 stores as code 128 (127.5 rounds up); 130 / 255 stores as 130: 2 codes off, on one
    // pixel of four.
    let expected = Image(width: 2, height: 2, color: half4(0.5, 0.5, 0.5, 1))
    var pixels = expected.pixels
    pixels[1] = half4(130.0 / 255, 0.5, 0.5, 1)
    let actual = Image(width: 2, height: 2, pixels: pixels)
    let strict = compareReference(actual, expected, tolerance: .colorEffect)
    #expect(strict.maxChannelError == 2)
    #expect(strict.mismatchFraction == 0.25)
    #expect(strict.firstMismatch == SIMD2(1, 0))
    #expect(!strict.isWithinTolerance)
    let loose = compareReference(
      actual, expected, tolerance: ReferenceTolerance(maxChannelError: 1, maxMismatchFraction: 0.25)
    )
    #expect(loose.isWithinTolerance)
  }

  @Test("a missing reference is an issue, recorded on request, then matched")
  func recordThenMatch() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 tint(float2 position, half4 color, float amount) {
        return mix(color, half4(1.0, 0.0, 0.0, 1.0) * color.a, half(amount));
      }
      """
    let library = try MetalLibrary(
      source: source, path: "tint.metal", options: MetalTestSupport.options)
    let image = renderable()
    let tinted = try renderEffect(library.library.tint(.float(0.3)), on: image)
    let reference = directory.path("References/tint.png")
    withKnownIssue("no reference yet") {
      expectReference(tinted, at: reference, tolerance: .colorEffect)
    }
    withKnownIssue("recording is reported, so a run that records never passes silently") {
      expectReference(tinted, at: reference, tolerance: .colorEffect, recording: .missing)
    }
    #expect(FileManager.default.fileExists(atPath: reference))
    let comparison = expectReference(tinted, at: reference, tolerance: .colorEffect)
    #expect(comparison?.maxChannelError == 0)
  }

  @Test("a mismatch writes expected, actual and diff images and names their folder")
  func mismatchArtifacts() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let reference = directory.path("white.png")
    try PNGEncoder().write(Image(width: 4, height: 4, color: half4(1, 1, 1, 1)), to: reference)
    withKnownIssue("a black image is not white") {
      expectReference(
        Image(width: 4, height: 4, color: half4(0, 0, 0, 1)), at: reference,
        tolerance: .colorEffect, artifactDirectory: directory.path("failure"))
    }
    for name in ["expected.png", "actual.png", "diff.png"] {
      #expect(FileManager.default.fileExists(atPath: directory.path("failure/\(name)")))
    }
  }

  private func renderable() -> Image { .testCard(width: 48, height: 32) }
}
