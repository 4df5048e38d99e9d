import Foundation
import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `RenderJob.run`: one call renders a described job, with progress, bounds reports and
/// cancellation through its events (Documentation/Semantics.md §4.5 for the bounds check).
@Suite struct RenderJobTests {
  /// A 2 × 1 image of premultiplied (0.5, 0.25, 0, 0.5): straight (1, 0.5, 0) at alpha 0.5,
  /// which 8-bit RGBA stores as 255, 128 (127.5 rounded half up), 0, 128.
  static let input = RenderJob.Input(Image(width: 2, height: 1, color: half4(0.5, 0.25, 0, 0.5)))
  static let pixel: [UInt8] = [255, 128, 0, 128]

  /// A raw stream of `frameCount` frames at 10 fps of `chain` over ``input`` to standard
  /// output.
  static func rawJob(_ chain: EffectChain = EffectChain([]), frameCount: Int) -> RenderJob {
    RenderJob(
      input: input, chain: chain, schedule: .animation(fps: 10, frameCount: frameCount),
      output: RenderJob.Output(path: "-", format: .raw), debug: RenderJob.Debug(checksBounds: true),
      limits: RenderJob.Limits(pixelLimit: 1_000_000, memoryCheck: .off))
  }

  @Test("an empty chain streams each frame as the input, with progress before every frame")
  func rawStream() throws {
    var bytes: [UInt8] = []
    var progress: [[Int]] = []
    let events = RenderJobEvents(
      progress: { progress.append([$0, $1]) }, standardOutput: { bytes += $0 })
    let outcome = try Self.rawJob(frameCount: 3).run(events: events)
    #expect(bytes == Array(repeating: Self.pixel + Self.pixel, count: 3).flatMap { $0 })
    #expect(progress == [[0, 3], [1, 3], [2, 3]])
    #expect(outcome.isWithinBounds)
  }

  @Test("a frame range renders only its frames")
  func frameRange() throws {
    var bytes: [UInt8] = []
    var progress: [Int] = []
    var job = Self.rawJob(frameCount: 5)
    job.schedule = .animation(fps: 10, frameCount: 5, frames: 3...4)
    _ = try job.run(
      events: RenderJobEvents(
        progress: { k, _ in progress.append(k) }, standardOutput: { bytes += $0 }))
    #expect(progress == [3, 4])
    #expect(bytes.count == 2 * 2 * 4)
  }

  @Test("a job cancelled after its first frame hands on no later frame")
  func cancellation() throws {
    var bytes: [UInt8] = []
    let events = RenderJobEvents(standardOutput: { bytes += $0 }, isCancelled: { !bytes.isEmpty })
    #expect(throws: CancellationError.self) { try Self.rawJob(frameCount: 3).run(events: events) }
    #expect(bytes == Self.pixel + Self.pixel)
  }

  @Test("a pass reading 2 points away with an offset of 0 is reported; with 2 it is not")
  func bounds() throws {
    // offset(x: 2, y: 0) reads every pixel from 2 points to its left (Offset.metal).
    var effect = AnimatedEffect(.offset, arguments: [("x", .float(2)), ("y", .float(0))])
    effect.maxSampleOffset = .zero
    var reports: [String] = []
    let beyond = try Self.rawJob(EffectChain([effect]), frameCount: 1).run(
      events: RenderJobEvents(boundsReport: { reports.append($0) }, standardOutput: { _ in }))
    #expect(!beyond.isWithinBounds)
    #expect(reports.count == 1 && reports[0].hasPrefix("frame 0 pass 1: "))
    effect.maxSampleOffset = float2(2, 0)
    reports = []
    let within = try Self.rawJob(EffectChain([effect]), frameCount: 1).run(
      events: RenderJobEvents(boundsReport: { reports.append($0) }, standardOutput: { _ in }))
    #expect(within.isWithinBounds && reports.isEmpty)
  }

  @Test("an animation's bounds check ends with the offset enough for every frame")
  func boundsOfAnimation() throws {
    // offset(x:, y: 0) reads every pixel from x points to its left (Offset.metal); x runs
    // linearly 1 → 3 over 0.2 s, so the frames at 0, 0.1 and 0.2 s read 1, 2 and 3 points away.
    let timeline = try KeyframeTimeline(initialValue: ParameterValues(["x": 1, "y": 0])) {
      KeyframeTrack(ParameterValues.keyPath("x")) { LinearKeyframe(3.0, duration: 0.2) }
    }
    let effect = AnimatedEffect(.offset, timeline: timeline, maxSampleOffset: float2(1.5, 0))
    var reports: [String] = []
    let outcome = try Self.rawJob(EffectChain([effect]), frameCount: 3).run(
      events: RenderJobEvents(boundsReport: { reports.append($0) }, standardOutput: { _ in }))
    #expect(!outcome.isWithinBounds)
    // Frames 1 and 2 (2 and 3 points) lie beyond 1.5; frame 0 (1 point) within it. Each
    // frame's own line names its own offset; the last names 3 points, enough for all three.
    #expect(reports.count == 3)
    #expect(reports.first?.hasPrefix("frame 1 pass 1: ") == true)
    let expected =
      "all frames: pass 1: beyond maxSampleOffset in 2 of the 3 frames it ran in; "
      + "maxSampleOffset 3, 0 would be enough for every frame"
    #expect(reports.last == expected)
  }

  @Test("a still checked only opens no file and writes nothing")
  func checkOnly() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("out.png")
    let job = RenderJob(
      input: Self.input, chain: EffectChain([]), schedule: .still(time: 0),
      output: RenderJob.Output(path: path),
      limits: RenderJob.Limits(pixelLimit: 1_000_000, memoryCheck: .off))
    #expect(try job.run(checkOnly: true).isWithinBounds)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  /// A 4 × 4 checkerboard fill animated at 10 fps for `frameCount` frames into `path`/.
  static func fillJob(into path: String, frameCount: Int) -> RenderJob {
    RenderJob(
      source: .fill(RenderJob.Fill(.checkerboard, arguments: [], width: 4, height: 4)),
      schedule: .animation(fps: 10, frameCount: frameCount),
      output: RenderJob.Output(path: path),
      limits: RenderJob.Limits(pixelLimit: 1_000_000, memoryCheck: .off))
  }

  @Test("a fill animation writes frame_0000.png … one per frame, with progress before each")
  func fillFrames() throws {
    let directory = try TemporaryDirectory()
    var progress: [[Int]] = []
    _ = try Self.fillJob(into: directory.path("frames/"), frameCount: 3).run(
      events: RenderJobEvents(progress: { progress.append([$0, $1]) }))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path("frames"))
    #expect(names.sorted() == ["frame_0000.png", "frame_0001.png", "frame_0002.png"])
    #expect(progress == [[0, 3], [1, 3], [2, 3]])
  }

  @Test("a fill animation cancelled at its first frame leaves no folder behind")
  func fillCancelled() throws {
    let directory = try TemporaryDirectory()
    #expect(throws: CancellationError.self) {
      try Self.fillJob(into: directory.path("frames/"), frameCount: 3).run(
        events: RenderJobEvents(isCancelled: { true }))
    }
    #expect(try directory.contents().isEmpty)
  }
}
