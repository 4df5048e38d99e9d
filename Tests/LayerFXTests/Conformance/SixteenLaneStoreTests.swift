import LayerFX
import LayerFXMath
import Testing

/// ``FloatLanes16``'s loads and stores: sixteen pixels per batch, and partial batches that end in
/// either half, against pixels written out by hand.
@Suite struct SixteenLaneStoreTests {
  /// Pixel `p` of a batch: channels `p`, `p + 100`, `p + 200`, `p + 300`.
  static func pixel(_ p: Int) -> half4 {
    half4(Float(p), Float(p) + 100, Float(p) + 200, Float(p) + 300)
  }

  /// The four planes of a whole batch: lane `i` holds pixel `_planeLaneOffsets[i]`.
  static var planes: [FloatLanes16] {
    let order = FloatLanes16._planeLaneOffsets.simd
    return [0, 100, 200, 300].map { FloatLanes16(order + Float($0)) }
  }

  /// Sixteen pixels that start as (−1, −1, −1, −1), after `store` writes into them.
  static func stored(_ store: (UnsafeMutablePointer<half4>) -> Void) -> [half4] {
    var pixels = [half4](repeating: half4(repeating: -1), count: 16)
    pixels.withUnsafeMutableBufferPointer { buffer in
      if let base = buffer.baseAddress { store(base) }
    }
    return pixels
  }

  /// Whether the first `count` of `pixels` are pixels 0…count−1 and the rest are untouched.
  static func holdsFirst(_ count: Int, _ pixels: [half4]) -> Bool {
    pixels.enumerated().allSatisfy { p, color in
      color == (p < count ? pixel(p) : half4(repeating: -1))
    }
  }

  @Test("the plane order is the eight-lane order in each half")
  func planeOrder() {
    #expect(
      FloatLanes16._planeLaneOffsets.simd
        == SIMD16(0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15))
    #expect(FloatLanes16._laneOffsets.simd == SIMD16((0..<16).map(Float.init)))
  }

  @Test(
    "plane stores write the first count pixels, for counts ending in either half",
    arguments: [
      3, 8, 11, 16,
    ])
  func planeStores(count: Int) {
    for streaming in [false, true] {
      let pixels = Self.stored { base in
        Self.planes.withUnsafeBufferPointer { planes in
          if let from = planes.baseAddress {
            FloatLanes16._storePlanes(from, count: count, to: base, streaming: streaming)
          }
        }
      }
      #expect(Self.holdsFirst(count, pixels), "count \(count), streaming \(streaming)")
    }
  }

  @Test(
    "plane loads read the first count pixels and give transparent black after them",
    arguments: [3, 8, 11, 16])
  func planeLoads(count: Int) {
    let source = (0..<16).map(Self.pixel)
    var loaded = [FloatLanes16](repeating: FloatLanes16(-1), count: 4)
    source.withUnsafeBufferPointer { pixels in
      loaded.withUnsafeMutableBufferPointer { planes in
        if let from = pixels.baseAddress, let into = planes.baseAddress {
          FloatLanes16._loadPlanes(from, count: count, into: into)
        }
      }
    }
    let order = FloatLanes16._planeLaneOffsets
    for lane in 0..<16 {
      let p = Int(order[lane: lane])
      let expected = p < count ? Self.pixel(p) : half4.zero
      let actual = half4(
        loaded[0][lane: lane], loaded[1][lane: lane], loaded[2][lane: lane],
        loaded[3][lane: lane])
      #expect(actual == expected, "count \(count), lane \(lane)")
    }
  }

  @Test("in-register stores write the first count pixels", arguments: [5, 8, 13, 16])
  func registerStores(count: Int) {
    let lanes = FloatLanes16._laneOffsets
    let colors = Vector4(lanes, lanes + 100, lanes + 200, lanes + 300)
    let pixels = Self.stored { FloatLanes16._store(colors, to: $0, count: count) }
    #expect(Self.holdsFirst(count, pixels), "count \(count)")
  }

  @Test("a distortion's sixteen-lane store writes the first count samples", arguments: [6, 8, 14])
  func sampleStores(count: Int) {
    // A 16 × 1 layer of pixel(x) at x = 0…15, scale 1: the sample at the pixel centre
    // (x + 0.5, 0.5) is that pixel exactly (weights 0).
    let layer = Layer(Image(width: 16, height: 1, pixels: (0..<16).map(Self.pixel)))
    let position = Vector2(FloatLanes16._laneOffsets + 0.5, FloatLanes16(0.5))
    let pixels = Self.stored {
      FloatLanes16._storeSample(layer, at: position, to: $0, count: count)
    }
    #expect(Self.holdsFirst(count, pixels), "count \(count)")
  }
}
