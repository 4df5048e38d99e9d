import Foundation
import LayerFX
import LayerFXAnimation
import LayerFXFiles
import LayerFXMath

/// The debug config: one versioned JSON document that says what to render, with which
/// effects, parameters and keyframes, when and where; the file `layerfx tune` watches and every
/// rendering command reads with `--config`.
///
/// Format (version 1); every key but `version` is optional, any key not listed is an error
/// (with a did-you-mean), and every number must be finite and, for a kernel parameter, fit a
/// `Float` and lie in the declared range:
/// ```json
/// {
///   "version": 1,
///   "input": "testcard:512x384",
///   "scale": 1,
///   "effects": [{"kernel": "ripple", "amplitude": 20, "duration": 3, "keyframes": {}}],
///   "triggers": [{"point": [256, 192], "time": 0}],
///   "output": {"path": "ripple.png", "time": 0.5, "bitDepth": 8, "compression": 1},
///   "debug": {"checkBounds": false}
/// }
/// ```
/// - `input`: ``Input``. `scale`: pixels per point, 1/1024…1024, default 1.
/// - `effects`: ``Effect``s, innermost first (stacked SwiftUI modifiers); at least one when the
///   key is given.
/// - `triggers`: `{"point": [x, y], "time": t}` (points; seconds ≥ 0), in order, at least one;
///   default one at t = 0 at the image's centre. They replay every effect that has a clock.
/// - `output`: ``Output``. `debug`: ``Debug``.
///
/// The bytes are checked by Jansson first (syntax and duplicate keys, with line and column),
/// then decoded, a `.metal` file's fill and effects last: the rest of the document is checked
/// before any `.metal` file is compiled. ``schema(library:)`` prints the format as a JSON Schema, and
/// ``json`` a complete document with every default spelled out.
///
/// Source: `Documentation/Semantics.md` §5 (the clock, window and taps) and §7 (keyframes).
public struct DebugConfig: Sendable {
  /// Finds a kernel by its `kernel` text: a built-in name or `FILE.metal:FUNCTION`.
  public typealias Resolver = @Sendable (String) throws -> ShaderFunction

  /// The format version this LayerFX reads.
  public static let version = 1

  /// The input, if the document names one.
  public var input: Input?
  /// Pixels per point of the input, > 0.
  public var scale: Double
  /// The effects, innermost first.
  public var effects: [Effect]
  /// The triggers; `nil` for one at t = 0 at the image's centre.
  public var triggers: [AnimatedEffect.Trigger]?
  /// The output section.
  public var output: Output
  /// The debug section.
  public var debug: Debug

  /// Creates a config from its parts.
  ///
  /// - Parameters:
  ///   - input: The input, if any.
  ///   - scale: Pixels per point, in ``scaleRange``.
  ///   - effects: The effects, innermost first.
  ///   - triggers: The triggers; `nil` for one at t = 0 at the image's centre.
  ///   - output: The output section.
  ///   - debug: The debug section.
  public init(
    input: Input?, scale: Double = 1, effects: [Effect], triggers: [AnimatedEffect.Trigger]? = nil,
    output: Output = Output(), debug: Debug = Debug()
  ) {
    self.input = input
    self.scale = scale
    self.effects = effects
    self.triggers = triggers
    self.output = output
    self.debug = debug
  }

  /// The top-level keys.
  static let keys = ["version", "input", "scale", "effects", "triggers", "output", "debug"]

  /// The scales (pixels per point) a render accepts, in a config's `scale` and in `--scale`:
  /// 1/1024 to 1024.
  ///
  /// Within it `1 / scale` and an image's size in points (at most 4194302 pixels a side, so
  /// 4.3e9 points) stay finite in `Float`, and 1 point of `maxSampleOffset` pads by at most 1024
  /// pixels; a scale of `1e-40` would make every size in points infinite and every position NaN.
  /// The bounds are powers of two, so a `Float` and a `Double` hold them exactly and a config's
  /// `scale` and `--scale` accept the same values. SwiftUI's display scales are 1, 2 and 3.
  public static let scaleRange: ClosedRange<Float> = 0x1p-10...0x1p10

