import LayerFX
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

@Suite struct FrameRangeTests {
  @Test("A..B and A.. parse; anything else does not")
  func parsing() {
    #expect(FrameRange(parsing: "3..7") == FrameRange(first: 3, last: 7))
    #expect(FrameRange(parsing: "0..0") == FrameRange(first: 0, last: 0))
    #expect(FrameRange(parsing: "12..") == FrameRange(first: 12))
    for text in ["7..3", "3", "..4", "-1..2", "3...5", "a..b", "3..x", "", "+1..2", "1..+2"] {
      #expect(FrameRange(parsing: text) == nil, "\(text)")
    }
  }

  @Test("a range selects its frames of the schedule, A.. up to the last, and nothing past it")
  func indices() {
    #expect(FrameRange(first: 3, last: 7).indices(in: 10) == 3...7)
    #expect(FrameRange(first: 3).indices(in: 10) == 3...9)
    #expect(FrameRange(first: 9).indices(in: 10) == 9...9)
    #expect(FrameRange(first: 10).indices(in: 10) == nil)
    #expect(FrameRange(first: 8, last: 10).indices(in: 10) == nil)
    #expect(FrameRange(first: 2, last: 5).description == "2..5")
    #expect(FrameRange(first: 2).description == "2..")
  }
}

/// Keeps every frame it is given, with its index.
private struct RecordingSink: FrameSink {
  var frames: [(index: Int, image: Image)] = []
  var isFinished = false
  mutating func write(_ frame: Image, index: Int) { frames.append((index, frame)) }
  mutating func finish() { isFinished = true }
}

@Suite struct FrameRangeRenderTests {
  let renderer = ChainRenderer(
    image: Image.testCard(width: 16, height: 12),
    chain: EffectChain([
      .triggered(.ripple, duration: 1, triggers: [.init(time: 0, payload: [8, 6])])
    ]), renderer: Renderer(threadCount: 1))

  @Test("a range hands the sink its frames under their full-schedule indices, as rendered in full")
  func rangeIndices() throws {
    let passes = try renderer.checkedPasses(at: FrameSchedule(fps: 10, frameCount: 6).times)
    var full = RecordingSink()
    try renderer.render(passes, into: &full)
    var part = RecordingSink()
    try renderer.render(passes, into: &part, frames: 2...4)
    #expect(part.isFinished)
    #expect(part.frames.map(\.index) == [2, 3, 4])
    for (frame, expected) in zip(part.frames, full.frames[2...4]) {
      #expect(frame.image.pixels == expected.image.pixels)
    }
  }

  @Test("a contact sheet of a range puts the range's first frame in its first cell")
  func contactSheetOfRange() throws {
    var sheet = try ContactSheetSink(
      frameCount: 2, columns: 2, frameWidth: 1, frameHeight: 1, firstIndex: 7)
    sheet.write(Image(width: 1, height: 1, color: half4(1, 0, 0, 1)), index: 7)
    sheet.write(Image(width: 1, height: 1, color: half4(0, 0, 1, 1)), index: 8)
    // Two 1 × 1 cells with a 4-pixel gutter: x = 0 and x = 5.
    #expect(sheet.image.width == 6)
    #expect(sheet.image[0, 0] == half4(1, 0, 0, 1))
    #expect(sheet.image[5, 0] == half4(0, 0, 1, 1))
  }
}
