import LayerFXPNG
import Testing

@Suite struct PNGInfoSummaryTests {
  @Test("the summary names the colour type as the PNG specification does and counts chunk runs")
  func summary() {
    let info = PNGInfo(
      width: 3, height: 2, bitDepth: 16, colorType: .grayscaleAlpha, interlaceMethod: .adam7,
      chunkNames: ["IHDR", "gAMA", "IDAT", "IDAT", "IDAT", "IEND"])
    #expect(
      info.summary == """
        size: 3 × 2 pixels
        colour type: 4 (greyscale with alpha)
        bit depth: 16
        interlace: Adam7
        chunks: IHDR gAMA IDAT×3 IEND
        """)
  }

  @Test("a repeated pair of chunk runs is written once with its count, as an APNG's frames are")
  func pairRuns() {
    // Frame 0 is fcTL IDAT; frames 1 and 2 are fcTL and two fdAT each; then a lone fcTL fdAT.
    let names = [
      "IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fdAT", "fcTL", "fdAT", "fdAT", "fcTL",
      "fdAT", "IEND",
    ]
    let info = PNGInfo(
      width: 1, height: 1, bitDepth: 8, colorType: .truecolorAlpha, interlaceMethod: .none,
      chunkNames: names)
    #expect(info.chunkRuns == "IHDR acTL fcTL IDAT (fcTL fdAT×2)×2 fcTL fdAT IEND")
    let pairs = PNGInfo(
      width: 1, height: 1, bitDepth: 8, colorType: .truecolorAlpha, interlaceMethod: .none,
      chunkNames: ["IHDR", "IDAT", "tEXt", "IDAT", "tEXt", "IDAT", "IEND"])
    #expect(pairs.chunkRuns == "IHDR (IDAT tEXt)×2 IDAT IEND")
  }

  @Test("every colour type has the specification's name (PNG §6.1)")
  func names() {
    #expect(PNGInfo.ColorType.grayscale.name == "greyscale")
    #expect(PNGInfo.ColorType.truecolor.name == "truecolour")
    #expect(PNGInfo.ColorType.indexedColor.name == "indexed-colour")
    #expect(PNGInfo.ColorType.truecolorAlpha.name == "truecolour with alpha")
  }
}
