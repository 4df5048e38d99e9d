import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXMath

extension ValueType where Value == FrameRange {
  /// `A..B` or `A..`: frames from 0, inclusive.
  public static let frameRange = ValueType(
    expected: "A..B or A.. (frame numbers from 0, A ≤ B)"
  ) { FrameRange(parsing: $0) }
}

extension ValueType where Value == DebugOverlays {
  /// A comma-separated list of overlay names, each once; a misspelt one gets the closest name,
  /// as the config's `debug.overlays` does, and a repeated one is named (`'origins' is given
  /// twice`).
  public static let overlays = ValueType(
    expected: "a comma-separated list of "
      + DebugOverlays.named.map(\.name).joined(separator: ", "),
    suggestion: { list in
      let names = DebugOverlays.named.map(\.name)
      // The first name of the list that is not an overlay.
      let unknown = DebugOverlays.names(in: list).first { !names.contains($0) }
      return unknown.flatMap { closestName(to: $0, among: names) }
    },
    problem: { list in
      // Only a list of known names: an unknown one is named with the closest instead.
      let names = DebugOverlays.named.map(\.name)
      guard DebugOverlays.names(in: list).allSatisfy(names.contains) else { return nil }
      return DebugOverlays.repeatedName(in: list).map { "'\($0)' is given twice" }
    }
  ) { DebugOverlays(parsing: $0) }
}
