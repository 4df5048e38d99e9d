import Foundation
import FuzzSupport
import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels

/// Decodes each input as a debug config (``DebugConfig``, kernels and fills resolved in
/// `ShaderLibrary.default` only, so no `.metal` file is read) and as a legacy keyframes document
/// (``KeyframesConfig`` over the ripple's parameters); a decoded document's timelines are then
/// evaluated before, at and after their ends.
///
/// Bad input must throw ``ConfigError`` (or, for a timeline, nothing: decoding checked it); a
/// trap, a sanitizer report or a leak is a finding. A decoded keyframes timeline must give
/// finite values at every time (its numbers are checked finite as `Float`).
///
/// Source: `Documentation/Semantics.md` §7 (keyframes; §7.8 the keyframes document); the
/// debug config's format is `DebugConfig`'s documentation.
@main
enum FuzzConfig: FuzzTarget {
  /// The times each decoded timeline is evaluated at, seconds: before the start, inside, and
  /// well past any end a short document gives.
  static let times: [Double] = [-1, 0, 0.25, 1.5, 3, 1e6]

  static func test(_ bytes: [UInt8]) {
    let data = Data(bytes)
    if let config = try? DebugConfig(
      data: data, file: "fuzz.json", directory: "",
      resolve: { try ShaderLibrary.default.function(named: $0) })
    {
      for effect in config.effects {
        let timeline = try? effect.timeline(initialValue: effect.values)
        for time in times { _ = timeline?.value(time: time) }
        _ = effect.animated(
          triggers: config.triggers ?? [], sizeInPoints: .init(16, 12))
      }
    }
    let ripple = ShaderFunction.ripple
    guard let clock = ripple.parameter(role: .timeSinceTrigger)?.name else {
      preconditionFailure("the ripple declares a time-since-trigger parameter")
    }
    if let keyframes = try? KeyframesConfig(
      data: data, file: "fuzz.json", initialValue: ParameterValues(defaultsOf: ripple),
      clock: clock)
    {
      for time in times {
        let values = keyframes.timeline.value(time: time).values
        precondition(values.allSatisfy(\.isFinite), "a timeline gave a non-finite value")
      }
    }
  }
}
