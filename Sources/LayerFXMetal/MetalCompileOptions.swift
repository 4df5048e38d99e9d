/// How a `.metal` source is compiled.
public struct MetalCompileOptions: Sendable, Hashable {
  /// How Metal's `half` is computed.
  public enum HalfPrecision: String, Sendable, Hashable, CaseIterable {
    /// `half` is a `float`: agrees with LayerFX's Swift kernels (the default).
    case float
    /// `half` is IEEE binary16 (`_Float16`), rounded after every operation as the GPU does;
    /// emulated through F16C, 3–4 % slower (issue 11).
    case binary16
  }

  /// How `half` is computed; `.float` by default.
  public var half: HalfPrecision
  /// Where compiled libraries are kept; `nil` for `$LAYERFX_CACHE`, else
  /// `$XDG_CACHE_HOME/layerfx/metal`, else `~/.cache/layerfx/metal`.
  public var cacheDirectory: String?
  /// How long one frame of a compiled shader may run, seconds (> 0); 5 by default.
  ///
  /// As a GPU's watchdog cuts off a long command buffer, the worker is killed past it and the frame fails
  /// (``MetalFaults``). A per-pixel call (the bounds checker's) has the limit to itself.
  public var shaderTimeout: Double = MetalCompileOptions.defaultShaderTimeout

  /// The default ``shaderTimeout``: 5 seconds.
  public static let defaultShaderTimeout: Double = 5

  /// Creates options.
  ///
  /// - Parameters:
  ///   - half: How `half` is computed.
  ///   - cacheDirectory: Where compiled libraries are kept (`nil`: the default place).
  public init(half: HalfPrecision = .float, cacheDirectory: String? = nil) {
    self.half = half
    self.cacheDirectory = cacheDirectory
  }
}
