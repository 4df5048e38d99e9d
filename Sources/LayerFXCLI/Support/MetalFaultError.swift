import LayerFXMetal

/// Compiled `.metal` code faulted during a render (``MetalFaults``).
///
/// One line names the source, the function, the signal, when it happened and what was
/// written, e.g. `late.metal: Late: SIGFPE at frame 4 (t = 0.4 s), row 0; nothing written`.
struct MetalFaultError: ExitCoded {
  /// The first fault of the render.
  let fault: MetalFaults.Fault
  /// When: `frame 4 (t = 0.4 s)`, `t = 0.4 s`, or `nil` for a one-image command without a clock.
  let moment: String?
  /// What the command leaves behind: `nothing written`, or that earlier frames may be.
  let outcome: String

  var exitCode: ExitCode { .dataError }
  var description: String { fault.description(at: moment) + "; " + outcome }
}