  /// Decodes a debug config.
  ///
  /// - Parameters:
  ///   - data: The JSON bytes (UTF-8).
  ///   - file: The name used in error messages, e.g. `tune.json`.
  ///   - directory: The folder relative paths in the document are resolved against (the
  ///     config file's); empty for the current directory.
  ///   - resolve: Finds each `kernel` and `fill`.
  /// - Throws: ``ConfigError``: `invalidJSON` (syntax, duplicate keys), `unknownKey`,
  ///   `missingKey`, `typeMismatch`, `invalidValue` (NaN, ∞, `Float` overflow, numbers beyond
  ///   `Double` or 64-bit integers, out of range, unknown kernel), `unsupportedVersion`.
  public init(data: Data, file: String, directory: String, resolve: @escaping Resolver)
    throws(ConfigError)
  {
    // A UTF-8 byte order mark is ignored, as RFC 8259 §8.1 lets a parser do (editors on
    // Windows write one); Jansson and Foundation would refuse it as an invalid token.
    let data = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
    let decoder = JSONDecoder()
    decoder.userInfo[DocumentDecoding.key] = DocumentDecoding(
      directory: directory, resolve: resolve)
    // Accept "NaN" / "Infinity" strings only so they can be rejected with their key path.
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    try JSONSyntaxError.check(data, file: file) { Self.issue(decoding: $0, with: decoder) }
    do {
      self = try decoder.decode(Document.self, from: data).config
    } catch let issue as ConfigIssue {
      throw issue.error(file: file)
    } catch let error as DecodingError {
      throw ConfigIssue(decodingError: error).error(file: file)
    } catch {
      throw .invalidJSON(file: file, reason: "\(error)")
    }
  }

  /// The issue decoding `data` with `decoder` raises, or `nil` when it decodes.
  private static func issue(decoding data: Data, with decoder: JSONDecoder) -> ConfigIssue? {
    do {
      _ = try decoder.decode(Document.self, from: data)
      return nil
    } catch let issue as ConfigIssue {
      return issue
    } catch let error as DecodingError {
      return ConfigIssue(decodingError: error)
    } catch {
      return nil
    }
  }

  /// Reads and decodes the debug config at `path`; relative paths inside resolve against its
  /// folder.
  ///
  /// - Parameters:
  ///   - path: The file; errors name it as given.
  ///   - resolve: Finds each `kernel` and `fill`.
  /// - Throws: ``ConfigError``: `unreadable`, and every case of
  ///   ``init(data:file:directory:resolve:)``; `InputFileError` for a file too large or a
  ///   failed read (``ConfigFile/read(_:)``).
  public init(contentsOf path: String, resolve: @escaping Resolver) throws {
    try self.init(
      data: try ConfigFile.read(path), file: path, directory: Self.directory(of: path),
      resolve: resolve)
  }

