import Foundation
import LayerFXTestSupport
import Testing

/// Issue 13, classes 4 and 5 at the command line: limits found before anything renders, and
/// memory that does not grow with the padding.
@Suite struct MemoryLimitTests {
  @Test(
    "an image wider than the encoder can write is refused at decode time with the limit, exit 65",
    arguments: [1_000_001, 4_194_303])
  func wideImage(width: Int) throws {
    let directory = try TemporaryDirectory()
    let input = directory.path("wide.png")
    try Data(WidePNG.bytes(width: width)).write(to: URL(fileURLWithPath: input))
    let result = try LayerFXTool.run(
      ["ripple", input, "--amplitude", "0", "--time", "0.5", "-o", directory.path("out.png")])
    #expect(result.status == 65)
    #expect(
      result.errorLines == [
        "layerfx: error: \(input): image too wide or tall (\(width) × 1 pixels; at most 1000000 "
          + "per side, the most a PNG encoder writes)"
      ])
    #expect(try directory.contents() == ["wide.png"])
  }

  @Test(
    "a 1 × 1 image with a padding of 4999 pixels renders within 400 MB of address space",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sh"), "needs /bin/sh"))
  func paddingCostsNoMemory() throws {
    let directory = try TemporaryDirectory()
    // Stored, the padded layer alone would be (1 + 2 × 4999 + 1)² × 16 B = 1.6 GB.
    let output = directory.path("out.png")
    let command =
      "ulimit -v 400000 || exit 77; exec \"$0\" ripple testcard:1x1 --amplitude 4999 --time 0.5 "
      + "--threads 2 -o \"$1\""
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command, LayerFXTool.executable.path, output]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus != 77, "ulimit -v is not available")
    #expect(process.terminationStatus == 0)
    #expect(FileManager.default.fileExists(atPath: output))
  }
}

/// A 68-byte PNG whose IHDR declares `width × 1` RGBA8 pixels, with the 11-byte IDAT of
/// ``HugeHeaderPNG`` and CRCs computed here (PNG spec §5.3: CRC-32 over type and data).
enum WidePNG {
  static func bytes(width: Int) -> [UInt8] {
    let w = UInt32(width)
    let ihdr: [UInt8] =
      [UInt8(w >> 24), UInt8(w >> 16 & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w & 0xFF)]
      + [0, 0, 0, 1, 8, 6, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
      + chunk("IDAT", [0x78, 0x9C, 0x63, 0x60, 0x80, 0x01, 0x00, 0x00, 0x0A, 0x00, 0x01])
      + chunk("IEND", [])
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    let n = UInt32(data.count)
    let crc = crc32(body)
    return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + body
      + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
  }

  /// CRC-32 as the PNG spec's Annex D computes it, bit by bit (polynomial 0xEDB88320).
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
