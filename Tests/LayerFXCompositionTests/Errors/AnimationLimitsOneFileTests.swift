import LayerFXComposition
import Testing

@Suite struct AnimationLimitsOneFileTests {
  @Test("one-file sizes: raw is w × h × 4 per frame, an APNG adds fcTL and sequence numbers")
  func sizes() {
    // 2 frames × 3 × 5 pixels × 4 bytes = 120.
    #expect(AnimationLimits.rawStreamBytes(frames: 2, width: 3, height: 5) == 120)
    // A 1 × 1 frame: raw 1 × (1 + 4) = 5; zlib 5 + 5 + 6 = 16; IDAT 16 + 12 = 28; signature,
    // IHDR and IEND 8 + 25 + 12 = 45; five empty colour-chunk headers 60: 133. Then fcTL 38
    // and one sequence number 4, per frame; acTL 20 once: 175 + 20 = 195.
    #expect(AnimationLimits.animatedPNGBytes(frames: 1, width: 1, height: 1, chunkBytes: 0) == 195)
    // A 1 MB colour profile is counted once, not per frame.
    #expect(
      AnimationLimits.animatedPNGBytes(frames: 2, width: 1, height: 1, chunkBytes: 1_000_000)
        == 2 * 175 + 20 + 1_000_000)
  }

  @Test("a one-file animation larger than any disk is refused with both sizes")
  func freeSpace() {
    // 10⁶ frames × 65535² pixels × 4 bytes ≈ 1.7 × 10¹⁶ bytes.
    #expect {
      try AnimationLimits().checkFreeSpace(
        bytes: AnimationLimits.rawStreamBytes(frames: 1_000_000, width: 65535, height: 65535),
        frames: 1_000_000, width: 65535, height: 65535, path: "/tmp/x.raw")
    } throws: { error in
      (error as? CompositionError)?.description.hasPrefix(
        "/tmp/x.raw: 1000000 frames of 65535 × 65535 pixels need up to 17.2 PB, but only ")
        == true
    }
    #expect(
      throws: Never.self,
      performing: {
        try AnimationLimits(checksFreeSpace: false).checkFreeSpace(
          bytes: 1e30, frames: 1, width: 1, height: 1, path: "/tmp/x.raw")
      })
  }
}
