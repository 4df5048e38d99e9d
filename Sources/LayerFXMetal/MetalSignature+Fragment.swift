extension MetalSignature {
  /// The name of the first `fragment` function in `source` (comments skipped), if any: a raw
  /// fragment shader, which SwiftUI cannot run as an effect, so a file of one without a
  /// `[[ stitchable ]]` function gets a hint (``MetalCompileError/noStitchableFunctions(path:fragment:)``).
  ///
  /// Matches `fragment RETURN-TYPE NAME(`, the MSL form of a fragment function's declaration
  /// (Metal Shading Language Specification §5.1.2, "Fragment Functions").
  ///
  /// - Parameter source: Metal source.
  /// - Returns: The function's name, or `nil`.
  static func fragmentFunction(in source: String) -> String? {
    guard
      let pattern = try? Regex(
        #"(?:^|[^A-Za-z0-9_])fragment\s+[A-Za-z_][A-Za-z0-9_:<>]*\s+([A-Za-z_][A-Za-z0-9_]*)\s*\("#),
      let match = strippingComments(source).firstMatch(of: pattern),
      let name = match.output[1].substring
    else { return nil }
    return String(name)
  }
}
