import LayerFX
import LayerFXMath
import Testing

@testable import LayerFXPNG

@Suite struct RoundingTests {
  @Test("the store rounds value × 65535 halves up, as the standard library does, ties included")
  func matchesStandardLibrary() {
    // Alphas whose product with 65535 lies on or next to every tie k + ½, and random alphas.
    var alphas: [Float] = (0...65534).flatMap { k -> [Float] in
      let near = Float((Double(k) + 0.5) / 65535)
      return [near.nextDown, near, near.nextUp]
    }
    var generator = SystemRandomNumberGenerator()
    alphas += (0..<100_000).map { _ in Float.random(in: 0...1, using: &generator) }
    let ties = alphas.filter { x in
      let product = x * 65535
      return product - product.rounded(.down) == 0.5
    }
    #expect(ties.count > 1000, "products that are exact ties: \(ties.count)")
    // Opaque black at alpha x: the alpha code alone carries the rounding.
    let image = Image(
      width: alphas.count, height: 1, pixels: alphas.map { half4(0, 0, 0, $0) })
    let codes = RGBASamples.codes(of: image, as: UInt16.self)
    for (index, x) in alphas.enumerated() {
      let expected = UInt16((x * 65535).rounded(.toNearestOrAwayFromZero))
      if codes[4 * index + 3] != expected {
        Issue.record("alpha \(x): \(codes[4 * index + 3]) ≠ \(expected)")
        return
      }
    }
  }
}
