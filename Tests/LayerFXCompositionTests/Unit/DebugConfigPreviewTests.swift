import Foundation
import LayerFX
import LayerFXComposition
import LayerFXKernels
import Testing

@Suite struct DebugConfigPreviewTests {
  @Test("debug.shaderTimeout is read before decoding when in (0, 3600] seconds, else left out")
  func shaderTimeout() {
    #expect(DebugConfig.shaderTimeout(in: Data(#"{"debug": {"shaderTimeout": 2.5}}"#.utf8)) == 2.5)
    // An hour, 3600 s, the most (Config.md).
    #expect(
      DebugConfig.shaderTimeout(in: Data(#"{"debug": {"shaderTimeout": 3600}}"#.utf8)) == 3600)
    for text in [
      #"{"debug": {"shaderTimeout": 0}}"#, #"{"debug": {"shaderTimeout": "2"}}"#, #"{"debug": 1}"#,
      #"{"debug": {"shaderTimeout": 3600.5}}"#, #"{"debug": {"shaderTimeout": 1e30}}"#,
      "not json",
    ] {
      #expect(DebugConfig.shaderTimeout(in: Data(text.utf8)) == nil, "\(text)")
    }
  }

  @Test("the preview check loads the input and refuses a keyframed value out of range")
  func preview() throws {
    let limits = RenderJob.Limits(pixelLimit: 1_000_000, memoryCheck: .off)
    var effect = DebugConfig.Effect(.ripple)
    effect.values["amplitude"] = 6
    let config = DebugConfig(input: .testCard(width: 48, height: 32), effects: [effect])
    try config.checkPreview(file: "c.json", limits: limits)
    let big = DebugConfig(input: .testCard(width: 2000, height: 1000), effects: [effect])
    // 2 000 000 pixels is over the limit of 1 000 000.
    #expect(throws: CompositionError.self) {
      try big.checkPreview(file: "c.json", limits: limits)
    }
  }
}
