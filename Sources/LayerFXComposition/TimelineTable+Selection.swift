import Foundation
import LayerFX
import LayerFXAnimation
import LayerFXFiles

extension TimelineTable {
  /// The tracks of a keyframes document (`{"version": 1, "keyframes": {…}}`) for `function`:
  /// its `float` parameters from their declared defaults, its time-since-trigger parameter as
  /// the clock (`keyframes.time`, 0 → duration over the default 3 s when the file has no track
  /// for it); columns `keyframes.NAME`.
  ///
  /// - Parameters:
  ///   - data: The document's bytes.
  ///   - file: Its path, named in errors; `-` is standard input.
  ///   - function: The kernel the tracks animate.
  /// - Throws: ``TimelineSelectionError/noClock(function:)`` for a function without a
  ///   time-since-trigger parameter; ``ConfigError`` for the document.
  public init(keyframes data: Data, file: String, function: ShaderFunction) throws {
    guard let clock = function.parameter(role: .timeSinceTrigger)?.name else {
      throw TimelineSelectionError.noClock(function: function.name)
    }
    let config = try KeyframesConfig(
      data: data, file: file == "-" ? InputFile.standardInputName : file,
      initialValue: ParameterValues(defaultsOf: function), clock: clock, defaultDuration: 3)
    self.init(
      timeline: config.timeline, names: config.animatedNames, prefix: "keyframes.",
      function: function)
  }

  /// The tracks of one effect of a debug config: the one whose kernel or function is named
  /// `name` (``effectIndex(in:named:)``), or the first with tracks or a clock
  /// (``init(effect:of:)``).
  ///
  /// - Parameters:
  ///   - name: The effect's kernel or function name; `nil` for the first with something to
  ///     chart.
  ///   - config: The decoded config.
  ///   - file: Its path, named in errors.
  /// - Throws: ``TimelineSelectionError`` when no effect has that name, none has tracks or a
  ///   clock, or the one named has neither; `KeyframeError` as ``init(effect:of:)``.
  public init(effectNamed name: String?, of config: DebugConfig, file: String) throws {
    guard let index = Self.effectIndex(in: config, named: name) else {
      let names = config.effects.map(\.function.name)
      throw name.map { TimelineSelectionError.noSuchEffect(name: $0, file: file, effects: names) }
        ?? .nothingToChart(file: file, effects: names)
    }
    let effect = config.effects[index]
    guard !Self.charted(effect).isEmpty else {
      throw TimelineSelectionError.effectNotCharted(
        file: file, index: index, function: effect.function.name)
    }
    try self.init(effect: index, of: config)
  }
}
