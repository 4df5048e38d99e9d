/// Compiled `.metal` code faulted during a render (``MetalFaults``).
///
/// One line names the source, the function, the signal, when it happened and what was
/// written, e.g. `late.metal: Late: SIGFPE at frame 4 (t = 0.4 s), row 0; nothing written`.
public struct MetalFaultError: Error, Sendable, CustomStringConvertible {
  /// The fault of the render's lowest row (``MetalFaults/first``).
  public let fault: MetalFaults.Fault
  /// When: `frame 4 (t = 0.4 s)`, `t = 0.4 s`, or `nil` for a one-image command without a clock.
  public let moment: String?
  /// What the command leaves behind: `nothing written`, or the earlier frames a PNG sequence
  /// named or a stream sent out (`3 frames (0–2) written to frames/ before it, none from it
  /// on`).
  public let outcome: String

  /// Creates the error a caller of its own render throws for `fault` (`LayerFXTesting`'s
  /// `renderEffect`).
  ///
  /// - Parameters:
  ///   - fault: The fault to report.
  ///   - moment: When (`t = 0.4 s`), or `nil`.
  ///   - outcome: What was left behind (`nothing written`, `nothing rendered`).
  public init(fault: MetalFaults.Fault, moment: String?, outcome: String) {
    self.fault = fault
    self.moment = moment
    self.outcome = outcome
  }

  /// The one line: the fault at its moment, then the outcome.
  public var description: String { fault.description(at: moment) + "; " + outcome }
}

extension MetalFaults {
  /// Fails a render (before any output is written) when compiled shader code faulted during
  /// it.
  ///
  /// - Parameter moment: When the render ran (`t = 0.4 s`), or `nil` without a clock.
  /// - Throws: ``MetalFaultError`` naming the lowest row's fault (``first``), the moment and
  ///   `nothing written`.
  public static func check(at moment: String? = nil) throws(MetalFaultError) {
    guard let fault = first else { return }
    throw MetalFaultError(fault: fault, moment: moment, outcome: "nothing written")
  }

  /// Fails an animation when compiled shader code faulted while frame `index` rendered.
  ///
  /// - Parameters:
  ///   - index: The frame, 0-based in the whole schedule.
  ///   - time: Its time, seconds.
  ///   - outcome: What the frames handed on before it left behind (`nothing written` when an
  ///     animated PNG or raw file is published only at the end; the frames a PNG sequence
  ///     named; the frames a raw stream sent out).
  /// - Throws: ``MetalFaultError`` naming the lowest row's fault (``first``), the frame and its
  ///   time.
  public static func check(frame index: Int, time: Double, outcome: String)
    throws(MetalFaultError)
  {
    guard let fault = first else { return }
    throw MetalFaultError(fault: fault, moment: "frame \(index) (t = \(time) s)", outcome: outcome)
  }
}
