import Foundation
import LayerFX
import LayerFXComposition
import LayerFXMath

/// The document of `GET /api/state`: the config as on disk, the input's size, the animation's
/// length and frame rate, each effect's parameters (what a slider needs: unit, valid and
/// suggested range, default, role, summary, value) and each keyframe track sampled once per
/// frame.
///
/// Source: the tune page contract (`Documentation/TunePage.md`, "API"); the parameters' ranges and
/// units are the kernels' declarations (`LayerFX.ShaderFunction.Parameter`).
enum TuneState {
  /// The frame rate when the config's `output.fps` gives none.
  static let defaultFPS = 30.0

  /// The state of `config`, but for the document itself (which ``TuneResponse`` embeds as
  /// it is, `config`).
  ///
  /// - Parameters:
  ///   - version: The file's version.
  ///   - config: The decoded config.
  ///   - sizeInPoints: The input's size, points.
  /// - Returns: The document, for `JSONSerialization` (every number finite).
  static func json(
    version: Int, config: DebugConfig, sizeInPoints: float2
  ) -> [String: Any] {
    let chain = config.chain(sizeInPoints: sizeInPoints)
    let fps = config.output.fps ?? defaultFPS
    let duration = chain.endTime
    return [
      "version": version,
      "size": [Double(sizeInPoints.x), Double(sizeInPoints.y)],
      "duration": duration, "fps": fps,
      "effects": config.effects.enumerated().map { index, effect in
        [
          "index": index, "kernel": effect.kernel, "kind": "\(effect.function.kind.rawValue)Effect",
          "parameters": effect.function.parameters.map { parameter(of: effect, $0) },
        ] as [String: Any]
      },
      "tracks": tracks(config, duration: duration, fps: fps),
      "boundsCheck": config.debug.checkBounds,
    ]
  }

  /// One parameter's entry.
  private static func parameter(
    of effect: DebugConfig.Effect, _ parameter: ShaderFunction.Parameter
  ) -> [String: Any] {
    var entry: [String: Any] = [
      "name": parameter.name, "type": parameter.type.rawValue, "summary": parameter.summary,
      "role": role(parameter.role),
    ]
    entry["unit"] = parameter.unit?.name ?? NSNull()
    entry["validRange"] =
      parameter.validRange.map { range in
        [
          range.lower.map { Double($0.value) } as Any? ?? NSNull(),
          range.upper.map { Double($0.value) } as Any? ?? NSNull(),
        ]
      } ?? NSNull()
    entry["wholeNumber"] = parameter.isWholeNumber
    entry["suggestedRange"] =
      parameter.suggestedRange.map { [Double($0.lowerBound), Double($0.upperBound)] } ?? NSNull()
    entry["default"] = parameter.defaultValue.map(json) ?? NSNull()
    if effect.values.contains(parameter.name) {
      entry["value"] = effect.values[parameter.name]
    } else if let argument = effect.arguments.first(where: { $0.name == parameter.name }) {
      entry["value"] = json(argument.value)
    } else {
      entry["value"] = entry["default"]
    }
    return entry
  }

  /// The contract's role names: `value` for a parameter without one, `size` for the view's.
  private static func role(_ role: ShaderFunction.Role?) -> String {
    switch role {
    case nil: "value"
    case .viewSize: "size"
    case let role?: role.rawValue
    }
  }

  /// A numeric argument as JSON (a number or an array of numbers); `null` for others.
  private static func json(_ argument: Shader.Argument) -> Any {
    switch argument {
    case .float(let x): Double(x)
    case .float2(let v): [Double(v.x), Double(v.y)]
    case .float3(let v): [Double(v.x), Double(v.y), Double(v.z)]
    case .float4(let v): [Double(v.x), Double(v.y), Double(v.z), Double(v.w)]
    default: NSNull()
    }
  }

  /// The times of every frame from 0 to `duration` at `fps`: the frames the page's clock
  /// plays; beyond ``maxTimeCount`` frames, that many times evenly over 0…`duration`.
  ///
  /// A config's `duration` may be as long as a `Float` holds (3.4 × 10³⁸ s), and its frames,
  /// every one checked on save and sampled for the page's keyframe charts, had overflowed an
  /// `Int` (the server crashed on Save) or filled memory.
  ///
  /// - Parameters:
  ///   - duration: The animation's length, seconds.
  ///   - fps: Frames a second.
  /// - Returns: `k / fps` for k = 0 … ⌊duration × fps⌋, seconds (at least one time, 0), or
  ///   `k × duration / (maxTimeCount − 1)` for k = 0 … `maxTimeCount − 1` when there are more.
  static func frameTimes(duration: Double, fps: Double) -> [Double] {
    let frames = (duration * fps).rounded(.down)
    guard frames < Double(maxTimeCount) else {
      return (0..<maxTimeCount).map { duration * Double($0) / Double(maxTimeCount - 1) }
    }
    let count = max(1, Int(frames) + 1)
    return (0..<count).map { Double($0) / fps }
  }

  /// The most times ``frameTimes(duration:fps:)`` gives: every frame of 55 minutes at 30 fps.
  static let maxTimeCount = 100_001

  /// The times of every frame of `config`'s animation (``frameTimes(duration:fps:)`` over its
  /// chain's length at its frame rate), and its `output.time` when it sets one: the times a
  /// save is checked at, as a render at any of them would check it.
  ///
  /// - Parameters:
  ///   - config: The decoded config.
  ///   - sizeInPoints: The input's size, points.
  /// - Returns: Seconds.
  static func checkedTimes(of config: DebugConfig, sizeInPoints: float2) -> [Double] {
    let duration = config.chain(sizeInPoints: sizeInPoints).endTime
    let frames = frameTimes(duration: duration, fps: config.output.fps ?? defaultFPS)
    return frames + (config.output.time.map { [$0] } ?? [])
  }

  /// Each keyframe track, `[time, value]` at every frame from 0 to `duration` (the timeline's
  /// own clock: seconds since the replay began, Semantics.md §7).
  private static func tracks(_ config: DebugConfig, duration: Double, fps: Double) -> [[String:
    Any]]
  {
    return config.effects.enumerated().flatMap { index, effect -> [[String: Any]] in
      guard !effect.trackNames.isEmpty,
        let timeline = try? effect.timeline(initialValue: effect.values)
      else { return [] }
      let values = frameTimes(duration: duration, fps: fps).map { time in
        (time, timeline.value(time: time))
      }
      return effect.trackNames.map { name in
        [
          "effect": index, "parameter": name,
          "samples": values.map { [$0.0, $0.1[name]] },
        ]
      }
    }
  }
}
