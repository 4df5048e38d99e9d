import LayerFX
import LayerFXMath
import Testing

@testable import LayerFXCLI

/// How `--arg` writes and reads a colour: straight alpha, as typed.
@Suite struct ShaderArgumentCommandLineTests {
  // Premultiplied (0.5, 0.25, 0, 0.5) is straight (1, 0.5, 0, 0.5): each channel over alpha.
  @Test("a colour's command-line text is its straight form, the form --arg reads back")
  func straightText() throws {
    let color = Shader.Argument.color(half4(0.5, 0.25, 0, 0.5))
    #expect(color.commandLineText == "1,0.5,0,0.5")
    #expect(
      Shader.Argument.colorArray([half4(0, 0, 0, 0), half4(1, 1, 1, 1)]).commandLineText
        == "0,0,0,0;1,1,1,1")
    let parsed = try Shader.Argument.parse(color.commandLineText, as: .color, pixelLimit: 1)
    #expect(parsed == color)
    #expect(try Shader.Argument.parse("2,2,2,2", as: .color, pixelLimit: 1) == nil)
  }

  @Test("a colour list's channel outside 0…1 is named with its colour; a malformed one is not")
  func colorRangeProblem() {
    #expect(
      Shader.Argument.colorRangeProblem("0,0,0,1;1,0.5,0,2", as: .colorArray)
        == "colour 2: alpha is 2, outside 0…1")
    #expect(Shader.Argument.colorRangeProblem("0,1,0,1", as: .color) == nil)
    // Not four finite numbers, so not a colour: its form is the message, not a range.
    for text in ["2,0,0", "2,0,0,x", "nan,0,0,1"] {
      #expect(Shader.Argument.colorRangeProblem(text, as: .color) == nil)
    }
    #expect(Shader.Argument.colorRangeProblem("2,0,0,1;1", as: .colorArray) == nil)
    #expect(Shader.Argument.colorRangeProblem("2", as: .float) == nil)
  }
}
