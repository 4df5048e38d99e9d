import LayerFXArguments
import LayerFXComposition
import LayerFXMath

extension ValueType where Value == Double {
  /// An image's scale, pixels per point, in `DebugConfig.scaleRange` (1/1024 to 1024), which
  /// says why (`--scale`).
  public static let scale = ValueType(expected: "pixels per point from 1/1024 to 1024") { text in
    Double(decimal: text).flatMap { DebugConfig.scaleRange.contains(Float($0)) ? $0 : nil }
  }
}

extension ValueType where Value == Double {
  /// A `.metal` frame's time limit, seconds, in `DebugConfig.Debug.shaderTimeoutRange` (greater
  /// than 0, at most an hour), which says why, as a config's `debug.shaderTimeout`
  /// (`--shader-timeout`); a value that `Float` rounds to 0 (`1e-300`) is refused too, as
  /// every positive option's is.
  public static let shaderTimeout = ValueType(
    expected: "seconds greater than 0 and at most 3600 (an hour)"
  ) { text in
    Double(decimal: text).flatMap {
      Float($0) > 0 && $0 <= DebugConfig.Debug.longestShaderTimeout ? $0 : nil
    }
  }
}

extension ValueType where Value == float2 {
  /// A `maxSampleOffset` `X,Y`: two finite numbers ≥ 0, points (Semantics §4); a number that
  /// is not finite or is negative is named as written (`nonNegativeProblem(_:)`).
  public static let offset = ValueType(
    expected: "X,Y, two finite numbers ≥ 0 (points)", readsFloats: true,
    problem: nonNegativeProblem
  ) { text in
    parsePair(text, separator: ",").flatMap { $0.x >= 0 && $0.y >= 0 ? $0 : nil }
  }
}
