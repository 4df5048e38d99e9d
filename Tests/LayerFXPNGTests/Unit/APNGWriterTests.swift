import LayerFX
import LayerFXMath
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// A big-endian unsigned value of `count` bytes at `offset`.
private func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
  bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
}

/// An opaque image of `width × height` pseudo-random 8-bit codes (a 32-bit LCG, Numerical
/// Recipes' constants), which deflate cannot shrink: its frames span several data chunks.
private func noise(width: Int, height: Int, seed: UInt32) -> Image {
  var state = seed
  func code() -> Float {
    state = state &* 1_664_525 &+ 1_013_904_223
    return Float(state >> 24) / 255
  }
  let pixels = (0..<(width * height)).map { _ in half4(code(), code(), code(), 1) }
  return Image(width: width, height: height, pixels: pixels)
}

/// Each frame of an APNG as a plain PNG: the file's IHDR, the frame's data (IDAT, or fdAT
/// without its sequence number) as one IDAT, and IEND (APNG Specification, fdAT: "the same
/// structure as IDAT, except preceded by a sequence number").
private func framesAsPNGs(_ chunks: [RawPNG.Chunk]) -> [[UInt8]] {
  var frames: [[UInt8]] = []
  for chunk in chunks {
    switch chunk.name {
    case "fcTL": frames.append([])
    case "IDAT": frames[frames.count - 1] += chunk.data
    case "fdAT": frames[frames.count - 1] += chunk.data.dropFirst(4)
    default: break
    }
  }
  let header = RawPNG.chunk("IHDR", chunks[0].data)
  return frames.map {
    RawPNG.signature + header + RawPNG.chunk("IDAT", $0) + RawPNG.chunk("IEND", [])
  }
}

@Suite struct APNGWriterTests {
  @Test("delays are 1 / fps as an exact 16-bit fraction where one exists")
  func delays() {
    #expect(APNGWriter.delay(fps: 30) == (1, 30))
    #expect(APNGWriter.delay(fps: 24) == (1, 24))
    // 1 / 29.97 = 100 / 2997; 1 / 0.5 = 2 / 1; 1 / 12.5 = 2 / 25.
    #expect(APNGWriter.delay(fps: 29.97) == (100, 2997))
    #expect(APNGWriter.delay(fps: 0.5) == (2, 1))
    #expect(APNGWriter.delay(fps: 12.5) == (2, 25))
  }

  @Test("rates beyond the 16-bit fraction get the nearer end of the range, 1/65535 or 65535/1")
  func delaysAtTheLimits() {
    // fcTL's delay_num and delay_den are 16-bit: 1/65535 s is the shortest delay there is.
    #expect(APNGWriter.delay(fps: 65535) == (1, 65535))
    #expect(APNGWriter.delay(fps: 1e9) == (1, 65535))
    #expect(APNGWriter.delay(fps: 1e-30) == (65535, 1))
    #expect(APNGWriter.representableFPS.contains(65535))
    #expect(!APNGWriter.representableFPS.contains(65535.5))
    #expect(!APNGWriter.representableFPS.contains(1e-30))
  }

  @Test("chunks follow the APNG layout: acTL first, then fcTL and IDAT, then fcTL and fdAT")
  func layout() throws {
    var bytes: [UInt8] = []
    let writer = try APNGWriter(width: 5, height: 3, frameCount: 3, name: "t.apng") {
      bytes += $0
    }
    for _ in 0..<3 {
      try writer.write(Image.testCard(width: 5, height: 3), delay: (1, 30))
    }
    try writer.finish()
    let chunks = try #require(RawPNG.chunks(bytes))
    #expect(
      chunks.map(\.name) == [
        "IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND",
      ])
    #expect(chunks.allSatisfy { $0.hasValidCRC })
    // acTL: num_frames 3, num_plays 0 (forever).
    #expect(chunks[1].data == [0, 0, 0, 3, 0, 0, 0, 0])
    // Sequence numbers 0, 1, 2, … over fcTL and fdAT in file order.
    let sequenced = chunks.filter { $0.name == "fcTL" || $0.name == "fdAT" }
    #expect(sequenced.map { bigEndian($0.data, 0, 4) } == [0, 1, 2, 3, 4])
    // fcTL: 26 bytes, the whole 5 × 3 canvas at (0, 0), delay 1/30, dispose 0, blend 0.
    let control = chunks[2].data
    #expect(control.count == 26)
    #expect(bigEndian(control, 4, 4) == 5 && bigEndian(control, 8, 4) == 3)
    #expect(bigEndian(control, 12, 4) == 0 && bigEndian(control, 16, 4) == 0)
    #expect(bigEndian(control, 20, 2) == 1 && bigEndian(control, 22, 2) == 30)
    #expect(control[24] == 0 && control[25] == 0)
  }

  @Test("too many or too few frames for acTL is an encoding error naming the file")
  func frameCountErrors() throws {
    let few = try APNGWriter(width: 2, height: 2, frameCount: 3, name: "few.apng") { _ in }
    try few.write(Image(width: 2, height: 2), delay: (1, 10))
    try few.write(Image(width: 2, height: 2), delay: (1, 10))
    #expect(
      throws: PNGError.cannotEncode(
        path: "few.apng", message: "libpng: acTL announced 3 frames but 2 were written")
    ) { try few.finish() }
    let many = try APNGWriter(width: 2, height: 2, frameCount: 1, name: "many.apng") { _ in }
    try many.write(Image(width: 2, height: 2), delay: (1, 10))
    #expect(
      throws: PNGError.cannotEncode(
        path: "many.apng", message: "libpng: more frames than acTL announced")
    ) { try many.write(Image(width: 2, height: 2), delay: (1, 10)) }
  }

  @Test(
    "frames over several data chunks decode to the 8-bit PNG's pixels at levels 0, 1 and 9",
    arguments: [0, 1, 9])
  func framesEqualThePNGs(level: Int) throws {
    let images = (0..<3).map { noise(width: 300, height: 300, seed: UInt32($0)) }
    var bytes: [UInt8] = []
    let writer = try APNGWriter(
      width: 300, height: 300, frameCount: 3, compressionLevel: level, name: "n.apng"
    ) { bytes += $0 }
    for image in images { try writer.write(image, delay: (1, 30)) }
    try writer.finish()
    let chunks = try #require(RawPNG.chunks(bytes))
    #expect(chunks.allSatisfy { $0.hasValidCRC })
    // 300 × 300 × 4 random bytes do not fit one chunk of 256 KiB: at least 2 per frame.
    #expect(chunks.filter { $0.name == "fdAT" }.count >= 4)
    let sequenced = chunks.filter { $0.name == "fcTL" || $0.name == "fdAT" }
    #expect(sequenced.map { bigEndian($0.data, 0, 4) } == Array(0..<sequenced.count))
    let frames = framesAsPNGs(chunks)
    try #require(frames.count == 3)
    let decoder = PNGDecoder()
    let encoder = PNGEncoder(compressionLevel: level)
    for (frame, image) in zip(frames, images) {
      let decoded = try decoder.decode(frame).image
      let expected = try decoder.decode(encoder.encode(image)).image
      #expect(decoded.pixels == expected.pixels)
    }
  }
}
