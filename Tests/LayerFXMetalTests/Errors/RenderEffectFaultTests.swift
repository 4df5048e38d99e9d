import Foundation
import LayerFX
import LayerFXMath
import LayerFXMetal
import LayerFXTesting
import Testing

@Suite("renderEffect throws when the compiled shader faulted, instead of returning its black rows")
struct RenderEffectFaultTests {
  @Test("an integer division by zero in a .metal colour effect is a thrown MetalFaultError")
  func divisionByZero() throws {
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 quotientTint(float2 position, half4 color, float divisor) {
        return color * half(int(position.x) / int(divisor) + 1);
      }
      """
    let library = try MetalLibrary(
      source: source, path: "quotient.metal", options: MetalTestSupport.options)
    let image = Image(width: 8, height: 2, color: half4(0.5, 0.5, 0.5, 1))
    // A divisor of 0 raises SIGFPE in the worker; the faulting rows come back transparent
    // black, which a reference recorded from this run would hold as the expected image.
    do {
      let rendered = try renderEffect(library.library.quotientTint(.float(0)), on: image)
      Issue.record("a faulting shader rendered: \(rendered.pixels[0])")
    } catch let error as MetalFaultError {
      #expect(error.fault.function == "quotientTint")
      #expect(error.fault.signal == SIGFPE)
      #expect(error.description.hasPrefix("quotient.metal: quotientTint: SIGFPE"))
      #expect(error.description.hasSuffix("; nothing rendered"))
    }
    // A divisor of 4 faults nowhere: x / 4 + 1 is 1 for x = 0…3 and 2 for x = 4…7 (by hand),
    // so the grey stays 0.5 or doubles to 1.
    let fine = try renderEffect(library.library.quotientTint(.float(4)), on: image)
    #expect(fine.pixels[0] == half4(0.5, 0.5, 0.5, 1))
    #expect(fine.pixels[7] == half4(1, 1, 1, 2))
  }
}
