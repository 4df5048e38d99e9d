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

  /// Whether this process takes the engine's AVX-512 paths: the CPU (and its operating system)
  /// runs AVX-512 F and the environment variable `LAYERFX_NO_AVX512` is unset or empty.
  ///
  /// The paths are C functions compiled for AVX-512 F whatever level the engine targets were
  /// built for, called only when this is true (today the lane sampler's sixteen-lane translated
  /// runs, `lfx_blend_run16`, and the PNG encoder's final store, `lfx_store_straight_rgba8`);
  /// they render the same bytes as the AVX2 code, so
  /// `LAYERFX_NO_AVX512=1` only measures the same binary on its AVX2 paths. Read once, when first
  /// used.
  public static let runsAVX512Paths = lfx_runs_avx512_paths() != 0

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
