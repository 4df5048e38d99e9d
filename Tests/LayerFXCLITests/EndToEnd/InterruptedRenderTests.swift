import Foundation
import LayerFXPNG
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A render killed part way (SIGKILL: no handler, no cleanup) leaves only complete frames.
@Suite struct InterruptedRenderTests {
  @Test("after SIGKILL mid-animation every frame_*.png decodes; only hidden .tmp files remain")
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

    let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
    let pngs = names.filter { !$0.hasPrefix(".") }
    #expect(pngs.count >= 3 && pngs.count < 120)
    for (index, name) in pngs.enumerated() {
      #expect(name == String(format: "frame_%04d.png", index), "frames are written in order")
      let decoded = try PNGDecoder().decode(contentsOf: frames + "/" + name)
      #expect(decoded.image.width == 480 && decoded.image.height == 360)
    }
    // A temporary file being written at the kill may remain: hidden, never a .png name.
    let leftovers = names.filter { $0.hasPrefix(".") }
    #expect(leftovers.count <= 1)
    for name in leftovers {
      #expect(name.hasPrefix(".frame_") && name.hasSuffix(".tmp") && !name.hasSuffix(".png"))
    }
  }
}
