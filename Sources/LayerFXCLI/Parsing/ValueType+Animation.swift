import LayerFXAnimation
import LayerFXArguments
import LayerFXComposition
import LayerFXMath

extension ValueType where Value == AnimatedEffect.Trigger {
  /// A tap `X,Y@T`: a point in points and a start time in seconds, finite in `Float` (so
  /// `1e39` is refused, as every number is) and ≥ 0.
  public static let tap = ValueType(
    expected: "X,Y@T (a point in points and a time ≥ 0 in seconds, e.g. 120,80@0.5)",
    readsFloats: true
  ) { text in
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard floatRangeProblem(text) == nil, parts.count == 2,
      let origin = parsePair(parts[0], separator: ","),
      let time = Double(decimal: parts[1]), Float(time).isFinite, time >= 0
    else { return nil }
    return AnimatedEffect.Trigger(time: time, payload: origin)
  }
}

extension ValueType where Value == Double {
  /// A time on the animation clock, in seconds, finite in `Float` and at least 0.
  ///
  /// The clock starts at 0 (frame 0 is t = 0); a negative time has no frame and the library
  /// would only hold it at 0 (Semantics §6.3, §7.1), so it is refused.
  public static let time = ValueType(
    expected: "a time ≥ 0 in seconds (the animation clock starts at 0)", readsFloats: true,
    parse: nonNegativeNumber.parse)
}

extension ValueType where Value == [Double] {
  /// A comma-separated list of 1 to 10 000 times ≥ 0, in seconds, each finite in `Float`.
  public static let times = ValueType(
    expected: "comma-separated times in seconds, each finite and ≥ 0 (at most 10000)",
    readsFloats: true
  ) { text in
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard (1...10_000).contains(parts.count), floatRangeProblem(text) == nil else { return nil }
    let times = parts.compactMap { Double(decimal: $0) }.filter { Float($0).isFinite && $0 >= 0 }
    return times.count == parts.count ? times : nil
  }
}
