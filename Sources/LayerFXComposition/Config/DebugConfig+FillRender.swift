import LayerFX

extension DebugConfig {
  /// A fill a config draws alone, as `layerfx render --config` reads it: the function, its
  /// arguments by name and the image's size.
  public typealias Fill = (
    function: ShaderFunction, arguments: [(name: String, value: Shader.Argument)],
    size: SIMD2<Int>
  )

  /// Whether the config draws a fill alone: its input is a fill and it has no effects, the
  /// render of `layerfx render --config` (``fillRender(file:readsInput:)``).
  public var drawsFillAlone: Bool {
    if case .fill? = input { return effects.isEmpty }
    return false
  }

  /// Checks that the config describes a fill drawn alone, and returns its fill.
  ///
  /// A fill's frames go to one PNG or a PNG sequence on the render's own clock, so nothing the
  /// config says is silently dropped: effects, triggers, and an output `format`, `frameRange`
  /// or `contactSheet` are refused.
  ///
  /// - Parameters:
  ///   - file: The config's path, for messages.
  ///   - readsInput: Whether the fill is the config's input (false when the front end names
  ///     the fill itself; `nil` is then returned).
  /// - Returns: The config's fill, or `nil` when `readsInput` is false.
  /// - Throws: ``ConfigError/invalidValue(file:path:reason:)`` (exit 65) at the key refused, or
  ///   at `input` when it is not a fill.
  public func fillRender(file: String, readsInput: Bool) throws -> Fill? {
    guard effects.isEmpty else {
      throw ConfigError.invalidValue(
        file: file, path: "effects",
        reason: "'layerfx render' draws a fill alone; use 'layerfx tune' or 'layerfx apply'")
    }
    if triggers != nil {
      throw ConfigError.invalidValue(
        file: file, path: "triggers",
        reason: "'layerfx render' drives a fill's time with output.time or output.fps; leave "
          + "triggers out")
    }
    for (key, isSet) in [
      ("format", output.format.map { $0 != .pngSequence } ?? false),
      ("frameRange", output.frameRange != nil), ("contactSheet", output.contactSheet != nil),
    ] where isSet {
      throw ConfigError.invalidValue(
        file: file, path: "output.\(key)",
        reason: "'layerfx render' writes a fill to one PNG or a PNG sequence; leave \(key) out")
    }
    guard readsInput else { return nil }
    guard case .fill(let function, let arguments, let width, let height, _, _)? = input else {
      throw ConfigError.invalidValue(
        file: file, path: "input",
        reason: "'layerfx render --config' needs a fill input, {\"fill\": NAME, \"pixels\": [W, H]}"
      )
    }
    return (function, arguments, SIMD2(width, height))
  }
}
