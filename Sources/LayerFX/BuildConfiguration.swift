import CLayerFXCPULevel

/// How the engine module was compiled, for tools that must not time a slow build.
public enum BuildConfiguration {
  /// Whether `LAYERFX_INTERNAL_CHECKS` compiled the expensive invariant checks in.
  public static let hasInternalChecks: Bool = {
    #if LAYERFX_INTERNAL_CHECKS
      true
    #else
      false
    #endif
  }()

  /// The instruction-set level the engine targets were compiled for.
  ///
  /// `"x86-64-v3"` (AVX2, FMA and F16C; the manifest's `-target-cpu haswell` on `LayerFXMath`,
  /// `LayerFX` and `LayerFXKernels`, eight float lanes per instruction) or `"portable"` (the
  /// architecture's baseline). A binary built for x86-64-v3 refuses, when it is loaded, a CPU without it: one line on
  /// standard error and exit 69 (`Sources/CLayerFXCPULevel`), never a SIGILL later.
  public static let cpuLevel = String(cString: lfx_build_cpu_level())

  /// Whether the engine was compiled with optimisation (SwiftPM's release configuration, which
  /// does not define `DEBUG`).
  public static let isOptimized: Bool = {
    #if DEBUG
      false
    #else
      true
    #endif
  }()
}
