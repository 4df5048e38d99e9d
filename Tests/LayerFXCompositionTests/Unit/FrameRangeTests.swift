import LayerFXComposition
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
