import Foundation
import FuzzSupport
import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels

/// Treats each input as a keyframes config document for the ripple and, when it decodes, samples
/// its timeline across and beyond its duration, as `layerfx ripple --keyframes` and `layerfx
/// timeline` do.
///
/// A decoded timeline must give finite values at every sampled time (the document's numbers are
/// checked finite as `Float`); a non-finite value traps, which libFuzzer reports.
@main
enum FuzzKeyframesConfig: FuzzTarget {
  static let ripple = ShaderFunction.ripple
  static let initial = ParameterValues(defaultsOf: ripple)
  static let clock = ripple.parameter(role: .timeSinceTrigger)?.name ?? "time"

  static func test(_ bytes: [UInt8]) {
    guard
      let config = try? KeyframesConfig(
        data: Data(bytes), file: "fuzz.json", initialValue: initial, clock: clock)
    else { return }
    let end = min(config.timeline.duration, 1e6)
    for step in 0...8 {
      let time = end * Double(step) / 4 - end
      let values = config.timeline.value(time: time).values
      precondition(values.allSatisfy(\.isFinite), "a timeline gave a non-finite value")
    }
  }
}
