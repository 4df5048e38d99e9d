import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXMath

extension ShaderFunction {
  /// Parses `NAME=VALUE` pairs (`--arg`, `--effect`'s list) into named arguments of this
  /// function's parameter types; the shader checks defaults and ranges when it is prepared.
  ///
  /// - Parameters:
  ///   - pairs: `NAME=VALUE` texts, each value in its parameter's command-line form
  ///     (``Shader/Argument/commandLineForm(of:)``).
  ///   - pixelLimit: The most pixels an image argument (a PNG path) may have.
  ///   - option: The option named in errors, without dashes, or the command's words
  ///     (`config dump`; ``LayerFXArguments/UsageError/spelling(of:)``).
  ///   - effect: The effect as the command line names it (`sepia`, `ramp.metal:ramp`), named
  ///     after `option` in the message for a name given twice
  ///     (``LayerFXComposition/KernelReference/repeatedItem(_:in:)``); `nil` for `--arg`.
  /// - Returns: The arguments, by name, in the order given.
  /// - Throws: ``UsageError`` for a pair without `=`, a name given twice or a value that does
  ///   not parse (naming a number that overflows `Float` or underflows it to 0, or a test card's
  ///   side over 65535, or a colour's channel outside 0…1), or a fraction for a whole-number parameter; ``ShaderArgumentError/unknownParameter(function:name:suggestion:parameters:)``
  ///   with a did-you-mean; `ImageArgumentError` naming the option and parameter for an image
  ///   that cannot be loaded (a missing file, a PNG or test card over `pixelLimit`).
  public func bind(
    _ pairs: [String], pixelLimit: Int, option: String = "arg", effect: String? = nil
  ) throws -> [(name: String, value: Shader.Argument)] {
    var seen: Set<String> = []
    return try pairs.map { pair in
      guard let (name, text) = Self.nameAndValue(pair) else {
        throw UsageError.invalidValue(option: option, value: pair, expected: "NAME=VALUE")
      }
      guard seen.insert(name).inserted else {
        let context = [UsageError.spelling(of: option)] + (effect.map { [$0] } ?? [])
        throw UsageError.invalid(
          KernelReference.repeatedItem(name, in: context.joined(separator: " ")))
      }
      guard let parameter = parameters.first(where: { $0.name == name }) else {
        let names = parameters.map(\.name)
        throw ShaderArgumentError.unknownParameter(
          function: self.name, name: name, suggestion: closestName(to: name, among: names),
          parameters: names)
      }
      let parsed: Shader.Argument?
      do {
        parsed = try Shader.Argument.parse(text, as: parameter.type, pixelLimit: pixelLimit)
      } catch {
        throw ImageArgumentError(
          argument: "\(UsageError.spelling(of: option)) \(name)", underlying: error)
      }
      guard let value = parsed else {
        let problem =
          parameter.type == .image
          ? RenderJob.Input.testCardSideProblem(text, pixelLimit: pixelLimit)
          : parameter.type != .data
            ? floatRangeProblem(text) ?? Shader.Argument.colorRangeProblem(text, as: parameter.type)
            : nil
        if let problem {
          throw UsageError.invalid(
            "invalid value '\(pair)' for '\(UsageError.spelling(of: option))': \(problem)")
        }
        throw UsageError.invalidValue(
          option: option, value: pair,
          expected: Shader.Argument.commandLineForm(of: parameter.type))
      }
      // A fraction the kernel would round down unseen, worded as an out-of-range value is.
      if parameter.isWholeNumber, case .float(let x) = value, x.rounded() != x {
        throw UsageError.invalid(
          "\(self.name): argument '\(name)' must be a whole number"
            + (parameter.validRange.map { " in \($0)" } ?? "") + ", got \(x.shortDescription)")
      }
      return (name, value)
    }
  }

  /// The name and the value of a `NAME=VALUE` pair, split at its first `=` (a value may hold
  /// more); `nil` for a text without one.
  static func nameAndValue(_ pair: String) -> (name: String, value: String)? {
    guard let equals = pair.firstIndex(of: "=") else { return nil }
    return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
  }
}
