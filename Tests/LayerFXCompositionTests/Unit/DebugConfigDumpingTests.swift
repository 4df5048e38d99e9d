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
        (.ripple, "ripple", [("amplitude", .float(5)), ("time", .float(0.3))], [:], float2(2, 2))
      ], input: testCard, width: 512, height: 384, time: 0.5, previewTimes: [0.1, 0.2],
      path: "out.png")
    #expect(config.effects.count == 1)
    let effect = config.effects[0]
    #expect(effect.values["amplitude"] == 5)
    #expect(effect.arguments.map(\.name) == ["time"])
    #expect(effect.maxSampleOffset == float2(2, 2))
    #expect(config.output.time == 0.5)
    // Its clock is given a value: nothing moves, so no preview times are written.
    #expect(config.debug.previewTimes == nil)
    #expect(config.output.path == "out.png")
    #expect(config.input?.commandLineText == "testcard:8x6")
  }

  @Test("an effect on the clock gets the preview times given, where a still one gets none")
  func previewTimes() {
    let moving = DebugConfig(
      dumping: [(.ripple, "ripple", [], [:], nil)], input: testCard, width: 512, height: 384,
      time: 0.15, previewTimes: [0.05, 0.1], path: "out.png")
    #expect(moving.debug.previewTimes == [0.05, 0.1])
    let still = DebugConfig(
      dumping: [(.grayscale, "grayscale", [], [:], nil)], input: testCard, width: 512, height: 384,
      time: 0.15, previewTimes: [0.05, 0.1], path: "out.png")
    #expect(still.debug.previewTimes == nil)
  }

  @Test("a fill becomes the input at the size given; without a clock it has no frame time")
  func fillInput() {
    let config = DebugConfig(
      dumping: [(.radialGradient, "radialGradient", [], [:], nil)], input: testCard, width: 40,
      height: 30, time: 0.5, previewTimes: [0.1, 0.2], path: "out.png")
    #expect(config.effects.isEmpty)
    guard case .fill(let function, _, let width, let height, let kernel, _)? = config.input else {
      Issue.record("the input is not a fill")
      return
    }
    #expect(function.name == "radialGradient")
    #expect((width, height, kernel) == (40, 30, "radialGradient"))
    // radialGradient has no time-since-trigger parameter: no frame time, no preview times.
    #expect(config.output.time == nil)
    #expect(config.debug.previewTimes == nil)
  }

  @Test("a fill render refuses effects and a contact sheet, and returns the fill input")
  func fillRender() throws {
    let effects = DebugConfig(input: nil, effects: [DebugConfig.Effect(.grayscale)])
    #expect(throws: ConfigError.self) { try effects.fillRender(file: "c.json", readsInput: true) }
    var sheet = DebugConfig(
      dumping: [(.radialGradient, "radialGradient", [], [:], nil)], input: testCard, width: 40,
      height: 30, time: 0, previewTimes: [0], path: "out.png")
    #expect(try sheet.fillRender(file: "c.json", readsInput: true)?.size == SIMD2(40, 30))
    #expect(try sheet.fillRender(file: "c.json", readsInput: false) == nil)
    sheet.output.contactSheet = 2
    #expect(throws: ConfigError.self) { try sheet.fillRender(file: "c.json", readsInput: false) }
    let card = DebugConfig(input: testCard, effects: [])
    #expect(throws: ConfigError.self) { try card.fillRender(file: "c.json", readsInput: true) }
  }

  @Test("a function is dumpable when every parameter without a role has a default or a value")
  func dumpable() throws {
    // A .metal-like function: `origin` has the position role, `a` and `b` no default.
    let function = ShaderFunction(
      name: "f", kind: .color,
      parameters: [
        .init("origin", .float2, role: .position), .init("a", .float), .init("b", .float),
      ]
    ) { _ throws(ShaderArgumentError) in (.color { _, color in color }, RowKernel { _ in }) }
    #expect(throws: DumpError.missingValues(kernel: "f.metal:f", parameters: ["a", "b"])) {
      try DebugConfig.checkDumpable(function, given: [], name: "f.metal:f", maxSampleOffset: nil)
    }
    #expect(
      "\(DumpError.missingValues(kernel: "f.metal:f", parameters: ["b"]))"
        == "f.metal:f: b has no default; give it after the function, f.metal:f:b=VALUE")
    try DebugConfig.checkDumpable(
      function, given: [("a", .float(1)), ("b", .float(2))], name: "f", maxSampleOffset: nil)
    // Every built-in parameter declares a default, and the ripple its offset.
    try DebugConfig.checkDumpable(.ripple, given: [], name: "ripple", maxSampleOffset: nil)
  }

  @Test("a layer or distortion effect without a maxSampleOffset of its own needs one given")
  func dumpableOffset() throws {
    // A .metal-like distortion effect: no declared offset, as a compiled function has none.
    let function = ShaderFunction(
      name: "w", kind: .distortion, parameters: [.init("position", .float2, role: .position)]
    ) { _ throws(ShaderArgumentError) in (.distortion { position in position }, RowKernel { _ in })
    }
    #expect(throws: DumpError.missingOffset(kernel: "w.metal:w", kind: .distortion)) {
      try DebugConfig.checkDumpable(function, given: [], name: "w.metal:w", maxSampleOffset: nil)
    }
    let expected: String =
      "w.metal:w: a distortion effect that declares no maxSampleOffset (a .metal function "
      + "cannot), as SwiftUI's distortionEffect(_:maxSampleOffset:) requires; give it after "
      + "the function, w.metal:w:maxSampleOffset=X,Y (points; to measure one, render with "
      + "--check-bounds)"
    #expect("\(DumpError.missingOffset(kernel: "w.metal:w", kind: .distortion))" == expected)
    try DebugConfig.checkDumpable(
      function, given: [], name: "w.metal:w", maxSampleOffset: float2(6, 6))
  }

  @Test("a config draws a fill alone when its input is a fill and it has no effects")
  func drawsFillAlone() {
    let fill = DebugConfig.Input.fill(
      .radialGradient, arguments: [], width: 4, height: 4, kernel: "radialGradient")
    #expect(DebugConfig(input: fill, effects: []).drawsFillAlone)
    #expect(!DebugConfig(input: fill, effects: [DebugConfig.Effect(.grayscale)]).drawsFillAlone)
    #expect(!DebugConfig(input: testCard, effects: []).drawsFillAlone)
  }
}
