import LayerFX
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

@Suite struct DebugConfigDumpingTests {
  let testCard = DebugConfig.Input.testCard(width: 8, height: 6)

  @Test("an effect keeps a float value as animatable, and a clock given a value as an argument")
  func effectValues() {
    let config = DebugConfig(
      dumping: [
        (.ripple, "ripple", [("amplitude", .float(5)), ("time", .float(0.3))], float2(2, 2))
      ], input: testCard, width: 512, height: 384, time: 0.5, path: "out.png")
    #expect(config.effects.count == 1)
    let effect = config.effects[0]
    #expect(effect.values["amplitude"] == 5)
    #expect(effect.arguments.map(\.name) == ["time"])
    #expect(effect.maxSampleOffset == float2(2, 2))
    #expect(config.output.time == 0.5)
    #expect(config.output.path == "out.png")
    #expect(config.input?.commandLineText == "testcard:8x6")
  }

  @Test("a fill becomes the input at the size given; without a clock it has no frame time")
  func fillInput() {
    let config = DebugConfig(
      dumping: [(.radialGradient, "radialGradient", [], nil)], input: testCard, width: 40,
      height: 30, time: 0.5, path: "out.png")
    #expect(config.effects.isEmpty)
    guard case .fill(let function, _, let width, let height, let kernel)? = config.input else {
      Issue.record("the input is not a fill")
      return
    }
    #expect(function.name == "radialGradient")
    #expect((width, height, kernel) == (40, 30, "radialGradient"))
    // radialGradient has no time-since-trigger parameter.
    #expect(config.output.time == nil)
  }

  @Test("a fill render refuses effects and a contact sheet, and returns the fill input")
  func fillRender() throws {
    let effects = DebugConfig(input: nil, effects: [DebugConfig.Effect(.grayscale)])
    #expect(throws: ConfigError.self) { try effects.fillRender(file: "c.json", readsInput: true) }
    var sheet = DebugConfig(
      dumping: [(.radialGradient, "radialGradient", [], nil)], input: testCard, width: 40,
      height: 30, time: 0, path: "out.png")
    #expect(try sheet.fillRender(file: "c.json", readsInput: true)?.size == SIMD2(40, 30))
    #expect(try sheet.fillRender(file: "c.json", readsInput: false) == nil)
    sheet.output.contactSheet = 2
    #expect(throws: ConfigError.self) { try sheet.fillRender(file: "c.json", readsInput: false) }
    let card = DebugConfig(input: testCard, effects: [])
    #expect(throws: ConfigError.self) { try card.fillRender(file: "c.json", readsInput: true) }
  }
}
