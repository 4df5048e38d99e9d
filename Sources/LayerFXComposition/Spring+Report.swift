import LayerFXAnimation

extension Spring {
  /// The spring as `layerfx spring` prints it: its mass, stiffness, damping, response, damping
  /// ratio, bounce and settling duration, one `name: value` line each with 6 decimals (the
  /// five that scale with the spring in exponent form when that would lose their digits,
  /// `Double.fixedOrExponent()`: `mass: 1.000000e-30`), then,
  /// when `times` is not empty, a CSV table `time,value,velocity` of the spring moving from 0
  /// at rest to a target of 1, sampled at `times` (seconds).
  ///
  /// - Parameter times: Seconds ≥ 0; none for the parameters alone.
  /// - Returns: The lines, without line breaks.
  ///
  /// Source: SwiftUI `Spring` (`value(target:initialVelocity:time:)`,
  /// `velocity(target:initialVelocity:time:)`).
  public func report(at times: [Double]) -> [String] {
    var lines = [
      "mass: \(mass.fixedOrExponent())",
      "stiffness: \(stiffness.fixedOrExponent())",
      "damping: \(damping.fixedOrExponent())",
      "response: \(response.fixedOrExponent())",
      "damping ratio: \(dampingRatio.fixed())",
      "bounce: \(bounce.fixed())",
      "settling duration: \(settlingDuration.fixedOrExponent())",
    ]
    guard !times.isEmpty else { return lines }
    lines.append("time,value,velocity")
    for time in times {
      let value = self.value(target: 1.0, initialVelocity: 0.0, time: time)
      let velocity = self.velocity(target: 1.0, initialVelocity: 0.0, time: time)
      lines.append("\(time.fixed()),\(value.fixed()),\(velocity.fixed())")
    }
    return lines
  }
}
