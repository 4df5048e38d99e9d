import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

@testable import LayerFXPNG

@Suite("CRC policy: ancillary chunks are dropped with a warning, critical chunks fail")
struct CRCPolicyTests {
  /// A 2 × 1 8-bit RGB image, red then blue, with gAMA 1/2.2 and a tEXt chunk, built by hand.
  ///
  /// Source: PNG Specification (Second Edition) §11.2.2 IHDR, §11.3.3.2 gAMA (45455 =
  /// 100000 / 2.2), §11.3.4.3 tEXt, §9.2 filter type 0 before each row.
  static let rgb: [UInt8] =
    RawPNG.signature
    + RawPNG.chunk("IHDR", RawPNG.ihdrData(width: 2, height: 1, bitDepth: 8, colorType: 2))
    + RawPNG.chunk("gAMA", [0, 0, 0xB1, 0x8F])
    + RawPNG.chunk("tEXt", Array("Comment\0hand-built".utf8))
    + RawPNG.chunk("IDAT", RawPNG.storedZlib([0, 255, 0, 0, 0, 0, 255]))
    + RawPNG.chunk("IEND", [])

  /// A 1 × 1 8-bit palette image whose one entry is green.
  static let palette: [UInt8] =
    RawPNG.signature
    + RawPNG.chunk("IHDR", RawPNG.ihdrData(width: 1, height: 1, bitDepth: 8, colorType: 3))
    + RawPNG.chunk("PLTE", [0, 255, 0])
    + RawPNG.chunk("IDAT", RawPNG.storedZlib([0, 0]))
    + RawPNG.chunk("IEND", [])

  static let red = half4(1, 0, 0, 1)
  static let blue = half4(0, 0, 1, 1)

  @Test("bytes after IEND decode the same image, with one warning counting them")
  func bytesAfterEnd() throws {
    let decoded = try PNGDecoder().decode(Self.rgb + Array("junk".utf8), name: "rgb.png")
    #expect(decoded.image.pixels == [Self.red, Self.blue])
    #expect(decoded.warnings == ["4 bytes after IEND ignored"])
  }

  @Test("inspecting (layerfx info) gives the warnings decoding gives, and none for a sound file")
  func inspectWarnings() throws {
    let decoder = PNGDecoder()
    #expect(try decoder.inspect(Self.rgb, name: "rgb.png").warnings.isEmpty)
    #expect(
      try decoder.inspect(Self.rgb + Array("junk".utf8), name: "rgb.png").warnings
        == ["4 bytes after IEND ignored"])
    let badGamma = RawPNG.corruptingCRC(of: "gAMA", in: Self.rgb)
    #expect(
      try decoder.inspect(badGamma, name: "rgb.png").warnings
        == decoder.decode(badGamma, name: "rgb.png").warnings)
    #expect(
      try decoder.inspect(badGamma, name: "rgb.png").warnings == ["gAMA: CRC error; chunk dropped"])
  }

  @Test("the hand-built files decode intact, with their gAMA and no warnings")
  func intact() throws {
    let decoded = try PNGDecoder().decode(Self.rgb, name: "rgb.png")
    #expect(decoded.image.pixels == [Self.red, Self.blue])
    #expect(decoded.metadata.colorChunks == [PNGChunk(name: "gAMA", data: [0, 0, 0xB1, 0x8F])])
    #expect(decoded.warnings.isEmpty)
    let green = try PNGDecoder().decode(Self.palette, name: "palette.png")
    #expect(green.image.pixels == [half4(0, 1, 0, 1)])
  }

  @Test("a kept colour chunk with a bad CRC is dropped with a warning; pixels are unchanged")
  func badColorChunkCRC() throws {
    let bytes = RawPNG.corruptingCRC(of: "gAMA", in: Self.rgb)
    let decoded = try PNGDecoder().decode(bytes, name: "rgb.png")
    #expect(decoded.image.pixels == [Self.red, Self.blue])
    #expect(decoded.metadata.colorChunks.isEmpty)
    #expect(decoded.warnings == ["gAMA: CRC error; chunk dropped"])
    // The output of such a file carries no gAMA: the chunk is not copied.
    let written = try PNGEncoder().encode(decoded.image, metadata: decoded.metadata)
    #expect(RawPNG.chunks(written)?.map(\.name) == ["IHDR", "IDAT", "IEND"])
  }

  @Test("a gAMA of 0 is dropped with a warning and not copied; pixels are unchanged")
  func zeroGamma() throws {
    // `rgb` with the gAMA given.
    func file(gamma: [UInt8]) -> [UInt8] {
      RawPNG.signature
        + RawPNG.chunk("IHDR", RawPNG.ihdrData(width: 2, height: 1, bitDepth: 8, colorType: 2))
        + RawPNG.chunk("gAMA", gamma)
        + RawPNG.chunk("IDAT", RawPNG.storedZlib([0, 255, 0, 0, 0, 0, 255]))
        + RawPNG.chunk("IEND", [])
    }
    // PNG Specification (Second Edition) §13.13: a gAMA of zero is meaningless; decoders
    // ignore it, editors may discard it with a warning.
    let decoded = try PNGDecoder().decode(file(gamma: [0, 0, 0, 0]), name: "zero.png")
    #expect(decoded.image.pixels == [Self.red, Self.blue])
    #expect(decoded.metadata.colorChunks.isEmpty)
    #expect(decoded.warnings == ["gAMA: gamma 0, which is meaningless, not kept"])
    let written = try PNGEncoder().encode(decoded.image, metadata: decoded.metadata)
    #expect(RawPNG.chunks(written)?.map(\.name) == ["IHDR", "IDAT", "IEND"])
    // The smallest gAMA that means something, 1 (gamma 0.00001, §11.3.3.2), is kept.
    let one = try PNGDecoder().decode(file(gamma: [0, 0, 0, 1]), name: "one.png")
    #expect(one.metadata.colorChunks == [PNGChunk(name: "gAMA", data: [0, 0, 0, 1])])
    #expect(one.warnings.isEmpty)
  }

  @Test("a skipped ancillary chunk with a bad CRC is dropped with a warning")
  func badTextChunkCRC() throws {
    let bytes = RawPNG.corruptingCRC(of: "tEXt", in: Self.rgb)
    let decoded = try PNGDecoder().decode(bytes, name: "rgb.png")
    #expect(decoded.image.pixels == [Self.red, Self.blue])
    #expect(decoded.metadata.colorChunks.map(\.name) == ["gAMA"])
    #expect(decoded.warnings == ["tEXt: CRC error; chunk dropped"])
  }

  @Test(
    "a bad CRC in a critical chunk is an error naming the chunk",
    arguments: [("IDAT", false), ("IEND", false), ("PLTE", true)])
  func badCriticalChunkCRC(chunk: String, isPalette: Bool) throws {
    let bytes = RawPNG.corruptingCRC(of: chunk, in: isPalette ? Self.palette : Self.rgb)
    let error = try #require(throws: PNGError.self) {
      try PNGDecoder().decode(bytes, name: "bad.png")
    }
    #expect(error == .corrupt(path: "bad.png", message: "\(chunk): CRC error"))
    #expect(error.description == "bad.png: corrupt PNG data (libpng: \(chunk): CRC error)")
  }
}
