import CPNGShim
import Foundation
import LayerFX
import LayerFXMath
import Testing

@testable import LayerFXPNG

/// The vectorised C store against a scalar reference written here from
/// Documentation/Semantics.md §3.5, one channel at a time, with no vectors, magic numbers or
/// `rint`: clamp (NaN → 0), divide by the clamped alpha (0 → colour 0), clamp to 1, then
/// ⌊x × max + ½⌋ with the single-precision product widened to `Double`, where adding ½ and
/// flooring are exact.
@Suite struct StraightStoreTests {
  /// The codes §3.5 gives for one premultiplied pixel, `maxCode` 255 or 65535.
  static func reference(_ pixel: half4, maxCode: Float) -> [Int] {
    func clamped(_ x: Float) -> Float { x.isNaN || x < 0 ? 0 : (x > 1 ? 1 : x) }
    func code(_ x: Float) -> Int { Int((Double(x * maxCode) + 0.5).rounded(.down)) }
    let alpha = clamped(pixel.w)
    let colors = [pixel.x, pixel.y, pixel.z].map { color -> Float in
      guard alpha > 0 else { return 0 }
      let straight = clamped(color) / alpha
      return straight > 1 ? 1 : straight
    }
    return colors.map(code) + [code(alpha)]
  }

  /// Edge values in every channel, then every value against every alpha, then random pixels.
  static let pixels: [half4] = {
    let edges: [Float] = [
      0, -0, 1, 0.5, -1, 2, .nan, -.nan, .infinity, -.infinity, .leastNonzeroMagnitude,
      .leastNormalMagnitude, 1e-30, 1e-7, 0.5 / 255, 1.5 / 255, 254.5 / 255, Float(1).nextDown,
      Float(1).nextUp, Float(0.5).nextDown, Float(0.5).nextUp,
    ]
    var result: [half4] = []
    for alpha in edges {
      for (index, color) in edges.enumerated() {
        result.append(half4(color, edges[(index + 5) % edges.count], alpha * 0.5, alpha))
        result.append(half4(color * alpha, color, 1, alpha))
      }
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let alpha = Float.random(in: -0.1...1.1, using: &generator)
      result.append(
        half4(
          Float.random(in: -0.1...1.2, using: &generator) * alpha,
          Float.random(in: 0...1, using: &generator) * alpha,
          Float.random(in: 0...1, using: &generator), alpha))
    }
    return result
  }()

  @Test("every vector width the CPU runs stores the scalar reference's 8-bit codes")
  func eightBit() {
    let expected = Self.pixels.flatMap { Self.reference($0, maxCode: 255) }
    for level in 0...lfx_store_vector_level() {
      // Runs of 1 to 40 pixels, so every vector loop's remainder is exercised too.
      var codes = [UInt8](repeating: 0, count: Self.pixels.count * 4)
      Self.pixels.withUnsafeBufferPointer { pixels in
        pixels.withMemoryRebound(to: Float.self) { floats in
          codes.withUnsafeMutableBufferPointer { codes in
            guard let input = floats.baseAddress, let output = codes.baseAddress else { return }
            var start = 0
            while start < Self.pixels.count {
              let count = min(1 + start % 40, Self.pixels.count - start)
              lfx_store_straight_rgba8_at_level(
                Int32(level), input + 4 * start, output + 4 * start, count)
              start += count
            }
          }
        }
      }
      #expect(codes.map(Int.init) == expected, "vector level \(level)")
    }
  }

  @Test("every vector width the CPU runs stores the scalar reference's 16-bit codes")
  func sixteenBit() {
    let expected = Self.pixels.flatMap { Self.reference($0, maxCode: 65535) }
    for level in 0...lfx_store_vector_level() {
      var codes = [UInt16](repeating: 0, count: Self.pixels.count * 4)
      Self.pixels.withUnsafeBufferPointer { pixels in
        pixels.withMemoryRebound(to: Float.self) { floats in
          codes.withUnsafeMutableBufferPointer { codes in
            lfx_store_straight_rgba16_at_level(
              Int32(level), floats.baseAddress, codes.baseAddress, Self.pixels.count)
          }
        }
      }
      #expect(codes.map(Int.init) == expected, "vector level \(level)")
    }
  }

  @Test("the reference itself gives Semantics §3.5's worked examples")
  func referenceMatchesWorkedExamples() {
    // Documentation/Semantics.md §3.5, the table of worked examples (8-bit).
    #expect(Self.reference(half4(3, 3, 3, 6), maxCode: 255) == [255, 255, 255, 255])
    #expect(Self.reference(half4(0.9, 0.3, 0.3, 0.5), maxCode: 255) == [255, 153, 153, 128])
    #expect(Self.reference(half4(0.2, .nan, -1, 0.4), maxCode: 255) == [128, 0, 0, 102])
    #expect(Self.reference(half4(0.5, 0.5, 0.5, .nan), maxCode: 255) == [0, 0, 0, 0])
    #expect(Self.reference(half4(0.5, 0.5, 0.5, -0.1), maxCode: 255) == [0, 0, 0, 0])
  }
}
