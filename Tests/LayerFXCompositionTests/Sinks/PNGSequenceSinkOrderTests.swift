import Foundation
import LayerFX
import LayerFXComposition
import LayerFXFiles
import LayerFXTestSupport
import Testing

/// Class 7 (interrupted runs) of issue 13 in the frame sink: frames are named in order, so a
/// failure leaves no gap, and a reused directory holds exactly this animation.
@Suite struct PNGSequenceSinkOrderTests {
  @Test("a frame that fails stops every later frame from being named; earlier ones are kept")
  func noGapAfterError() throws {
    let directory = try TemporaryDirectory()
    // A directory under frame 2's name: its write fails (EISDIR) however fast frames 3–5 are.
    try FileManager.default.createDirectory(
      atPath: directory.path("frame_0002.png"), withIntermediateDirectories: false)
    let sink = try PNGSequenceSink(
      directory: directory.path, frameCount: 6, concurrentEncodes: 4)
    for index in 0..<6 {
      try? sink.write(Image(width: 4, height: 4), index: index)
    }
    #expect(throws: (any Error).self) { try sink.finish() }
    #expect(try directory.contents() == ["frame_0000.png", "frame_0001.png", "frame_0002.png"])
  }

  @Test("frames of a longer earlier run and a killed run's temporaries are removed")
  func staleFrames() throws {
    let directory = try TemporaryDirectory()
    for index in 0..<12 {
      try AtomicFile.write("old", to: directory.path(String(format: "frame_%04d.png", index)))
    }
    try AtomicFile.write("old", to: directory.path("frame_00000.png"))
    try AtomicFile.write("tmp", to: directory.path(".layerfx-0123456789abcdef.tmp"))
    try AtomicFile.write("mine", to: directory.path("notes.txt"))
    // frame_0011.png is a file the command reads: it stays although no frame 11 is written.
    let sink = try PNGSequenceSink(
      directory: directory.path, frameCount: 3,
      protecting: [directory.path("frame_0011.png")])
    for index in 0..<3 {
      try sink.write(Image(width: 2, height: 2), index: index)
    }
    try sink.finish()
    #expect(
      try directory.contents() == [
        "frame_0000.png", "frame_0001.png", "frame_0002.png", "frame_0011.png", "notes.txt",
      ])
  }

  @Test("an earlier run's frames this run writes are removed before its first frame")
  func ownFramesRemovedFirst() throws {
    let directory = try TemporaryDirectory()
    let names = (0..<6).map { String(format: "frame_%04d.png", $0) }
    for name in names { try AtomicFile.write("old", to: directory.path(name)) }
    // Nothing written yet: a run that stops now leaves no frame of the earlier one.
    _ = try PNGSequenceSink(directory: directory.path, frameCount: 6)
    #expect(try directory.contents() == [])
    for name in names { try AtomicFile.write("old", to: directory.path(name)) }
    // A range's run removes its own frames only; 0, 1, 4 and 5 are other ranges'.
    _ = try PNGSequenceSink(directory: directory.path, frameCount: 6, range: 2...3)
    #expect(try directory.contents() == [names[0], names[1], names[4], names[5]])
  }

  @Test("frame names are recognised by pattern only")
  func frameNamePattern() {
    #expect(PNGSequenceSink.isFrameName("frame_0000.png"))
    #expect(PNGSequenceSink.isFrameName("frame_123456.png"))
    #expect(!PNGSequenceSink.isFrameName("frame_12.png"))
    #expect(!PNGSequenceSink.isFrameName("frame_00a0.png"))
    #expect(!PNGSequenceSink.isFrameName("myframe_0000.png"))
  }
}
