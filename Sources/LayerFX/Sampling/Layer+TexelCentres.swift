import LayerFXMath

// Taps on texel centres. With q = position × scale − 0.5 an exact whole number on both axes, the
// bilinear sample of Documentation/Semantics.md §4.2 is t + (t′ − t) × 0 per row and then per
// column. For texels of magnitude at most 2¹²⁶ (so t′ − t is finite) that is t up to the sign of
// a zero: t itself unless t is −0. A lane form that reads such taps' texels in place, with the
// sample's other operations in their order, gives the bilinear lanes' bytes.
extension Layer {
  /// The texels between neighbouring taps when every tap `position + n × spacing` (whole
  /// `|n| ≤ reach`, points, along either axis) of every pixel lands exactly on a texel centre;
  /// `nil` otherwise.
  ///
  /// That holds when the scale is a power of two ≥ 1 (then `(i + 0.5) / s + n × spacing`, times
  /// `s`, minus 0.5 is exact), `spacing × scale` is a whole number, and the layer and its reach
  /// stay below 2²² pixels (so no position loses a bit). It says nothing about the texels'
  /// values (``LayerStorage/hasBoundedTexels``, ``LayerStorage/samplesAreTexels(row:columns:)``).
  ///
  /// - Parameters:
  ///   - spacing: Points between neighbouring taps (≥ 0).
  ///   - reach: Taps on each side of the centre.
  /// - Returns: `spacing × scale` as a whole number of texels, or `nil`.
  func texelStride(spacing: Float, reach: Int) -> Int? {
    let scale = self.scale
    guard scale >= 1, scale.significandBitPattern == 0 else { return nil }
    let step = spacing * scale
    guard step >= 0, step == step.rounded(.down), step < Float(1 << 20) else { return nil }
    let stride = Int(step)
    guard Swift.max(width, height) + 2 * reach * stride < 1 << 22 else { return nil }
    return stride
  }
}

extension LayerStorage {
  /// Whether every channel of every texel is at most 2¹²⁶ in magnitude (so neither NaN nor
  /// infinite, and the difference of two is finite).
  ///
  /// - Complexity: O(width × height): one pass over the bit patterns, eight channels at a time.
  var hasBoundedTexels: Bool {
    pixels.withUnsafeBytes { Self.channelBounds($0).largestMagnitude <= Self.largestBounded }
  }

  /// Whether the bilinear sample at the centre of each texel of `columns` in image row `row` is
  /// that texel, bit for bit, given that its right and lower neighbours pass this test too:
  /// every channel at most 2¹²⁶ in magnitude and none −0.
  ///
  /// - Parameters:
  ///   - row: An image row, `0..<height`.
  ///   - columns: Image columns within `0..<width`.
  /// - Returns: Whether every channel of those texels is bounded and none is −0.
  /// - Complexity: O(columns.count).
  func samplesAreTexels(row: Int, columns: Range<Int>) -> Bool {
    let first = texels + row * rowLength + columns.lowerBound
    let bytes = UnsafeRawBufferPointer(
      start: first, count: columns.count * MemoryLayout<half4>.stride)
    let bounds = Self.channelBounds(bytes)
    return bounds.largestMagnitude <= Self.largestBounded && bounds.smallestFlipped != 0
  }

  /// 2¹²⁶'s bit pattern: a channel's magnitude is its pattern without the sign bit, and NaN and
  /// ∞ lie above every finite value's.
  private static var largestBounded: UInt32 { 0x7E80_0000 }

  /// The largest channel magnitude (bit pattern without its sign) in `bytes`, and the smallest
  /// pattern with its sign bit flipped (0 exactly when a channel is −0), eight channels at a
  /// time.
  private static func channelBounds(_ bytes: UnsafeRawBufferPointer) -> (
    largestMagnitude: UInt32, smallestFlipped: UInt32
  ) {
    let sign = SIMD8<UInt32>(repeating: 0x8000_0000)
    let words = bytes.count / 4
    var largest = SIMD8<UInt32>()
    var smallest = SIMD8<UInt32>(repeating: .max)
    var word = 0
    while word + 8 <= words {
      let bits = bytes.loadUnaligned(fromByteOffset: word * 4, as: SIMD8<UInt32>.self)
      largest = pointwiseMax(largest, bits & ~sign)
      smallest = pointwiseMin(smallest, bits ^ sign)
      word += 8
    }
    var (magnitude, flipped) = (largest.max(), smallest.min())
    while word < words {
      let bits = bytes.load(fromByteOffset: word * 4, as: UInt32.self)
      magnitude = Swift.max(magnitude, bits & 0x7FFF_FFFF)
      flipped = Swift.min(flipped, bits ^ 0x8000_0000)
      word += 1
    }
    return (magnitude, flipped)
  }
}
