import Foundation
import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

@testable import LayerFXPNG

@Suite("Hostile input: every file, every truncation, every huge header is handled")
struct HostileInputTests {
  /// Every file under the shared test data, as a path relative to it, sorted.
  static let everyFile: [String] = {
    guard let root = TestData.root,
      let walker = FileManager.default.enumerator(atPath: root.path)
    else { return [] }
    return walker.compactMap { $0 as? String }.filter { relative in
      let path = root.appendingPathComponent(relative).path
      let type =
        try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
      return type == .typeRegular
    }.sorted()
  }()

  /// The files that must decode: valid PngSuite and libpng-extras images, and the photos.
  static let validFiles: [String] =
    PngSuite.validNames.map { "pngsuite/" + $0 }
    + LibpngExtras.validNames.map { "pngsuite/libpng-extras/" + $0 }
    + everyFile.filter { $0.hasPrefix("photos/") && $0.hasSuffix(".png") }

  @Test(
    "every file in the shared test data decodes or is rejected as the README says",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
  func everyFile() throws {
    #expect(Self.everyFile.count > 500)
    let valid = Set(Self.validFiles)
    for relative in Self.everyFile {
      let path = TestData.path(relative)
      let result = Result { () throws(PNGError) in try PNGDecoder().decode(contentsOf: path) }
      switch result {
      case .success:
        if !valid.contains(relative) { Issue.record("\(relative) decoded; it is not valid") }
      case .failure(let error):
        if valid.contains(relative) { Issue.record("\(relative): \(error)") }
        if !relative.hasSuffix(".png") {
          guard case .notPNG = error else {
            Issue.record("\(relative) is not a PNG file, but got \(error)")
            continue
          }
        }
      }
    }
  }

  @Test(
    "every valid file cut short at a dozen points is rejected as truncated",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
  func truncations() throws {
    #expect(Self.validFiles.count == 161 + 177 + 4)
    for relative in Self.validFiles {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestData.path(relative))))
      let n = bytes.count
      // Inside the signature, at its end, inside and after IHDR, through the image data, and
      // just before, inside and at the end of IEND.
      let cuts = Set([1, 7, 8, 12, 20, 33, n / 4, n / 2, 3 * n / 4, n - 13, n - 12, n - 5, n - 1])
      for cut in cuts.sorted() where cut > 0 && cut < n {
        let result = Result { () throws(PNGError) in
          try PNGDecoder().decode(Array(bytes.prefix(cut)), name: "cut.png")
        }
        guard case .failure(let error) = result else {
          Issue.record("\(relative) cut at \(cut) of \(n) bytes decoded")
          continue
        }
        #expect(error == .truncated(path: "cut.png", byteCount: cut), "\(relative) at \(cut)")
      }
    }
  }

  /// A PNG of one IHDR, one IDAT holding `imageData` and IEND.
  static func png(
    width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8,
    imageData: [UInt8]
  ) -> [UInt8] {
    RawPNG.signature
      + RawPNG.chunk(
        "IHDR",
        RawPNG.ihdrData(width: width, height: height, bitDepth: bitDepth, colorType: colorType))
      + RawPNG.chunk("IDAT", imageData) + RawPNG.chunk("IEND", [])
  }

  /// A zlib stream of 1000 zero bytes (one stored block), the image data of the huge headers.
  static let smallImageData = RawPNG.storedZlib([UInt8](repeating: 0, count: 1000))

  @Test(
    "a header beyond the pixel limit is refused from IHDR alone",
    // Sides within the 1,000,000 a PNG encoder writes: a longer side is refused as such first
    // (SideLimitTests), whatever the pixel count.
    arguments: [(1_000_000, 1_000_000), (1_000_000, 101), (100_000, 1001)])
  func beyondPixelLimit(width: Int, height: Int) throws {
    let bytes = Self.png(
      width: UInt32(width), height: UInt32(height), bitDepth: 16, colorType: 6,
      imageData: Self.smallImageData)
    let error = try #require(throws: PNGError.self) {
      try PNGDecoder().decode(bytes, name: "huge.png")
    }
    #expect(
      error == .tooLarge(path: "huge.png", width: width, height: height, limit: 100_000_000))
  }

  @Test(
    "a header within the pixel limit whose image data cannot hold it is refused unallocated",
    arguments: [(UInt8(8), UInt8(6), 9000), (1, 0, 10000), (16, 2, 5000)])
  func imageDataTooShort(bitDepth: UInt8, colorType: UInt8, side: Int) throws {
    // 9000² RGBA8 = 324 MB of samples, 10000² 1-bit grey = 12.5 MB, 5000² RGB16 = 150 MB;
    // 1011 bytes of zlib data inflate to at most 1011 × 1032 ≈ 1.04 MB.
    let bytes = Self.png(
      width: UInt32(side), height: UInt32(side), bitDepth: bitDepth, colorType: colorType,
      imageData: Self.smallImageData)
    let error = try #require(throws: PNGError.self) {
      try PNGDecoder().decode(bytes, name: "bomb.png")
    }
    let count = Self.smallImageData.count
    #expect(
      error == .imageDataTooShort(path: "bomb.png", byteCount: count, width: side, height: side))
    #expect(
      error.description
        == "bomb.png: image data too short (\(count) bytes of IDAT cannot hold \(side) × \(side) "
        + "pixels; deflate expands at most 1032:1)")
  }

  @Test("image data just large enough for deflate's ratio is decoded, not refused early")
  func imageDataAtTheBound() throws {
    // 1000 × 1000 1-bit grey needs 125000 bytes of samples (+1000 filter bytes); stored
    // blocks of those bytes inflate 1:1, far within 1032:1, so the file decodes as all black.
    let rows = [UInt8](repeating: 0, count: 1000 * (1 + 125))
    let bytes = Self.png(
      width: 1000, height: 1000, bitDepth: 1, colorType: 0, imageData: RawPNG.storedZlib(rows))
    let decoded = try PNGDecoder().decode(bytes, name: "black.png")
    #expect(decoded.image.pixels.allSatisfy { $0 == half4(0, 0, 0, 1) })
  }

  @Test("a width beyond PNG's 2^31 − 1 is rejected as corrupt by libpng")
  func widthBeyondPNGMaximum() throws {
    let bytes = Self.png(
      width: 0x8000_0000, height: 1, bitDepth: 8, colorType: 0, imageData: Self.smallImageData)
    let error = try #require(throws: PNGError.self) {
      try PNGDecoder().decode(bytes, name: "wide.png")
    }
    // libpng's png_get_uint_31 rejects it while reading IHDR.
    #expect(error == .corrupt(path: "wide.png", message: "PNG unsigned integer out of range"))
  }
}
