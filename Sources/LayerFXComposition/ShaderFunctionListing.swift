import Foundation
import LayerFX

/// A shader function as `layerfx list --json` prints it: one object per function, derived from
/// its declaration alone (`name`, `kind`, `summary`, `parameters`).
public struct ShaderFunctionListing: Encodable, Sendable {
  /// The function's name.
  public let name: String
  /// `color`, `distortion`, `layer` or `fill`.
  public let kind: String
  /// The declaration's one-line summary.
  public let summary: String
  /// The parameters, in declaration order.
  public let parameters: [ParameterListing]

  /// The listing of `function`; `metalTypes` gives a parameter's type as a `.metal` file
  /// writes it (`device const float *`), by name, in place of the type's Metal name.
  public init(_ function: ShaderFunction, metalTypes: [String: String] = [:]) {
    name = function.name
    kind = function.kind.rawValue
    summary = function.summary
    parameters = function.parameters.map { parameter in
      ParameterListing(parameter, type: metalTypes[parameter.name])
    }
  }

  /// A parameter: `type` as Metal spells it, `default` as a number or a list of numbers (null
  /// without one), `imageDefault` what the command line supplies instead when it is left out
  /// (`imageSize` or `imageCentre`, Documentation/Semantics.md §1.2; then `default` is null),
  /// `required` true when neither gives a value, `range` as JSON Schema bounds (null when
  /// unrestricted), `suggestedRange` as `[low, high]`.
  public struct ParameterListing: Encodable, Sendable {
    let name: String
    let type: String
    let unit: String?
    let `default`: [Double]?
    let range: RangeListing?
    let suggestedRange: [Double]?
    let role: String?
    let summary: String
    let imageDefault: String?
    let required: Bool

    /// The listing of `parameter`, its type as `written` in a `.metal` file when given.
    public init(_ parameter: ShaderFunction.Parameter, type written: String? = nil) {
      name = parameter.name
      type = written ?? parameter.type.metalName
      unit = parameter.unit?.name
      imageDefault = parameter.viewArgument?.rawValue
      `default` =
        imageDefault == nil ? parameter.defaultValue.map { $0.components.map(\.decimal) } : nil
      range = parameter.validRange.map(RangeListing.init)
      suggestedRange = parameter.suggestedRange.map {
        [$0.lowerBound.decimal, $0.upperBound.decimal]
      }
      role = parameter.role?.rawValue
      summary = parameter.summary
      required = parameter.defaultValue == nil && imageDefault == nil
    }

    /// Encodes the parameter's keys, a scalar default as a number and a vector's as a list.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(type, forKey: .type)
      try container.encode(unit, forKey: .unit)
      // A scalar default is a number; a vector's is a list.
      if let value = `default`, value.count == 1 {
        try container.encode(value[0], forKey: .default)
      } else {
        try container.encode(`default`, forKey: .default)
      }
      try container.encode(range, forKey: .range)
      try container.encode(suggestedRange, forKey: .suggestedRange)
      try container.encode(role, forKey: .role)
      try container.encode(summary, forKey: .summary)
      try container.encode(imageDefault, forKey: .imageDefault)
      try container.encode(required, forKey: .required)
    }

    enum CodingKeys: String, CodingKey {
      case name, type, unit, `default`, range, suggestedRange, role, summary, imageDefault
      case required
    }
  }

  /// Bounds in JSON Schema's words (`minimum`, `exclusiveMinimum`, …).
  struct RangeListing: Encodable, Sendable {
    let minimum: Double?
    let exclusiveMinimum: Double?
    let maximum: Double?
    let exclusiveMaximum: Double?

    init(_ range: ShaderFunction.ValueRange) {
      minimum = range.lower.flatMap { $0.isIncluded ? $0.value.decimal : nil }
      exclusiveMinimum = range.lower.flatMap { $0.isIncluded ? nil : $0.value.decimal }
      maximum = range.upper.flatMap { $0.isIncluded ? $0.value.decimal : nil }
      exclusiveMaximum = range.upper.flatMap { $0.isIncluded ? nil : $0.value.decimal }
    }
  }
}

extension ShaderFunctionListing {
  /// The listings as `layerfx list --json` prints them: a pretty-printed JSON array, keys
  /// sorted, slashes unescaped.
  ///
  /// - Throws: `EncodingError` for a number JSON cannot hold (a declared default is finite).
  public static func json(_ listings: [ShaderFunctionListing]) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(listings), as: UTF8.self)
  }
}

extension Float {
  /// The `Double` whose shortest decimal form is this `Float`'s (0.3, not 0.30000001192…), so
  /// JSON shows the number as declared.
  fileprivate var decimal: Double { Double("\(self)") ?? Double(self) }
}
