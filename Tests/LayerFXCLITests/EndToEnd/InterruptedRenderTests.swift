import Foundation
import LayerFXPNG
import LayerFXTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A render killed part way (SIGKILL: no handler, no cleanup) leaves only complete frames.
@Suite struct InterruptedRenderTests {
  @Test("after SIGKILL mid-animation the directory holds only complete frames")
  func killedRenderLeavesCompleteFrames() throws {
    let directory = try TemporaryDirectory()
    let frames = directory.path("frames")
    let process = Process()
    process.executableURL = LayerFXTool.executable
    // 120 frames of 480 × 360: long enough to be killed while writing.
    process.arguments = [
      "ripple", "testcard:480x360", "--fps", "40", "-o", frames + "/", "--compression", "0",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait (polling, with no bound on how long a frame takes) until three frames exist.
    while process.isRunning {
      let written = (try? FileManager.default.contentsOfDirectory(atPath: frames)) ?? []
      if written.filter({ $0.hasSuffix(".png") }).count >= 3 { break }
      usleep(2_000)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal, "the render ended before the kill")

    // Frames are written to unnamed files that get their names only when complete, so the
    // directory holds complete frames and nothing else: no hidden temporary file either.
    let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
    #expect(names.count >= 3 && names.count < 120)
    let frameNames = Set((0..<120).map { String(format: "frame_%04d.png", $0) })
    // Frames are named strictly in order, so the ones present are 0, 1, … with no gap.
    #expect(names == (0..<names.count).map { String(format: "frame_%04d.png", $0) })
    for name in names {
      #expect(frameNames.contains(name), "unexpected file \(name)")
      let decoded = try PNGDecoder().decode(contentsOf: frames + "/" + name)
      #expect(decoded.image.width == 480 && decoded.image.height == 360)
    }
  }
}
