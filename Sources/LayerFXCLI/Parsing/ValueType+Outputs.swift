import LayerFXComposition

extension ValueType where Value == FrameRange {
  /// `A..B` or `A..`: frames from 0, inclusive.
  public static let frameRange = ValueType(
    expected: "A..B or A.. (frame numbers from 0, A ≤ B)"
  ) { FrameRange(parsing: $0) }
}

extension ValueType where Value == DebugOverlays {
  /// A comma-separated list of overlay names.
  public static let overlays = ValueType(
    expected: "a comma-separated list of " + DebugOverlays.named.map(\.name).joined(separator: ", ")
  ) { DebugOverlays(parsing: $0) }
}
