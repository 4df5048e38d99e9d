import Testing

@testable import LayerFXPNG

@Suite struct RoundingTests {
  @Test("halves-up rounding equals the standard library's on every quarter and many floats")
  func matchesStandardLibrary() {
    // Every multiple of 1/4 in [0, 65535] (ties included), and the neighbours of each tie.
    var values: [Float] = (0...262_140).map { Float($0) / 4 }
    values += (0...65534).flatMap { k -> [Float] in
      let tie = Float(k) + 0.5
      return [tie.nextDown, tie.nextUp]
    }
    var generator = SystemRandomNumberGenerator()
    values += (0..<100_000).map { _ in Float.random(in: 0...65535, using: &generator) }
    for start in stride(from: 0, to: values.count - 3, by: 4) {
      let x = SIMD4(values[start], values[start + 1], values[start + 2], values[start + 3])
      let rounded = x.rounded(.toNearestOrAwayFromZero)
      let expected = SIMD4<UInt32>(
        UInt32(rounded.x), UInt32(rounded.y), UInt32(rounded.z), UInt32(rounded.w))
      let actual = RGBASamples.roundedHalfUp(x)
      if actual != expected {
        Issue.record("\(x): \(actual) ≠ \(expected)")
        return
      }
    }
  }
}