  /// The folder of the config file at `path`, which relative paths inside resolve against;
  /// empty for a bare name.
  ///
  /// A config reached through a symbolic link reads and writes beside the file the link names,
  /// not beside the link: when `path` itself is a link, the folder is that of the file it
  /// resolves to (`LayerFXFiles.PhysicalPath.resolve(_:)`), so a link to a config elsewhere
  /// renders what the config renders where it lives.
  public static func directory(of path: String) -> String {
    var status = stat()
    if lstat(RawBytes.cString(path), &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK,
      let target = PhysicalPath.resolve(path)
    {
      return folderPart(target)
    }
    return folderPart(path)
  }

  /// The folder part of `path` by hand: NSString's deletingLastPathComponent traps on Linux for
  /// a one-character name such as `-` (standard input).
  private static func folderPart(_ path: String) -> String {
    path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ""
  }

  /// Whether `data` is a debug config rather than a ``KeyframesConfig`` document: a JSON object
  /// with a top-level key only a debug config has (`effects`, `input`, `output`, …).
  ///
  /// Only the top-level keys are read (`JSONDecoder`, no value decoded): building the whole
  /// document as Foundation objects (`JSONSerialization`) made `layerfx timeline` of a 15 MB
  /// keyframes document of 330,000 keyframes peak at 1.05 GB, not 240 MB, and take about 1 s
  /// more (trial 11, F8; Benchmarks/HISTORY.md).
  public static func isDocument(_ data: Data) -> Bool {
    guard let object = try? JSONDecoder().decode(TopLevelKeys.self, from: data) else {
      return false
    }
    let own = Set(keys).subtracting(["version"])
    return object.keys.contains(where: own.contains)
  }

  /// The keys of a JSON object, none of its values decoded.
  private struct TopLevelKeys: Decodable {
    let keys: [String]

    init(from decoder: any Decoder) throws {
      keys = try decoder.container(keyedBy: ConfigKey.self).allKeys.map(\.stringValue)
    }
  }

  /// The triggers for an image of `sizeInPoints`: ``triggers``, or one at t = 0 at its centre.
  public func triggers(sizeInPoints: float2) -> [AnimatedEffect.Trigger] {
    triggers ?? [.init(time: 0, payload: sizeInPoints / 2)]
  }

  /// The effect chain for an image of `sizeInPoints`, each effect with
  /// ``triggers(sizeInPoints:)`` and its offset resolved by `offsets`
  /// (``MaxSampleOffsetSources``: its own ``Effect/maxSampleOffset``, else the front end's,
  /// else ``Debug/maxSampleOffset``, else the kernel's).
  ///
  /// - Parameters:
  ///   - sizeInPoints: The image's size, points.
  ///   - offsets: The sources of the offsets; ``maxSampleOffsets`` (the document's alone) by
  ///     default.
  /// - Returns: The chain, the effects in the config's order.
  public func chain(sizeInPoints: float2, offsets: MaxSampleOffsetSources? = nil) -> EffectChain {
    let triggers = triggers(sizeInPoints: sizeInPoints)
    return (offsets ?? maxSampleOffsets).resolve(
      EffectChain(
        effects.map { $0.animated(triggers: triggers, sizeInPoints: sizeInPoints) }))
  }

  /// The document's sources of each pass's `maxSampleOffset`: ``Debug/maxSampleOffset`` for
  /// every effect without its own, no front end's.
  public var maxSampleOffsets: MaxSampleOffsetSources {
    MaxSampleOffsetSources(document: debug.maxSampleOffset)
  }

  /// Evaluates every effect at every time, so a keyframe track that leaves its parameter's
  /// range, or a parameter left unset that has no default, is found before anything renders.
  ///
  /// - Parameters:
  ///   - file: The name used in error messages.
  ///   - sizeInPoints: The input's size, points.
  ///   - times: The schedule's times, seconds.
  ///   - offsets: The sources of the offsets (``chain(sizeInPoints:offsets:)``); the
  ///     document's by default.
  /// - Throws: ``ConfigError/invalidValue(file:path:reason:)`` at `effects[i]` (or
  ///   `effects[i].keyframes` when the effect has tracks) with the kernel's message and the
  ///   first time it fails.
  /// - Complexity: O(effects × times × triggers); no pixel is rendered.
  public func checkSchedule(
    file: String, sizeInPoints: float2, times: [Double], offsets: MaxSampleOffsetSources? = nil
  ) throws(ConfigError) {
    try Self.checkSchedule(
      chain(sizeInPoints: sizeInPoints, offsets: offsets), file: file,
      sizeInPoints: sizeInPoints, times: times,
      tracks: trackPaths)
  }

  /// Evaluates every effect at every time over `image`, as
  /// ``checkSchedule(file:sizeInPoints:times:offsets:)`` does, and checks each layer and distortion
  /// pass's padded size against `pixelLimit` with the renderer's own check
  /// (``ChainRenderer/checkPaddedSize(of:maxSampleOffset:function:storesPadding:pixelLimit:)``),
  /// so an offset too large to render (`"amplitude": 1e30`) is refused naming the config and its
  /// key.
  ///
  /// - Parameters:
  ///   - file: The name used in error messages.
  ///   - image: The loaded input.
  ///   - times: The schedule's times, seconds.
  ///   - pixelLimit: The most pixels a padded layer may have.
  /// - Throws: ``ConfigError/invalidValue(file:path:reason:)`` at `effects[i]` (or its
  ///   `keyframes`), or at `debug.maxSampleOffset` when that offset is too large.
  public func checkSchedule(file: String, image: Image, times: [Double], pixelLimit: Int)
    throws(ConfigError)
  {
    try Self.checkSchedule(
      chain(sizeInPoints: image.sizeInPoints), file: file, sizeInPoints: image.sizeInPoints,
      times: times, tracks: trackPaths, padding: (image, pixelLimit),
      offsetPath: debug.maxSampleOffset != nil ? "debug.maxSampleOffset" : nil)
  }

  /// The key path and parameter names of each effect's keyframe tracks; `nil` for an effect
  /// without.
  private var trackPaths: [(path: String, names: [String])?] {
    effects.enumerated().map { index, effect in
      effect.tracks.isEmpty ? nil : ("effects[\(index)].keyframes", effect.trackNames)
    }
  }

  /// Evaluates every effect of `chain` at every time, as
  /// ``checkSchedule(file:sizeInPoints:times:offsets:)`` does for a config's own chain (a command
  /// may build the chain from a config and its flags).
  ///
  /// - Parameters:
  ///   - chain: The chain, its effects in the config's order.
  ///   - file: The config's name in error messages.
  ///   - sizeInPoints: The input's size, points.
  ///   - times: The schedule's times, seconds.
  ///   - tracks: Each effect's keyframe tracks, when it has any: their key path
  ///     (`effects[i].keyframes`, or `keyframes` in a keyframes document) and parameter names.
  ///     The error then names the track at fault (`effects[0].keyframes.amplitude`,
  ///     `AnimatedEffect.trackAtFault(of:names:time:sizeInPoints:check:)`), or the key path
  ///     when none is; absent entries are effects without tracks, named `effects[i]`.
  ///   - padding: The input and pixel limit to check each layer and distortion pass's padded
  ///     size against
  ///     (``ChainRenderer/checkPaddedSize(of:maxSampleOffset:function:storesPadding:pixelLimit:)``);
  ///     `nil` to skip that check.
  ///   - offsetPath: The key a padded size too large is reported at, when one offset is set for
  ///     every pass (`debug.maxSampleOffset`); `nil` for the effect's own.
  /// - Throws: ``ConfigError/invalidValue(file:path:reason:)``.
  public static func checkSchedule(
    _ chain: EffectChain, file: String, sizeInPoints: float2, times: [Double],
    tracks: [(path: String, names: [String])?], padding: (image: Image, pixelLimit: Int)? = nil,
    offsetPath: String? = nil
  ) throws(ConfigError) {
    // SwiftUI's modifier takes maxSampleOffset as a required argument: a kernel that states
    // none (a .metal layer or distortion function) needs the config's (Semantics.md §4.1).
    for (index, effect) in chain.effects.enumerated()
    where effect.maxSampleOffset == nil && effect.function.requiresMaxSampleOffset {
      throw .invalidValue(
        file: file, path: "effects[\(index)].\(Effect.offsetKey)",
        reason: "missing: \(effect.function.name) is a \(effect.function.kind.rawValue) effect "
          + "that declares no maxSampleOffset (a .metal function cannot), so give [x, y] points "
          + "here or in debug.maxSampleOffset, as SwiftUI's "
          + "\(effect.function.kind.rawValue)Effect(_:maxSampleOffset:) requires; to measure one, "
          + "render once with [0, 0] and debug.checkBounds: its report names the maxSampleOffset "
          + "that would be enough")
    }
    let checkPadding = { (passes: [PreparedShader]) throws in
      guard let padding else { return }
      for pass in passes where pass.kind != .color {
        try ChainRenderer.checkPaddedSize(
          of: padding.image, maxSampleOffset: pass.maxSampleOffset,
          function: pass.function.name, storesPadding: pass.storesPadding,
          pixelLimit: padding.pixelLimit)
      }
    }
    for (index, effect) in chain.effects.enumerated() {
      let tracks = index < tracks.count ? tracks[index] : nil
      for time in times {
        do {
          try checkPadding(effect.passes(at: time, sizeInPoints: sizeInPoints))
        } catch {
          var path = tracks?.path ?? "effects[\(index)]"
          if let offsetPath, !(error is ShaderArgumentError) {
            path = offsetPath
          } else if let tracks,
            let track = effect.trackAtFault(
              of: error, names: tracks.names, time: time, sizeInPoints: sizeInPoints,
              check: checkPadding)
          {
            path += "." + track
          }
          throw .invalidValue(
            file: file, path: path, reason: "at t = \(time.formatted) s: \(error)")
        }
      }
    }
  }

  /// The files the document names (the input file and `.metal` sources, a fill's included),
  /// which `layerfx tune`
  /// watches besides the document.
  public var files: [String] {
    var files = input?.path.map { [$0] } ?? []
    var kernels = effects.map(\.kernel)
    if case .fill(_, _, _, _, let kernel, _)? = input { kernels.insert(kernel, at: 0) }
    for kernel in kernels where kernel.contains(".metal:") {
      if let range = kernel.range(of: ".metal:", options: .backwards) {
        files.append(String(kernel[..<range.lowerBound]) + ".metal")
      }
    }
    return files
  }

  /// `path` against `directory` unless it is absolute (or `directory` is empty).
  static func resolve(_ path: String, in directory: String) -> String {
    path.hasPrefix("/") || directory.isEmpty ? path : directory + "/" + path
  }

  /// A `kernel` text with the `.metal` file's path resolved; a built-in name unchanged.
  static func resolveKernel(_ text: String, in directory: String) -> String {
    guard let range = text.range(of: ".metal:", options: .backwards) else { return text }
    return resolve(String(text[..<range.lowerBound]) + ".metal", in: directory)
      + text[range.lowerBound...].dropFirst(".metal".count)
  }
}

extension DebugConfig {
  /// Refuses a trigger whose time no frame at `fps` reaches
  /// (``AnimationLimits/startProblem(time:fps:noun:)``).
  ///
  /// The rate is the run's, which a command line's `--fps` gives over `output.fps`, so the
  /// check runs once the run's timing is known, not while the document is decoded.
  ///
  /// - Parameters:
  ///   - fps: The run's rate, frames per second; `nil` for a still, which any trigger time fits.
  ///   - file: The config's name in error messages.
  /// - Throws: ``ConfigError/invalidValue(file:path:reason:)`` at the first such
  ///   `triggers[i].time`.
  public func checkTriggerTimes(fps: Double?, file: String) throws(ConfigError) {
    guard let fps else { return }
    for (index, trigger) in (triggers ?? []).enumerated() {
      let problem = AnimationLimits.startProblem(time: trigger.time, fps: fps, noun: "trigger")
      if let problem {
        throw .invalidValue(
          file: file, path: "triggers[\(index)].time",
          reason: "invalid value \(trigger.time.formatted): expected \(problem)")
      }
    }
  }

