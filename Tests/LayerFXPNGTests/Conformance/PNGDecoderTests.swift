import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

@testable import LayerFXPNG

@Suite(
  "PNGDecoder conformance (PngSuite)",
  .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
struct PNGDecoderTests {
  /// Compares premultiplied float pixels with a straight-alpha reference.
  ///
  /// The reference is premultiplied in Double: `ref_c / max × ref_a / max`. 1e-6 is far below
  /// one 16-bit code (1.5e-5) and above Float's rounding of the decoder's two operations.
  @Test(
    "every valid PngSuite image decodes to its reference pixels", arguments: PngSuite.validNames)
  func decodesToReference(name: String) throws {
    let decoded = try PNGDecoder().decode(contentsOf: PngSuite.path(name))
    let depth = try #require(PngSuite.bitDepth(name))
    #expect(decoded.info.bitDepth == depth, "bit depth from the PngSuite name code")
    let reference = try PngSuite.reference(name)
    let pixels = decoded.image.pixels
    try #require(reference.count == pixels.count * 4, "reference has \(reference.count / 4) pixels")
    let maxCode = depth == 16 ? 65535.0 : 255.0
    var mismatches = 0
    var firstMismatch = ""
    for (index, pixel) in pixels.enumerated() {
      let alpha = Double(reference[index * 4 + 3]) / maxCode
      let expected = (0..<3).map { Double(reference[index * 4 + $0]) / maxCode * alpha } + [alpha]
      let isClose = (0..<4).allSatisfy { abs(Double(pixel[$0]) - expected[$0]) <= 1e-6 }
      if !isClose {
        if mismatches == 0 { firstMismatch = "pixel \(index): \(pixel) expected \(expected)" }
        mismatches += 1
      }
    }
    #expect(mismatches == 0, "\(mismatches) pixels differ; first: \(firstMismatch)")
  }

  /// The interlaced files whose non-interlaced twin (`?n??` for `?i??`) exists.
  static var interlacedWithTwin: [String] {
    PngSuite.validNames.filter { name in
      Array(name)[3] == "i" && PngSuite.validNames.contains(twin(of: name))
    }
  }

  static func twin(of name: String) -> String {
    var letters = Array(name)
    letters[3] = "n"
    return String(letters)
  }

  @Test(
    "each Adam7-interlaced image equals its non-interlaced twin exactly",
    arguments: interlacedWithTwin)
  func interlacedEqualsTwin(name: String) throws {
    let interlaced = try PNGDecoder().decode(contentsOf: PngSuite.path(name))
    let plain = try PNGDecoder().decode(contentsOf: PngSuite.path(Self.twin(of: name)))
    #expect(interlaced.info.interlaceMethod == .adam7)
    #expect(plain.info.interlaceMethod == .none)
    #expect(interlaced.image == plain.image)
  }

  @Test("the suite has the 161 valid images and 33 interlaced twins the README lists")
  func suiteIsComplete() {
    // README: 175 files, 14 of them corrupt; 33 interlaced/non-interlaced pairs.
    #expect(PngSuite.validNames.count == 161)
    #expect(PngSuite.corruptNames.count == 14)
    #expect(Self.interlacedWithTwin.count == 33)
  }

  @Test("a 4-bit grey tRNS value makes exactly the matching pixels transparent")
  func greyTransparency() throws {
    // README: tbbn0g04 (4-bit grey, tRNS value 15) has 464 fully transparent pixels.
    let decoded = try PNGDecoder().decode(contentsOf: PngSuite.path("tbbn0g04.png"))
    #expect(decoded.image.pixels.filter { $0 == .zero }.count == 464)
  }

  @Test("16-bit samples keep all 16 bits")
  func sixteenBitPrecision() throws {
    // basn0g16's first row (README, reference JSON) steps by 2304 = 9 × 256: 0, 2304, 4608 …
    let decoded = try PNGDecoder().decode(contentsOf: PngSuite.path("basn0g16.png"))
    let second = decoded.image.pixels[1]
    #expect(abs(Double(second.x) - 2304.0 / 65535.0) <= 1e-7)
    // A sample not representable at 8 bits: 2304 / 65535 is not k / 255 for any integer k.
    let nearest8 = (Double(second.x) * 255).rounded() / 255
    #expect(abs(Double(second.x) - nearest8) > 1e-4)
  }

  @Test("the header and chunk list match an independent walk of the file")
  func inspectMatchesIndependentWalk() throws {
    // ct1n0g04: 32 × 32, 4-bit grey, not interlaced (PngSuite name code), with tEXt chunks.
    let path = PngSuite.path("ct1n0g04.png")
    let info = try PNGDecoder().inspect(contentsOf: path)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let chunks = try #require(RawPNG.chunks(bytes))
    #expect(info.width == 32 && info.height == 32)
    #expect(info.bitDepth == 4 && info.colorType == .grayscale && info.interlaceMethod == .none)
    #expect(info.chunkNames == chunks.map(\.name))
    #expect(info.chunkNames.contains("tEXt"))
    #expect(try PNGDecoder().decode(contentsOf: path).info == info)
  }

  @Test("decoding bytes in memory equals decoding the file")
  func decodesData() throws {
    let path = PngSuite.path("basn6a16.png")
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let fromData = try PNGDecoder().decode(data, name: "basn6a16.png")
    let fromBytes = try PNGDecoder().decode([UInt8](data))
    let fromFile = try PNGDecoder().decode(contentsOf: path)
    #expect(fromData.image == fromFile.image)
    #expect(fromBytes.image == fromFile.image)
  }

  @Test("colour chunks are kept byte for byte and applied to nothing")
  func keepsColorChunks() throws {
    // g03n2c08: file gamma 0.35 (PngSuite name code) → gAMA 35000 = 0x000088B8 (PNG §11.3.3.2).
    let gamma = try PNGDecoder().decode(contentsOf: PngSuite.path("g03n2c08.png"))
    #expect(gamma.metadata.colorChunks == [PNGChunk(name: "gAMA", data: [0, 0, 0x88, 0xB8])])
    // Samples are not gamma-corrected: the same pixels as the reference (raw samples).
    let reference = try PngSuite.reference("g03n2c08.png")
    #expect(abs(Double(gamma.image.pixels[0].x) - Double(reference[0]) / 255) <= 1e-6)
    // Display P3 as H.273 code points: primaries 12, transfer 13 (sRGB), matrix 0, full range.
    let p3 = try PNGDecoder().decode(
      contentsOf: PngSuite.path("libpng-extras/testpngs/cicp-display-p3_reencoded.png"))
    #expect(p3.metadata.colorChunks == [PNGChunk(name: "cICP", data: [12, 13, 0, 1])])
  }

  @Test("malformed colour chunks are dropped with a warning and decoding succeeds")
  func dropsMalformedColorChunks() throws {
    // libpng's crash-test file carries zero-length gAMA, cHRM, iCCP and sRGB chunks.
    let decoded = try PNGDecoder().decode(
      contentsOf: PngSuite.path("libpng-extras/crashers/empty_ancillary_chunks.png"))
    #expect(decoded.metadata.colorChunks.isEmpty)
    for name in ["gAMA", "cHRM", "iCCP", "sRGB"] {
      #expect(decoded.warnings.contains { $0.hasPrefix(name) }, "a warning about \(name)")
    }
  }
}
