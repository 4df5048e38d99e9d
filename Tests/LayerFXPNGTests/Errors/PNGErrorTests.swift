import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

@testable import LayerFXPNG

@Suite("PNGError: every case is provoked and names the file")
struct PNGErrorTests {
  /// The expected outcome for each corrupt PngSuite file (defects from the suite's README).
  enum Expected: Sendable {
    case notPNG
    case corrupt(containing: String)
  }

  // libpng's messages (pngrutil.c / pngerror.c strings) are passed through verbatim, with what
  // two of them leave unsaid: "Invalid IHDR data" is followed by png_check_IHDR's warnings (its
  // strings in png.c), naming the bad field, and IEND "out of place" by why.
  static let corruptFiles: [(String, Expected)] = [
    ("xs1n0g01.png", .notPNG),  // signature byte 1 MSB cleared
    ("xs2n0g01.png", .notPNG),  // signature byte 2 is 'Q'
    ("xs4n0g01.png", .notPNG),  // signature byte 4 lower-case
    ("xs7n0g01.png", .notPNG),  // signature byte 7 is a space
    ("xcrn0g04.png", .notPNG),  // CR bytes added (signature damaged too)
    ("xlfn0g04.png", .notPNG),  // LF bytes added (signature damaged too)
    ("xhdn0g08.png", .corrupt(containing: "CRC error")),  // IHDR CRC wrong
    // colour type 1
    ("xc1n0g08.png", .corrupt(containing: "Invalid IHDR data: Invalid color type in IHDR")),
    // colour type 9
    ("xc9n2c08.png", .corrupt(containing: "Invalid IHDR data: Invalid color type in IHDR")),
    // bit depth 0
    ("xd0n2c08.png", .corrupt(containing: "Invalid IHDR data: Invalid bit depth in IHDR")),
    // bit depth 3
    ("xd3n2c08.png", .corrupt(containing: "Invalid IHDR data: Invalid bit depth in IHDR")),
    // bit depth 99
    ("xd9n2c08.png", .corrupt(containing: "Invalid IHDR data: Invalid bit depth in IHDR")),
    // no IDAT chunk: IEND comes too early
    ("xdtn0g01.png", .corrupt(containing: "IEND: out of place (no IDAT chunk before it")),
    ("xcsn0g01.png", .corrupt(containing: "CRC error")),  // IDAT CRC wrong
  ]

