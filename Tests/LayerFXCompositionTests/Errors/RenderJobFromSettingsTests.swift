import Foundation
import LayerFX
import LayerFXComposition
import LayerFXFiles
import LayerFXMath
import LayerFXPNG
import Testing

/// A job built from a front end's merged settings (`RenderJob(_:input:chain:...)`): the checks
/// that need the chain and the input, and the schedule over the chain's length.
@Suite struct RenderJobFromSettingsTests {
  static let input = RenderJob.Input(Image(width: 2, height: 1, color: half4(0.5, 0.25, 0, 0.5)))
  static let limits = RenderJob.Limits(pixelLimit: 1_000_000, memoryCheck: .off)

  /// The job of an empty chain over ``input`` with `timing` written to `output`.
  static func job(
    _ timing: RenderJob.Timing, output: String, chain: EffectChain = EffectChain([]),
    offsets: MaxSampleOffsetSources = MaxSampleOffsetSources(given: nil, document: nil),
    length: Double = 0, reads: [String] = []
  ) throws -> RenderJob {
    let settings = try RenderJob.Settings(
      outputPath: output, timing: timing, overlays: nil, checksBounds: false, stillTime: nil,
      config: nil)
    return try RenderJob(
      settings, input: input, chain: chain, offsets: offsets, length: length,
      encoder: PNGEncoder(), limits: limits, reads: reads)
  }

  @Test("an animation as long as the given length: 0.25 s at 10 fps is ⌈2.5⌉ = 3 frames")
  func length() throws {
    let job = try Self.job(RenderJob.Timing(fps: 10), output: "frames/", length: 0.25)
    #expect(job.schedule == .animation(fps: 10, frameCount: 3))
  }

  @Test("an output that is a file the render reads is refused, by device and inode")
  func readFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "RenderJobFromSettingsTests-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let read = folder.appendingPathComponent("keys.json").path
    try Data("{}".utf8).write(to: URL(fileURLWithPath: read))
    // The same file by another name: its folder's `.` entry.
    let other = folder.appendingPathComponent(".").appendingPathComponent("keys.json").path
    do {
      _ = try Self.job(RenderJob.Timing(time: 0), output: other, reads: [read])
      Issue.record("expected a refusal")
    } catch let error as RenderJobError {
      #expect(error.setting == nil)
      #expect(
        error.underlying as? AtomicFileError == AtomicFileError.wouldOverwriteInput(path: other))
    }
  }

  @Test("one image ends in .png, an APNG in some extension; the misfit is about the output")
  func extensions() throws {
    for (timing, output) in [
      (RenderJob.Timing(time: 0), "x.jpg"), (RenderJob.Timing(fps: 1, frames: 1), "anim"),
    ] {
      var format = timing
      format.format = timing.fps == nil ? nil : .apng
      do {
        _ = try Self.job(format, output: output)
        Issue.record("expected a refusal of \(output)")
      } catch let error as RenderJobError {
        #expect(error.setting == .output)
      }
    }
    _ = try Self.job(RenderJob.Timing(fps: 1, frames: 1, format: .apng), output: "a.apng")
  }
}
