import Foundation
import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import LayerFXPNG
import Testing

/// A sink that counts what reaches it.
private struct CountingSink: FrameSink {
  var frames: [Int] = []
  var isFinished = false
  mutating func write(_ frame: Image, index: Int) throws { frames.append(index) }
  mutating func finish() throws { isFinished = true }
}

/// A fresh empty directory under the system's temporary folder.
private func temporaryDirectory() throws -> String {
  let path = NSTemporaryDirectory() + "layerfx-sinks-\(UInt64.random(in: 0...UInt64.max))/"
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

@Suite struct FrameSinkTests {
  @Test("a contact sheet puts frame k in row k / columns, column k % columns, 4 pixels apart")
  func contactSheet() throws {
    let colours = [half4(1, 0, 0, 1), half4(0, 1, 0, 1), half4(0, 0, 1, 1)]
    var sheet = try ContactSheetSink(frameCount: 3, columns: 2, frameWidth: 2, frameHeight: 1)
    for (k, colour) in colours.enumerated() {
      sheet.write(Image(width: 2, height: 1, color: colour), index: k)
    }
    sheet.finish()
    // 2 columns × 2 px + one 4-px gutter = 8 wide; 2 rows × 1 px + one gutter = 6 high.
    #expect(sheet.image.width == 8 && sheet.image.height == 6)
    #expect(sheet.image[0, 0] == colours[0] && sheet.image[1, 0] == colours[0])
    #expect(sheet.image[6, 0] == colours[1] && sheet.image[7, 0] == colours[1])
    #expect(sheet.image[0, 5] == colours[2])
    // The gutter and the empty fourth cell stay transparent.
    #expect(sheet.image[3, 0] == .zero && sheet.image[6, 5] == .zero)
  }

  @Test("a contact sheet over the pixel limit is refused when it is made")
  func contactSheetLimit() {
    #expect(throws: CompositionError.self) {
      try ContactSheetSink(
        frameCount: 100, columns: 10, frameWidth: 100, frameHeight: 100, pixelLimit: 1000)
    }
  }

  @Test("a raw stream gives straight-alpha 8-bit RGBA, width × height × 4 bytes per frame")
  func rawStream() throws {
    var bytes: [[UInt8]] = []
    let stream = RawRGBASink { bytes.append(Array($0)) }
    // Premultiplied (0.5, 0.25, 0, 0.5) is straight (1, 0.5, 0) at alpha 0.5: 255, 127.5 → 128
    // (rounded half up), 0, and 127.5 → 128.
    let image = Image(width: 2, height: 1, color: half4(0.5, 0.25, 0, 0.5))
    try stream.write(image, index: 0)
    // As samples (a render's last pass stored straight into them), the same bytes.
    try stream.write(PNGSamples(image, bitDepth: .eight), index: 1)
    try stream.finish()
    #expect(
      bytes == [[255, 128, 0, 128, 255, 128, 0, 128], [255, 128, 0, 128, 255, 128, 0, 128]])
  }

  @Test("a PNG sequence writes frame_0000.png … in the directory, one file per frame")
  func pngSequence() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let frames = try PNGSequenceSink(directory: directory, frameCount: 3)
    for k in 0..<3 { try frames.write(Image(width: 2, height: 2, color: .one), index: k) }
    try frames.finish()
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(names == ["frame_0000.png", "frame_0001.png", "frame_0002.png"])
    // The PNG signature (PNG spec §5.2) opens every file.
    let head = try #require(FileManager.default.contents(atPath: directory + names[0])).prefix(8)
    #expect(Array(head) == [137, 80, 78, 71, 13, 10, 26, 10])
    #expect(PNGSequenceSink.frameName(7, of: 12_000) == "frame_00007.png")
  }

  @Test("a keyframed amplitude that crosses the padding limit late refuses before frame 0")
  func limitBeforeFirstFrame() throws {
    let start = ParameterValues(defaultsOf: .ripple)
    let timeline = try KeyframeTimeline(initialValue: start) {
      KeyframeTrack(ParameterValues.keyPath("time")) { LinearKeyframe(3.0, duration: 3) }
      // 12 points until 2 s, then up to 3000000 points.
      KeyframeTrack(ParameterValues.keyPath("amplitude")) {
        MoveKeyframe(12.0)
        LinearKeyframe(12.0, duration: 2)
        LinearKeyframe(3_000_000.0, duration: 1)
      }
    }
    let effect = AnimatedEffect(
      .ripple, timeline: timeline, triggers: [.init(time: 0, payload: float2(8, 8))], duration: 3)
    let renderer = ChainRenderer(
      image: .testCard(width: 16, height: 16), chain: EffectChain([effect]))
    var sink = CountingSink()
    // 16 + 2 × 12 = 40 px a side; at 2.9 s the amplitude is 12 + 2999988 × 0.9 ≈ 2.7 × 10⁶
    // points, 16 + 5.4 × 10⁶ pixels a side, beyond 4194302.
    #expect(throws: CompositionError.self) {
      try renderer.render(FrameSchedule(fps: 10, frameCount: 30), into: &sink, pixelLimit: 10_000)
    }
    #expect(sink.frames.isEmpty && !sink.isFinished, "no frame reached the sink")
    // The first 20 frames alone (up to 1.9 s) pass the check and all render.
    try renderer.render(FrameSchedule(fps: 10, frameCount: 20), into: &sink, pixelLimit: 10_000)
    #expect(sink.frames == Array(0..<20) && sink.isFinished)
  }
}
