import LayerFXPNG
import LayerFXTestSupport
import Testing

/// The `acTL` data: `num_frames`, `num_plays`, each 4 bytes big-endian (PNG Third Edition
/// §11.3.6.1).
private func animationControl(frames: UInt32, plays: UInt32) -> [UInt8] {
  RawPNG.bigEndianBytes(frames) + RawPNG.bigEndianBytes(plays)
}

/// The 26 bytes of an `fcTL` for a whole 2 × 1 frame: sequence number, width, height,
/// x and y offsets (4 bytes each), `delay_num`, `delay_den` (2 bytes each), dispose op NONE,
/// blend op SOURCE (PNG Third Edition §11.3.6.2).
private func frameControl(sequence: UInt32, delay: (UInt8, UInt8)) -> [UInt8] {
  RawPNG.bigEndianBytes(sequence) + RawPNG.bigEndianBytes(2) + RawPNG.bigEndianBytes(1)
    + RawPNG.bigEndianBytes(0) + RawPNG.bigEndianBytes(0) + [0, delay.0, 0, delay.1, 0, 0]
}

/// One 2 × 1 8-bit RGBA frame's zlib data: filter byte 0, then two opaque grey pixels.
private let frameData = RawPNG.storedZlib([0, 90, 90, 90, 255, 200, 200, 200, 255])

/// An APNG of three 2 × 1 frames built chunk by chunk, the first frame being the `IDAT`
/// image; `control` is the `acTL` data, `delays` each frame's `delay_num/delay_den`.
private func apng(control: [UInt8], delays: [(UInt8, UInt8)]) -> [UInt8] {
  var bytes = RawPNG.signature
  bytes += RawPNG.chunk("IHDR", RawPNG.ihdrData(width: 2, height: 1, bitDepth: 8, colorType: 6))
  bytes += RawPNG.chunk("acTL", control)
  var sequence: UInt32 = 0
  for (frame, delay) in delays.enumerated() {
    bytes += RawPNG.chunk("fcTL", frameControl(sequence: sequence, delay: delay))
    sequence += 1
    if frame == 0 {
      bytes += RawPNG.chunk("IDAT", frameData)
    } else {
      bytes += RawPNG.chunk("fdAT", RawPNG.bigEndianBytes(sequence) + frameData)
      sequence += 1
    }
  }
  return bytes + RawPNG.chunk("IEND", [])
}

@Suite struct PNGAnimationTests {
  @Test("info of an APNG gives its frames, the sum of its delays and its plays")
  func animatedSummary() throws {
    // Delays 1/4 s, 50/0 s (a 0 denominator counts as 100: 0.5 s) and 3/4 s: 1.5 s in all.
    let bytes = apng(
      control: animationControl(frames: 3, plays: 2), delays: [(1, 4), (50, 0), (3, 4)])
    let info = try PNGDecoder().inspect(bytes)
    #expect(info.warnings == [])
    #expect(info.animation == PNGAnimation(frameCount: 3, playCount: 2, duration: 1.5))
    #expect(
      info.summary == """
        size: 2 × 1 pixels
        colour type: 6 (truecolour with alpha)
        bit depth: 8
        interlace: none
        animation: 3 frames, 1.5 s, plays 2 times
        chunks: IHDR acTL fcTL IDAT (fcTL fdAT)×2 IEND
        """)
  }

  @Test("an animation that plays forever, or once, says so")
  func plays() throws {
    let forever = try PNGDecoder().inspect(
      apng(control: animationControl(frames: 2, plays: 0), delays: [(1, 10), (1, 10)]))
    #expect(forever.animation?.summary == "2 frames, 0.2 s, loops forever")
    let once = try PNGDecoder().inspect(
      apng(control: animationControl(frames: 1, plays: 1), delays: [(1, 3)]))
    // 1/3 s to the millisecond.
    #expect(once.animation?.summary == "1 frame, 0.333 s, plays once")
  }

  @Test("a malformed acTL is ignored with a warning that says what is wrong")
  func malformedControl() throws {
    let delays: [(UInt8, UInt8)] = [(1, 10), (1, 10)]
    let short = try PNGDecoder().inspect(
      apng(control: Array(animationControl(frames: 2, plays: 0).prefix(7)), delays: delays))
    #expect(short.animation == nil)
    #expect(short.warnings == ["acTL: length 7 instead of 8, ignored"])
    #expect(!short.summary.contains("animation:"))

    let none = try PNGDecoder().inspect(
      apng(control: animationControl(frames: 0, plays: 0), delays: delays))
    #expect(none.animation == nil)
    #expect(none.warnings == ["acTL: 0 frames, which is not valid; ignored"])

    let damaged = try PNGDecoder().inspect(
      RawPNG.corruptingCRC(
        of: "acTL", in: apng(control: animationControl(frames: 2, plays: 0), delays: delays)))
    #expect(damaged.animation == nil)
    #expect(damaged.warnings == ["acTL: CRC error; chunk dropped"])
  }

  @Test("a frame count the fcTL chunks do not match, or an fcTL of the wrong length, is warned")
  func mismatchedFrames() throws {
    let more = try PNGDecoder().inspect(
      apng(control: animationControl(frames: 5, plays: 0), delays: [(1, 10), (1, 10)]))
    #expect(more.warnings == ["acTL: 5 frames, but 2 fcTL chunks"])
    #expect(more.animation == PNGAnimation(frameCount: 5, playCount: 0, duration: 0.2))

    var bytes = RawPNG.signature
    bytes += RawPNG.chunk("IHDR", RawPNG.ihdrData(width: 2, height: 1, bitDepth: 8, colorType: 6))
    bytes += RawPNG.chunk("acTL", animationControl(frames: 1, plays: 0))
    bytes += RawPNG.chunk("fcTL", frameControl(sequence: 0, delay: (1, 2)) + [0])
    bytes += RawPNG.chunk("IDAT", frameData) + RawPNG.chunk("IEND", [])
    let long = try PNGDecoder().inspect(bytes)
    #expect(
      long.warnings == [
        "fcTL: length 27 instead of 26, ignored", "acTL: 1 frame, but 0 fcTL chunks",
      ])
  }

  @Test("an acTL after IDAT does not make an animation")
  func controlAfterImageData() throws {
    var bytes = RawPNG.signature
    bytes += RawPNG.chunk("IHDR", RawPNG.ihdrData(width: 2, height: 1, bitDepth: 8, colorType: 6))
    bytes += RawPNG.chunk("IDAT", frameData)
    bytes += RawPNG.chunk("acTL", animationControl(frames: 1, plays: 0))
    bytes += RawPNG.chunk("IEND", [])
    let info = try PNGDecoder().inspect(bytes)
    #expect(info.animation == nil)
    #expect(info.warnings == ["acTL: after IDAT, ignored"])
  }
}
