import Foundation
import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

@testable import LayerFXPNG

@Suite(
  "PNGDecoder conformance (libpng's test images)",
  .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
struct LibpngExtrasTests {
  @Test("the digest file lists every libpng-extras PNG outside crashers/, and one crasher")
  func digestsCoverEveryValidFile() {
    // empty_ancillary_chunks.png is a valid 1 × 1 image whose ancillary chunks are all empty;
    // every other crasher is corrupt (README).
    let valid = LibpngExtras.allNames.filter {
      !$0.hasPrefix("crashers/") || $0 == "crashers/empty_ancillary_chunks.png"
    }
    #expect(valid.count == 177)
    #expect(LibpngExtras.digests.keys.sorted() == valid)
  }

  @Test(
    "every valid libpng-extras image decodes to the independent decoder's pixels",
    arguments: LibpngExtras.validNames)
  func matchesIndependentDecoder(name: String) throws {
    let digest = try #require(LibpngExtras.digests[name])
    let decoded = try PNGDecoder().decode(contentsOf: LibpngExtras.path(name))
    #expect(decoded.image.width == digest.width && decoded.image.height == digest.height)
    let maxCode = digest.depth == 16 ? 65535 : 255
    let codes = StraightCodes.codes(of: decoded.image, maxCode: maxCode)
    #expect(CRC32.checksum(StraightCodes.bytes(codes, maxCode: maxCode)) == digest.crc32)
  }

  static let contribBasics = LibpngExtras.validNames.filter {
    $0.hasPrefix("contrib-pngsuite/bas")
  }

  @Test(
    "libpng's copies of the basic PngSuite images equal the PngSuite reference decodes",
    arguments: contribBasics)
  func contribBasicsMatchReference(name: String) throws {
    let file = String(name.dropFirst("contrib-pngsuite/".count))
    let decoded = try PNGDecoder().decode(contentsOf: LibpngExtras.path(name))
    let maxCode = PngSuite.bitDepth(file) == 16 ? 65535 : 255
    let expected = StraightCodes.zeroingTransparent(try PngSuite.reference(file))
    #expect(StraightCodes.codes(of: decoded.image, maxCode: maxCode) == expected)
  }

  /// `contrib-pngsuite/[interlaced/]iNAME.png` and its twin `contrib-pngsuite/NAME.png`.
  static let contribTwins: [(String, String)] = LibpngExtras.validNames.compactMap { name in
    let parts = name.split(separator: "/")
    guard parts.first == "contrib-pngsuite", let file = parts.last, file.hasPrefix("i") else {
      return nil
    }
    let twin = "contrib-pngsuite/" + file.dropFirst()
    return LibpngExtras.validNames.contains(twin) ? (name, twin) : nil
  }

  @Test(
    "each i-prefixed contrib image equals its twin without the prefix", arguments: contribTwins)
  func contribTwinsAreEqual(name: String, twin: String) throws {
    let first = try PNGDecoder().decode(contentsOf: LibpngExtras.path(name))
    let second = try PNGDecoder().decode(contentsOf: LibpngExtras.path(twin))
    #expect(first.image == second.image)
  }

  @Test("the contrib i-prefixed images have 30 twins, 27 of them Adam7-interlaced")
  func contribTwinCount() throws {
    // contrib-pngsuite/README: i*.png are the same images interlaced (21 here, 9 more in
    // interlaced/); 3 of them are stored without interlacing (IHDR interlace method 0:
    // iftbbn2c16, iftbgn2c16, iftbrn2c08), which the twin test covers just the same.
    #expect(Self.contribTwins.count == 30)
    let interlaced = try Self.contribTwins.filter {
      try PNGDecoder().inspect(contentsOf: LibpngExtras.path($0.0)).interlaceMethod == .adam7
    }
    #expect(interlaced.count == 27)
  }

  /// Each gamma-tagged non-palette testpngs file (`gray-8-1.8.png`, `rgb-16-sRGB-tRNS.png`) and
  /// its untagged twin (`gray-8.png`, `rgb-16-tRNS.png`).
  static let gammaTwins: [(String, String)] = LibpngExtras.validNames.compactMap { name in
    guard name.hasPrefix("testpngs/"), !name.contains("palette") else { return nil }
    for tag in ["-1.8", "-linear", "-sRGB"] where name.contains(tag) {
      return (name, name.replacingOccurrences(of: tag, with: ""))
    }
    return nil
  }

  @Test(
    "a gAMA, cHRM or sRGB chunk changes no sample: tagged images equal their untagged twins",
    arguments: gammaTwins)
  func colorChunksAreNotApplied(name: String, twin: String) throws {
    // libpng's makepng writes the same samples for each colour tag (palette files excepted:
    // their PLTE entries are gamma-encoded), so equality shows no gamma correction happened.
    let tagged = try PNGDecoder().decode(contentsOf: LibpngExtras.path(name))
    let plain = try PNGDecoder().decode(contentsOf: LibpngExtras.path(twin))
    #expect(!tagged.metadata.colorChunks.isEmpty)
    #expect(plain.metadata.colorChunks.isEmpty)
    #expect(tagged.image == plain.image)
  }

  @Test("there are 54 gamma-tagged non-palette images with an untagged twin")
  func gammaTwinCount() {
    // 18 non-palette bases (gray 1/2/4/8/16 with and without tRNS, gray-alpha 8/16, rgb 8/16
    // with and without tRNS, rgb-alpha 8/16) × 3 tags (1.8, linear, sRGB) = 54.
    #expect(Self.gammaTwins.count == 54)
  }

  @Test(
    "colour chunks are kept byte for byte and copied to the output unchanged",
    arguments: [
      "testpngs/rgb-8-1.8.png", "testpngs/gray-16-linear.png", "testpngs/rgb-alpha-8-sRGB.png",
      "testpngs/cicp-display-p3_reencoded.png",
    ])
  func colorChunksAreCopied(name: String) throws {
    let path = LibpngExtras.path(name)
    let input = try #require(RawPNG.chunks([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))))
    let colorChunks = input.filter { PNGMetadata.colorChunkNames.contains($0.name) }
    #expect(!colorChunks.isEmpty)
    let decoded = try PNGDecoder().decode(contentsOf: path)
    #expect(decoded.metadata.colorChunks.map(\.name) == colorChunks.map(\.name))
    #expect(decoded.metadata.colorChunks.map(\.data) == colorChunks.map(\.data))
    let written = try PNGEncoder().encode(decoded.image, metadata: decoded.metadata)
    let output = try #require(RawPNG.chunks(written))
    let copied = output.filter { PNGMetadata.colorChunkNames.contains($0.name) }
    #expect(copied.map(\.name) == colorChunks.map(\.name))
    #expect(copied.map(\.data) == colorChunks.map(\.data))
    #expect(copied.allSatisfy { $0.hasValidCRC })
  }

  @Test("palette indices beyond a short palette decode as opaque black")
  func shortPaletteIsOpaqueBlack() throws {
    // small-palette-1: 2 × 1, 1-bit palette with one entry; pixel 1 uses index 1 (the file's
    // IDAT, read by the digest script). PNG Third Edition §13: out-of-range → opaque black.
    let path = LibpngExtras.path("badpal/small-palette-1.png")
    let decoded = try PNGDecoder().decode(contentsOf: path)
    #expect(decoded.image.pixels[1] == half4(0, 0, 0, 1))
  }
}
