import LayerFX
import LayerFXArguments
import LayerFXComposition

extension ShaderFunction.Parameter {
  /// The option a command derives from the parameter: `--amplitude POINTS`, with the help text
  /// from the declaration.
  var optionSpec: OptionSpec {
    .value(
      name,
      unit.map { $0.name.uppercased().replacingOccurrences(of: " ", with: "-") }
        ?? Shader.Argument.commandLineForm(of: type), helpText)
  }

  /// The declaration as one line of help: `largest displacement, points (default 12; suggested
  /// 4…24)`; a colour as it is typed, `R,G,B,A with straight alpha (default 1,0.6,0.2,1; 0…1)`.
  var helpText: String {
    var notes: [String] = []
    // What the command line supplies for a view's arguments (Semantics §1.2).
    switch viewArgument {
    case .imageSize?: notes.append("default: the image's size")
    case .imageCentre?: notes.append("default: the image's centre")
    case nil: notes.append(defaultValue.map { "default \($0.commandLineText)" } ?? "required")
    }
    if let validRange { notes.append(validRange.description) }
    if let suggestedRange {
      notes.append(
        "suggested \(suggestedRange.lowerBound.shortDescription)…"
          + suggestedRange.upperBound.shortDescription)
    }
    // A colour is typed with straight alpha (`--arg`, a config), whatever the kernel receives.
    let unitText =
      type == .color || type == .colorArray
      ? ", R,G,B,A with straight alpha" : unit.map { ", \($0.name)" } ?? ""
    return summary + unitText + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))")
  }

  /// Reads the parameter's `--NAME` option as a `float`, or its default, checking the value
  /// against the declared valid range.
  ///
  /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` for a value that is not a
  ///   finite number or lies outside the range.
  func float(from arguments: ParsedArguments) throws(UsageError) -> Float {
    guard case .float(let fallback)? = defaultValue else {
      preconditionFailure("\(name): a derived option needs a float default")
    }
    let value = Float(try arguments.value(name, as: .number, default: Double(fallback)))
    if let validRange, !validRange.contains(value) {
      throw .invalidValue(
        option: name, value: arguments.value(name) ?? "", expected: "a number \(validRange)")
    }
    return value
  }
}