  /// Refuses triggers whose points no effect takes: when `effects` is not empty and none of
  /// them has a position parameter (``LayerFX/ShaderFunction/Role/position``), a trigger's point
  /// would be dropped without a word.
  ///
  /// - Throws: ``ConfigIssue`` `invalidValue` at `path` (`triggers`), naming the effects and how
  ///   to give one the role (`positionParameter`); for an effect with two `float2` parameters
  ///   named as a position, naming it as ambiguous and both.
  static func checkTriggerPoints(_ effects: [Effect], at path: [any CodingKey]) throws {
    guard !effects.isEmpty,
      !effects.contains(where: { $0.function.parameter(role: .position) != nil })
    else { return }
    if let ambiguous = AmbiguousPosition(among: effects.map(\.function)) {
      throw ConfigIssue(
        codingPath: path,
        .invalidValue(
          "a trigger's point goes to an effect's position parameter, but \(ambiguous.problem); "
            + "choose one with \"\(Effect.positionKey)\" (\(ambiguous.choices)), or leave "
            + "triggers out"))
    }
    let names = effects.map(\.function.name)
    let which =
      names.count == 1
      ? "\(names[0]) has no position parameter"
      : "none of the effects (\(names.joined(separator: ", "))) has a position parameter"
    let float2s = effects.flatMap { $0.function.parameters.filter { $0.type == .float2 } }
    let hint =
      float2s.isEmpty
      ? "leave triggers out, or use a kernel with a float2 position"
      : "name one of its float2 parameters with \"\(Effect.positionKey)\" (\(float2s.map(\.name).joined(separator: ", "))), or leave triggers out"
    throw ConfigIssue(
      codingPath: path,
      .invalidValue(
        "a trigger's point goes to an effect's position parameter, but \(which) (a float2 named "
          + ShaderFunction.Role.positionNames.joined(separator: ", ")
          + ", or the one \"\(Effect.positionKey)\" names): \(hint)"))
  }
}

/// What decoding needs besides the bytes, handed through the decoder's `userInfo`.
struct DocumentDecoding: Sendable {
  static let key = CodingUserInfoKey.layerFX("debugConfig")

