import LayerFXMath

/// How closely two renders agree once stored as 8-bit code values (Documentation/Semantics.md §3: clamp to
/// [0, 1], round to nearest, NaN stores as 0).
struct CodeValueAgreement: Codable, Equatable, Sendable {
  /// The largest difference of any channel, in 8-bit code values.
  var maxCodeDifference: Int
  /// The fraction of channels that differ by more than 1 code value.
  var fractionAboveOne: Double

  /// Whether the renders agree within 1 code value everywhere.
  var agrees: Bool { maxCodeDifference <= 1 }

  init(_ a: UnsafeBufferPointer<Float>, _ b: UnsafeBufferPointer<Float>) {
    precondition(a.count == b.count, "compared renders must have the same size")
    var largest = 0
    var aboveOne = 0
    for index in 0..<a.count {
      let difference = abs(Self.code(a[index]) - Self.code(b[index]))
      largest = max(largest, difference)
      if difference > 1 { aboveOne += 1 }
    }
    maxCodeDifference = largest
    fractionAboveOne = a.isEmpty ? 0 : Double(aboveOne) / Double(a.count)
  }

  /// The 8-bit code a channel value stores as.
  static func code(_ value: Float) -> Int {
    guard value == value else { return 0 }
    return Int((min(max(value, 0), 1) * 255).rounded(.toNearestOrEven))
  }
}
