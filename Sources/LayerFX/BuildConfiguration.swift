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
