import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

/// The README's custom-kernel example, compiled and run, so the README stays true.
@Suite struct ReadmeExampleTests {
  @Test("the README's tint kernel blends each premultiplied colour toward red")
  func tint() throws {
    let tint = ShaderFunction(
      name: "tint", kind: .color,
      parameters: [.init("amount", .float, summary: "0…1 blend toward red")]
    ) { arguments in
      let amount = try arguments.float("amount")
      return .color { position, color in mix(color, half4(1, 0, 0, 1) * color.a, amount) }
    }
    let tinted = try Fixtures.twoByTwo.colorEffect(tint(.float(0.3)))
    // Bottom-right texel (0.25, 0.25, 0.25, 0.5), premultiplied: red target (0.5, 0, 0, 0.5);
    // mix at 0.3 = 0.7 · (0.25, 0.25, 0.25, 0.5) + 0.3 · (0.5, 0, 0, 0.5)
    //            = (0.325, 0.175, 0.175, 0.5).
    let pixel = tinted[1, 1]
    #expect(abs(pixel - half4(0.325, 0.175, 0.175, 0.5)).max() <= 1e-6)
  }
}
