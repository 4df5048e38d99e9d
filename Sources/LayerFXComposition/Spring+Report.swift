import LayerFXAnimation

extension Spring {
  /// The spring as `layerfx spring` prints it: its mass, stiffness, damping, response, damping
  /// ratio, bounce and settling duration, one `name: value` line each with 6 decimals, in
  /// exponent form when that would lose their digits (`mass: 1.000000e-30`, `damping ratio:
  /// 1.000000e+30`) and as read back when it would round to a whole number the value is not
  /// (`bounce: 0.99999999`; `Double.fixedOrExponent()`), then,
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
      "damping ratio: \(dampingRatio.fixedOrExponent())",
      "bounce: \(bounce.fixedOrExponent())",
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
