import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

@testable import LayerFXPNG

/// Palette indices past PLTE: opaque black (PNG Third Edition §13), with a warning naming the
/// first such pixel (§11.2.3 makes the index an error in the file).
@Suite struct PaletteIndexTests {
  /// A 3 × 2 2-bit palette image with `entries` (RGB triples) and tRNS alpha 0 for entry 0;
  /// indices [0, 3, 1] then [2, 0, 1], built by hand.
  ///
  /// Source: PNG Specification (Third Edition) §11.2.2 IHDR, §11.2.3 PLTE, §11.3.2.1 tRNS,
  /// §7.2 (2-bit pixels packed from the high bits: 00 11 01 00 = 0x34, 10 00 01 00 = 0x84),
  /// §9.2 (filter type 0 before each row).
  static func image(entries: [UInt8], interlace: UInt8 = 0) -> [UInt8] {
    let rows: [UInt8] =
      interlace == 0
      ? [0, 0x34, 0, 0x84]
      // Adam7 (§8.2) of a 3 × 2 image: pass 1 holds (0, 0); pass 4 (2, 0); pass 6 (1, 0); pass 7
      // row 1, all three pixels. Each reduced row has its filter byte.
      : [0, 0x00, 0, 0x40, 0, 0xC0, 0, 0x84]
    return RawPNG.signature
      + RawPNG.chunk(
        "IHDR",
        RawPNG.ihdrData(width: 3, height: 2, bitDepth: 2, colorType: 3, interlace: interlace))
      + RawPNG.chunk("PLTE", entries) + RawPNG.chunk("tRNS", [0])
      + RawPNG.chunk("IDAT", RawPNG.storedZlib(rows)) + RawPNG.chunk("IEND", [])
  }

  static let clear = half4(0, 0, 0, 0)
  static let green = half4(0, 1, 0, 1)
  static let black = half4(0, 0, 0, 1)

  @Test(
    "indices past a 2-entry PLTE decode as opaque black; decode and inspect warn of the first",
    arguments: [0, 1] as [UInt8])
  func pastShortPalette(interlace: UInt8) throws {
    // Entry 0 red, made clear by tRNS; entry 1 green, opaque (past tRNS); indices 2 and 3 are
    // past PLTE. The first in row order is (1, 0), index 3.
    let bytes = Self.image(entries: [255, 0, 0, 0, 255, 0], interlace: interlace)
    let decoded = try PNGDecoder().decode(bytes, name: "p.png")
    #expect(
      decoded.image.pixels == [
        Self.clear, Self.black, Self.green,
        Self.black, Self.clear, Self.green,
      ])
    let expected: [String] = [
      "pixel (1, 0) has palette index 3, but PLTE has 2 entries; such pixels decode as "
        + "opaque black"
    ]
    #expect(decoded.warnings == expected)
    // layerfx info reads the file with inspect, which decodes a palette image for this warning.
    let info = try PNGDecoder().inspect(bytes, name: "p.png")
    #expect(info.warnings == expected)
    #expect(info.chunkNames == ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])
  }

  @Test("inspect leaves a palette image its limits refuse undecoded: the header, no warning")
  func inspectPaletteOverLimit() throws {
    // 6 pixels against a limit of 5: decoding refuses the image, inspect reads its header.
    let bytes = Self.image(entries: [255, 0, 0, 0, 255, 0])
    #expect(throws: PNGError.self) { try PNGDecoder(maxPixelCount: 5).decode(bytes, name: "p.png") }
    let info = try PNGDecoder(maxPixelCount: 5).inspect(bytes, name: "p.png")
    #expect(info.width == 3 && info.height == 2 && info.warnings.isEmpty)
  }

  @Test("a 4-entry PLTE covers every 2-bit index: its colours, and no warning, nor from inspect")
  func fullPalette() throws {
    // Entries: red (clear by tRNS), green, blue, white.
    let bytes = Self.image(entries: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])
    let decoded = try PNGDecoder().decode(bytes, name: "p.png")
    let blue = half4(0, 0, 1, 1)
    let white = half4(1, 1, 1, 1)
    #expect(
      decoded.image.pixels == [
        Self.clear, white, Self.green,
        blue, Self.clear, Self.green,
      ])
    #expect(decoded.warnings.isEmpty)
    #expect(try PNGDecoder().inspect(bytes, name: "p.png").warnings.isEmpty)
  }
}
