import Foundation
import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

/// Limits found before frame 0 (issue 13, classes 4 and 5): the size of each frame's file, free
/// inodes, the frames in flight, a keyframed amplitude that grows late.
@Suite struct AnimationLimitsMemoryTests {
  @Test("a frame's file size counts the PNG's chunks, zlib's stored blocks and copied chunks")
  func frameFileBytes() {
    // 1 × 1 RGBA8: raw = 1 × (1 + 4) = 5 bytes; zlib stores it in one block: 5 + 5 + 6 = 16;
    // one IDAT chunk adds 12: 28. Signature 8, IHDR 25, IEND 12: 45. A 1 MB iCCP profile and
    // the 12-byte frames of five colour chunks: 1 000 000 + 60. Total 1 000 133.
    #expect(
      AnimationLimits.frameFileBytes(width: 1, height: 1, bitDepth: 8, chunkBytes: 1_000_000)
        == 1_000_133)
    // 100 × 100 RGBA16: raw = 100 × (1 + 800) = 80 100; ⌈80 100 / 16 384⌉ = 5 blocks: + 25 + 6
    // = 80 131; ⌈80 131 / 8192⌉ = 10 IDAT chunks: + 120 = 80 251; + 45 + 60 = 80 356.
    #expect(
      AnimationLimits.frameFileBytes(width: 100, height: 100, bitDepth: 16, chunkBytes: 0)
        == 80_356)
  }

  @Test("a colour profile copied into every frame counts against the free space")
  func colourChunksCount() throws {
    let directory = "/tmp"
    let space = try #require(AnimationLimits.freeSpace(near: directory))
    // Frames of one pixel take one block each without the profile, a megabyte with it.
    let frames = max(1, space.bytes / 1_000_000 * 2)
    try #require(frames * space.blockSize < space.bytes)
    let limits = AnimationLimits(maxFrames: .max)
    try limits.checkFreeSpace(
      frames: frames, width: 1, height: 1, bitDepth: 8, directory: directory)
    #expect(throws: CompositionError.self) {
      try limits.checkFreeSpace(
        frames: frames, width: 1, height: 1, bitDepth: 8, chunkBytes: 1_000_000,
        directory: directory)
    }
  }

  @Test("frames in flight are bounded by memory, not by thread count")
  func framesInFlight() {
    // 9975 × 9975 × 32 bytes ≈ 3.18 GB a frame; half of 8 GB holds one.
    #expect(
      AnimationLimits.framesInFlight(
        threads: 1024, width: 9975, height: 9975, availableBytes: 8_000_000_000) == 1)
    // 1000 × 1000 × 32 bytes = 32 MB; half of 1 GB holds ⌊500 / 32⌋ = 15.
    #expect(
      AnimationLimits.framesInFlight(
        threads: 1024, width: 1000, height: 1000, availableBytes: 1_000_000_000) == 15)
    #expect(
      AnimationLimits.framesInFlight(
        threads: 8, width: 10, height: 10, availableBytes: 1_000_000_000) == 8)
    #expect(
      AnimationLimits.framesInFlight(threads: 3, width: 10, height: 10, availableBytes: nil) == 3)
    #expect(
      AnimationLimits.framesInFlight(threads: 4, width: 10, height: 10, availableBytes: 0) == 1)
  }

  @Test("an amplitude keyframed to grow past the padding limit is refused before frame 0")
  func growingAmplitude() throws {
    // The amplitude goes from 12 to 3000000 points over 3 s; at the last frames the 10 × 10
    // image pads to 10 + 2 × ~3 × 10⁶ pixels a side, beyond 4194302 (the built-in ripple reads
    // its padding without storing it, so the pixel limit does not apply); at frame 0 to 34.
    let json = #"""
      {"version": 1, "duration": 3, "keyframes": {"amplitude": [
        {"type": "move", "value": 12}, {"type": "linear", "value": 3000000, "duration": 3}]}}
      """#
    let config = try KeyframesConfig(
      data: Data(json.utf8), file: "grow.json", initialValue: ParameterValues(defaultsOf: .ripple),
      clock: "time")
    let effect = AnimatedEffect(
      .ripple, arguments: [("origin", .float2(float2(5, 5)))], timeline: config.timeline)
    let image = Image(width: 10, height: 10)
    let renderer = ChainRenderer(image: image, chain: EffectChain([effect]))
    let times = FrameSchedule(fps: 10, frameCount: 30).times
    #expect(throws: CompositionError.self) {
      try renderer.checkedPasses(at: times, pixelLimit: 1_000_000)
    }
    #expect(
      try renderer.checkedPasses(at: Array(times.prefix(1)), pixelLimit: 1_000_000).count == 1)
  }
}