  let directory: String
  let resolve: DebugConfig.Resolver
}

/// The top level of a debug config document.
private struct Document: Decodable {
  let config: DebugConfig

  init(from decoder: any Decoder) throws {
    guard let context = decoder.userInfo[DocumentDecoding.key] as? DocumentDecoding else {
      preconditionFailure("DebugConfig decodes with its context")
    }
    let c = try decoder.container(keyedBy: ConfigKey.self)
    // The other document kind's key (the two are easily confused), named as such.
    try c.check(
      !c.contains("keyframes"), "keyframes",
      "a keyframes document's key, but this is a debug config, whose tracks go in "
        + "effects[i].keyframes ('layerfx timeline' and 'ripple --keyframes' read the other)")
    try c.rejectUnknownKeys(allowed: Set(DebugConfig.keys))
    try c.checkVersion(DebugConfig.version)
    // What compiles a `.metal` file (about a second, and an error of its own) comes last, so
    // that a structural error anywhere else in the document is named at once: the input and
    // the effects that name no `.metal` file first, in the document's order, then the other
    // sections, then the `.metal` fill and effects, then the triggers' points, which need every
    // effect.
    func namesMetal(_ entry: KeyedDecodingContainer<ConfigKey>, _ key: ConfigKey) -> Bool {
      (try? entry.decode(String.self, forKey: key)).map(KernelReference.isMetal) ?? false
    }
    func decodeInput() throws -> DebugConfig.Input {
      try DebugConfig.Input(
        try c.superDecoder(forKey: "input"), directory: context.directory,
        resolve: context.resolve)
    }
    let inputCompiles =
      (try? c.nestedContainer(keyedBy: ConfigKey.self, forKey: "input")).map {
        namesMetal($0, "fill")
      } ?? false
    var input = try c.contains("input") && !inputCompiles ? decodeInput() : nil
    let scale = try c.number("scale", in: .closed(DebugConfig.scaleRange), unit: nil) ?? 1
    // The effects by index, each decoded in the pass for its kind (`compiling` or not).
    var slots: [DebugConfig.Effect?] = []
    func decodeEffects(compiling: Bool) throws {
      var list = try c.nestedUnkeyedContainer(forKey: "effects")
      while !list.isAtEnd {
        let index = list.currentIndex
        let entry = try list.nestedContainer(keyedBy: ConfigKey.self)
        if namesMetal(entry, "kernel") == compiling {
          slots[index] = try DebugConfig.Effect(
            entry, directory: context.directory, resolve: context.resolve)
        }
      }
    }
    if c.contains("effects") {
      let count = try c.nestedUnkeyedContainer(forKey: "effects").count ?? 0
      try c.check(
        count != 0, "effects",
        "an empty list is a chain of nothing: give at least one effect (a fill's config leaves "
          + "the key out)")
      slots = Array(repeating: nil, count: count)
      try decodeEffects(compiling: false)
    }
    var triggers: [AnimatedEffect.Trigger]?
    if c.contains("triggers") {
      var list = try c.nestedUnkeyedContainer(forKey: "triggers")
      var all: [AnimatedEffect.Trigger] = []
      while !list.isAtEnd {
        let entry = try list.nestedContainer(keyedBy: ConfigKey.self)
        try entry.rejectUnknownKeys(allowed: ["point", "time"])
        guard let point = try entry.floats("point", count: 2) else {
          throw ConfigIssue(codingPath: entry.codingPath, .missingKey("point"))
        }
        let time = try entry.number("time", in: .atLeast(0), unit: .seconds) ?? 0
        all.append(.init(time: time, payload: float2(point[0], point[1])))
      }
      guard !all.isEmpty else {
        throw ConfigIssue(
          codingPath: c.codingPath + [ConfigKey(stringValue: "triggers")],
          .invalidValue(
            "expected at least one trigger (leave the key out for one at t = 0 at the centre)"))
      }
      triggers = all
    }
    let output =
      try c.contains("output")
      ? DebugConfig.Output(
        try c.nestedContainer(keyedBy: ConfigKey.self, forKey: "output"),
        directory: context.directory) : DebugConfig.Output()
    let debug =
      try c.contains("debug")
      ? DebugConfig.Debug(try c.nestedContainer(keyedBy: ConfigKey.self, forKey: "debug"))
      : DebugConfig.Debug()
    if inputCompiles { input = try decodeInput() }
    if c.contains("effects") { try decodeEffects(compiling: true) }
    let effects = slots.compactMap { $0 }
    if triggers != nil {
      try DebugConfig.checkTriggerPoints(
        effects, at: c.codingPath + [ConfigKey(stringValue: "triggers")])
    }
    config = DebugConfig(
      input: input, scale: scale, effects: effects, triggers: triggers, output: output,
      debug: debug)
  }
}
