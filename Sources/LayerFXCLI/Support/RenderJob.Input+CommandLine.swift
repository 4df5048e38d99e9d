import Foundation
import LayerFXArguments
import LayerFXComposition

extension RenderJob.Input {
  /// How usage errors name the argument.
  static let usageName = "INPUT (a PNG file, - for standard input, or testcard:WxH)"

  /// Whether `argument` reads as INPUT rather than as a kernel: `testcard:…`, `-`, or an
  /// existing file whose name ends in `.png`; for a hint when a command's one positional is an
  /// input where it expects a kernel first.
  static func looksLikeInput(_ argument: String) -> Bool {
    argument.hasPrefix("testcard:") || argument == "-"
      || (argument.lowercased().hasSuffix(".png")
        && FileManager.default.fileExists(atPath: argument))
  }

  /// Loads INPUT as the command line names it: a PNG file, `-` for standard input, or
  /// `testcard:WxH` (``init(loading:named:scale:limits:warn:)``); libpng's warnings about the
  /// file go to standard error as `layerfx: warning: FILE: …`.
  ///
  /// - Parameters:
  ///   - argument: The text as given.
  ///   - scale: Pixels per point, > 0.
  ///   - limits: The pixel limit and whether memory is checked.
  ///   - dataOption: The option a limit the image exceeds is tagged with
  ///     (``SettingError/aboutLimits(of:_:)``): `input` for INPUT, `image` for an image argument.
  /// - Throws: ``UsageError`` for a malformed `testcard:` size, or sides over 65535 within the
  ///   pixel limit (a card over the limit is refused as the limit's error); what
  ///   ``init(loading:named:scale:limits:warn:)`` throws, a limit as a ``SettingError``.
  init(
    commandLine argument: String, scale: Float, limits: RenderJob.Limits,
    dataOption: String = "input"
  ) throws {
    var source = DebugConfig.Input.file(argument)
    if argument.hasPrefix("testcard:") {
      let text = String(argument.dropFirst("testcard:".count))
      if let size = ValueType<SIMD2<Int>>.size.parse(text) {
        source = .testCard(width: size.x, height: size.y)
      } else if let size = Self.sides(text), size.x * size.y > limits.pixelLimit {
        // Over the pixel limit, whatever the sides: the limit's own error, as for a smaller card.
        source = .testCard(width: size.x, height: size.y)
      } else {
        throw UsageError.invalid(
          "invalid INPUT '\(argument)': expected testcard:WxH with sides from 1 to 65535 "
            + "(digits only), "
            + "e.g. testcard:1280x720")
      }
    }
    // The input's pixels over a limit are bad data, not a flag's value.
    self = try SettingError.aboutLimits(of: dataOption) {
      try Self(loading: source, named: argument, scale: scale, limits: limits, warn: Self.warn)
    }
    if argument == "-" { path = nil }
  }

  /// What is wrong with a well-formed `testcard:WxH` within the pixel limit whose side is over
  /// 65535, the most a test card may have.
  ///
  /// - Parameters:
  ///   - argument: The text as given.
  ///   - pixelLimit: The most pixels an image may have.
  /// - Returns: `testcard:70000x10: a side of 70000 pixels is over the limit of 65535`; `nil`
  ///   for any other text (a card that loads, a malformed size, one over the pixel limit, which
  ///   is the limit's own error).
  static func testCardSideProblem(_ argument: String, pixelLimit: Int) -> String? {
    guard argument.hasPrefix("testcard:"),
      let size = sides(String(argument.dropFirst("testcard:".count))),
      size.x * size.y <= pixelLimit, max(size.x, size.y) > 65535
    else { return nil }
    return "\(argument): a side of \(max(size.x, size.y)) pixels is over the limit of 65535"
  }

  /// The sides of `WxH`, whole numbers ≥ 1 of at most 9 digits each (so that their product fits
  /// an `Int`), of any size; `nil` for other text.
  private static func sides(_ text: String) -> SIMD2<Int>? {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    let isWhole = { (part: Substring) in
      (1...9).contains(part.count) && part.allSatisfy { ("0"..."9").contains($0) }
    }
    guard parts.count == 2, parts.allSatisfy(isWhole), let width = Int(parts[0]),
      let height = Int(parts[1]), width > 0, height > 0
    else { return nil }
    return SIMD2(width, height)
  }

  /// Loads a config's `input` (``init(loading:named:scale:limits:warn:)``); libpng's warnings
  /// about a file go to standard error as for INPUT.
  ///
  /// - Throws: What ``init(loading:named:scale:limits:warn:)`` throws.
  init(config input: DebugConfig.Input, scale: Float, limits: RenderJob.Limits) throws {
    self = try SettingError.aboutLimits(of: "input") {
      try Self(loading: input, scale: scale, limits: limits, warn: Self.warn)
    }
  }

  /// A loader of `config`'s `input` at the config's scale (``init(config:scale:limits:)``) whose
  /// errors are tagged with the `input` setting, so that inside
  /// ``ConfigOptions/attributing(_:commandLine:_:)`` a file that cannot be read names the config
  /// and the key (`c.json: input: gone.png: no such file`), as `apply --config` does.
  static func loader(of config: DebugConfig, limits: RenderJob.Limits)
    -> (DebugConfig.Input) throws -> RenderJob.Input
  {
    { input in
      try SettingError.about("input") {
        try RenderJob.Input(config: input, scale: Float(config.scale), limits: limits)
      }
    }
  }

  /// Writes libpng's warnings about the file `name` to standard error.
  static func warn(_ name: String, _ warnings: [String]) {
    Console().warn(warnings, file: name)
  }
}
