import Foundation

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
  /// `$XDG_CACHE_HOME/layerfx/metal` (when absolute), else `~/.cache/layerfx/metal`.
  public var cacheDirectory: String?
  /// How long one frame of a compiled shader may run, seconds (> 0); 30 by default.
  ///
  /// As a GPU's watchdog cuts off a long command buffer, the worker is killed past it and the frame fails
  /// (``MetalFaults``). The per-pixel calls of a frame (the bounds checker's) share its limit.
  public var shaderTimeout: Double = MetalCompileOptions.defaultShaderTimeout

  /// Whether a stitchable function whose pixel runs a loop is compiled in lane form (16
  /// pixels at once under per-lane masks, `MetalLaneForm`; the same bytes); `true` by
  /// default, `false` when the environment sets `LAYERFX_METAL_LANES=0` (to time or compare
  /// against the scalar form).
  public var usesLaneForm: Bool = ProcessInfo.processInfo.environment["LAYERFX_METAL_LANES"] != "0"

  /// How a function with both a scalar and a lane form gets one (``usesLaneForm`` on).
  public enum FormChoice: String, Sendable, Hashable, CaseIterable {
    /// The faster in a timed trial inside the worker, on a few rows of the first frame large
    /// enough (clang's vectoriser verdict until then), the winner cached with the compiled
    /// objects. Sources/LayerFXMetal/README.md, "Which form runs".
    case measured
    /// Clang's vectoriser verdict alone: the lane form when the scalar pixel loop is not
    /// vectorised (the choice before the trial).
    case verdict
    /// The lane form whenever the transform gives one.
    case lanes
  }

  /// How a function with both forms gets one: `.measured` by default; `LAYERFX_METAL_FORM`
  /// (`measured`, `verdict` or `lanes`) sets another, to time or compare the forms (any other
  /// value is `.measured`).
  public var formChoice: FormChoice =
    ProcessInfo.processInfo.environment["LAYERFX_METAL_FORM"].flatMap(FormChoice.init(rawValue:))
    ?? .measured

  /// The default ``shaderTimeout``: 30 seconds.
  ///
  /// A GPU's watchdog allows a few seconds of a GPU's time; two CPU cores draw a heavy shader
  /// far slower (Archetapp's guilloche, 8 × 1,257 `sin`/`cos` steps a pixel, took 5.4 s a
  /// frame at 256 × 144 here), so the limit is wider, and an endless loop still ends.
  public static let defaultShaderTimeout: Double = 30

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