  @Test(
    "every corrupt PngSuite file is rejected with the right case and a message naming it",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)),
    arguments: corruptFiles)
  func rejectsCorruptFile(name: String, expected: Expected) throws {
    #expect(PngSuite.corruptNames.contains(name))
    let path = PngSuite.path(name)
    let error = try #require(throws: PNGError.self) {
      try PNGDecoder().decode(contentsOf: path)
    }
    #expect(error.description.hasPrefix("\(path): "))
    switch (expected, error) {
    case (.notPNG, .notPNG(let errorPath, _)):
      #expect(errorPath == path)
      #expect(error.description.contains("not a PNG file (bad signature"))
    case (.corrupt(let text), .corrupt(let errorPath, let message)):
      #expect(errorPath == path)
      #expect(!message.isEmpty && message.contains(text))
      #expect(error.description.contains("corrupt PNG data (libpng: \(message))"))
    default:
      Issue.record("expected \(expected), got \(error)")
    }
  }

  @Test("an IHDR of width and height 0 names both fields, as libpng's warnings do")
  func zeroSizedHeader() throws {
    let bytes =
      RawPNG.signature
      + RawPNG.chunk("IHDR", RawPNG.ihdrData(width: 0, height: 0, bitDepth: 8, colorType: 6))
      + RawPNG.chunk("IDAT", RawPNG.storedZlib([0])) + RawPNG.chunk("IEND", [])
    let error = try #require(throws: PNGError.self) {
      try PNGDecoder().decode(bytes, name: "zero.png")
    }
    #expect(
      error.description
        == "zero.png: corrupt PNG data (libpng: Invalid IHDR data: Image width is zero in "
        + "IHDR; Image height is zero in IHDR)")
  }

  @Test("a missing file is reported as not found")
  func missingFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/missing.png"
    let error = try #require(throws: PNGError.self) { try PNGDecoder().decode(contentsOf: path) }
    #expect(error == .fileNotFound(path: path))
    #expect(error.description == "\(path): no such file")
  }

  @Test("a directory is reported as unreadable with the system's reason")
  func directoryIsUnreadable() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let error = try #require(throws: PNGError.self) {
      try PNGDecoder().decode(contentsOf: directory.path)
    }
    #expect(error == .unreadable(path: directory.path, reason: "Is a directory"))
    #expect(error.description == "\(directory.path): cannot read file (Is a directory)")
  }

  @Test("a text file named .png is not a PNG file")
  func textFileIsNotPNG() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/notes.png"
    try "just some text\n".write(toFile: path, atomically: false, encoding: .utf8)
    let error = try #require(throws: PNGError.self) { try PNGDecoder().decode(contentsOf: path) }
    guard case .notPNG(path, _) = error else {
      Issue.record("expected notPNG, got \(error)")
      return
    }
    #expect(error.description.hasPrefix("\(path): not a PNG file (bad signature"))
  }

  @Test("an empty file is named as empty, not as a bad signature")
  func emptyFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/empty.png"
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let error = try #require(throws: PNGError.self) { try PNGDecoder().decode(contentsOf: path) }
    #expect(error == .empty(path: path))
    #expect(error.description == "\(path): empty file (0 bytes), not a PNG")
  }

  @Test(
    "a valid file cut short anywhere is reported as truncated",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
  func truncated() throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: PngSuite.path("basn2c08.png"))))
    // Inside the signature, after it, inside IHDR, after IHDR, inside IDAT, without IEND,
    // inside IEND's CRC.
    for cut in [4, 8, 20, 33, 60, bytes.count / 2, bytes.count - 12, bytes.count - 1] {
      let error = try #require(throws: PNGError.self) {
        try PNGDecoder().decode(Array(bytes.prefix(cut)), name: "cut.png")
      }
      #expect(error == .truncated(path: "cut.png", byteCount: cut), "cut at \(cut)")
      #expect(
        error.description == "cut.png: truncated PNG file (the data ends after \(cut) bytes)")
    }
  }

  @Test("a header declaring 100000 × 100000 pixels is rejected as too large")
  func decompressionBomb() throws {
    // Signature + IHDR (8-bit RGBA) + a tiny IDAT + IEND, CRCs from the test's own CRC-32.
    let bytes =
      RawPNG.signature
      + RawPNG.chunk(
        "IHDR", RawPNG.ihdrData(width: 100_000, height: 100_000, bitDepth: 8, colorType: 6))
      + RawPNG.chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
      + RawPNG.chunk("IEND", [])
    let error = try #require(throws: PNGError.self) {
      try PNGDecoder().decode(bytes, name: "bomb.png")
    }
    #expect(
      error == .tooLarge(path: "bomb.png", width: 100_000, height: 100_000, limit: 100_000_000))
    #expect(error.description.hasPrefix("bomb.png: image too large (100000 × 100000"))
    #expect(error.description.contains("maxPixelCount"))
  }

  @Test(
    "a chunk before IHDR is refused as corrupt, by decode and inspect, whichever chunk it is",
    arguments: [
      // Skipped by libpng unread (pHYs), kept as a colour chunk (gAMA), read by libpng (tRNS).
      ("pHYs", [0, 0, 0x0B, 0x13, 0, 0, 0x0B, 0x13, 1] as [UInt8]), ("gAMA", [0, 0, 0xB1, 0x8F]),
      ("tRNS", [0, 0]),
    ])
  func chunkBeforeHeader(chunk: String, data: [UInt8]) throws {
    // PNG Specification §5.6 "Chunk ordering": IHDR shall be first. libpng 1.6 says
    // "NAME: missing IHDR" for a chunk it reads there (png_handle_pHYs, png_handle_tRNS).
    let bytes =
      RawPNG.signature + RawPNG.chunk(chunk, data)
      + RawPNG.chunk("IHDR", RawPNG.ihdrData(width: 1, height: 1, bitDepth: 8, colorType: 0))
      + RawPNG.chunk("IDAT", RawPNG.storedZlib([0, 128])) + RawPNG.chunk("IEND", [])
    let expected = PNGError.corrupt(path: "order.png", message: "\(chunk): missing IHDR")
    #expect(throws: expected) { try PNGDecoder().decode(bytes, name: "order.png") }
    #expect(throws: expected) { try PNGDecoder().inspect(bytes, name: "order.png") }
    #expect(expected.description == "order.png: corrupt PNG data (libpng: \(chunk): missing IHDR)")
    // The same chunk after IHDR is accepted.
    let ordered =
      RawPNG.signature
      + RawPNG.chunk("IHDR", RawPNG.ihdrData(width: 1, height: 1, bitDepth: 8, colorType: 0))
      + RawPNG.chunk(chunk, data) + RawPNG.chunk("IDAT", RawPNG.storedZlib([0, 128]))
      + RawPNG.chunk("IEND", [])
    #expect(try PNGDecoder().decode(ordered, name: "order.png").info.chunkNames.first == "IHDR")
  }

  @Test(
    "the pixel limit can be lowered and raised",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
  func pixelLimit() throws {
    // basn0g08 is 32 × 32 = 1024 pixels (PngSuite name code: basic, 32 × 32).
    let path = PngSuite.path("basn0g08.png")
    #expect(throws: PNGError.tooLarge(path: path, width: 32, height: 32, limit: 1023)) {
      try PNGDecoder(maxPixelCount: 1023).decode(contentsOf: path)
    }
    #expect(try PNGDecoder(maxPixelCount: 1024).decode(contentsOf: path).image.width == 32)
  }

  @Test(
    "libpng's crash-test files are rejected as truncated or corrupt, never crash",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
  func crashers() throws {
    let directory = "libpng-extras/crashers/"
    let names = try FileManager.default.contentsOfDirectory(atPath: PngSuite.path(directory))
    #expect(names.count == 23)
    for name in names.sorted() where name != "empty_ancillary_chunks.png" {
      let path = PngSuite.path(directory + name)
      let error = try #require(throws: PNGError.self, "\(name)") {
        try PNGDecoder().decode(contentsOf: path)
      }
      switch error {
      case .truncated where name.hasPrefix("huge_"):
        break  // each declares a chunk far longer than the 57–79-byte file
      case .corrupt where !name.hasPrefix("huge_"):
        break  // bad CRC, bad Adler-32, damaged header
      default:
        Issue.record("\(name): unexpected \(error)")
      }
    }
  }

  // An empty image cannot reach the encoder: `Image` requires at least one pixel per side.
  @Test("encoding a non-colour chunk fails with cannotEncode")
  func cannotEncode() throws {
    let text = PNGMetadata(colorChunks: [PNGChunk(name: "tEXt", data: Array("a\0b".utf8))])
    let chunkError = try #require(throws: PNGError.self) {
      try PNGEncoder().encode(Image(width: 1, height: 1), metadata: text, name: "t.png")
    }
    #expect(chunkError.description.hasPrefix("t.png: cannot encode PNG (tEXt "))
  }

  @Test("writing into a directory that does not exist fails and leaves nothing behind")
  func cannotWrite() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/missing/out.png"
    let error = try #require(throws: PNGError.self) {
      try PNGEncoder().write(Image(width: 2, height: 2), to: path)
    }
    #expect(error == .cannotWrite(path: path, reason: "No such file or directory"))
    #expect(error.description == "\(path): cannot write file (No such file or directory)")
    #expect(try directory.contents().isEmpty)
  }

  @Test("a write whose final rename fails removes its temporary file")
  func failedRenameCleansUp() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // The temporary file is written beside the target; rename(2) onto a directory fails.
    let target = directory.path + "/taken.png"
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
    let error = try #require(throws: PNGError.self) {
      try PNGEncoder().write(Image(width: 2, height: 2), to: target)
    }
    #expect(error == .cannotWrite(path: target, reason: "Is a directory"))
    #expect(try directory.contents() == ["taken.png"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
  }
}
