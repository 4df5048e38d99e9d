/// Wall-clock times of repeated runs, in seconds, and their summary.
struct Timing: Codable, Equatable, Sendable {
  /// The median of the timed runs, seconds.
  var median: Double
  /// The fastest timed run, seconds.
  var minimum: Double
  /// Megapixels per second at the median.
  var megapixelsPerSecond: Double

  init(seconds: [Double], pixels: Int) {
    let sorted = seconds.sorted()
    let middle = sorted.count / 2
    median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    minimum = sorted.first ?? 0
    megapixelsPerSecond = Double(pixels) / 1e6 / median
  }

  /// Returns the seconds `body` takes, by the monotonic clock.
  static func seconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    return seconds(of: clock.measure(body))
  }

  /// Returns `duration` in seconds.
  static func seconds(of duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }
}
