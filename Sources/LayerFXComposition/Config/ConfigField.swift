import LayerFX

/// One key of a config section: its name and its JSON Schema (type, unit, range, default and
/// description), the one place the key is declared.
///
/// A section (``DebugConfig/Output``, ``DebugConfig/Debug``) lists its fields; decoding rejects
/// any other key, with a did-you-mean among these names, and ``DebugConfig/schema(library:)``
/// prints them. A new key is a new property, its decoding line and one field here.
///
/// Source: JSON Schema 2020-12, Validation §6.2 (numeric keywords), §6.1.1 (`type`), §9
/// (`title`, `description`, `default`); units as the kernels declare them
/// (`ShaderFunction.Unit`).
public struct ConfigField: Sendable {
  /// The JSON key.
  public let name: String

  /// The key's JSON Schema.
  public let schema: JSONValue

  /// Creates a field from its schema.
  ///
  /// - Parameters:
  ///   - name: The JSON key.
  ///   - schema: Its JSON Schema, an object.
  public init(_ name: String, schema: JSONValue) {
    self.name = name
    self.schema = schema
  }

  /// Whether the key's schema accepts `null` (an `enum` that lists it, or a `type` that names
  /// it), and so whether the decoder does.
  public var acceptsNull: Bool {
    guard case .object(let members) = schema else { return false }
    for (keyword, value) in members {
      switch (keyword, value) {
      case ("enum", .array(let values)) where values.contains(.null): return true
      case ("type", .string("null")): return true
      case ("type", .array(let types)) where types.contains(.string("null")): return true
      default: continue
      }
    }
    return false
  }

  /// A number with a unit, a range and a default.
  ///
  /// - Parameters:
  ///   - name: The JSON key.
  ///   - description: What the value means.
  ///   - unit: The unit (seconds, points), if any; written into the description and as the
  ///     annotation `x-unit`.
  ///   - range: The valid values; `nil` for any finite number.
  ///   - integer: Whether only whole numbers are allowed.
  ///   - defaultValue: The value when the key is absent, if there is one.
  /// - Returns: The field.
  public static func number(
    _ name: String, _ description: String, unit: ShaderFunction.Unit? = nil,
    range: ShaderFunction.ValueRange? = nil, integer: Bool = false, defaultValue: Double? = nil
  ) -> ConfigField {
    ConfigField(
      name,
      schema: .object(
        [("type", .string(integer ? "integer" : "number"))] + rangeKeywords(range)
          + annotations(
            description, unit: unit, range: range,
            defaultValue: defaultValue.map {
              .number($0)
            })))
  }

  /// A fixed-length array of numbers, such as a point `[x, y]`.
  ///
  /// - Parameters:
  ///   - name: The JSON key.
  ///   - count: The number of components.
  ///   - description: What the value means.
  ///   - unit: The components' unit, if any.
  ///   - range: Each component's valid values; `nil` for any finite number.
  ///   - defaultValue: The value when the key is absent, if there is one.
  /// - Returns: The field.
  public static func vector(
    _ name: String, count: Int, _ description: String, unit: ShaderFunction.Unit? = nil,
    range: ShaderFunction.ValueRange? = nil, defaultValue: [Float]? = nil
  ) -> ConfigField {
    ConfigField(
      name,
      schema: .object(
        [
          ("type", .string("array")),
          ("items", .object([("type", .string("number"))] + rangeKeywords(range))),
          ("minItems", .integer(count)), ("maxItems", .integer(count)),
        ]
          + annotations(
            description, unit: unit, range: range,
            defaultValue: defaultValue.map { .array($0.map(JSONValue.float)) })))
  }

  /// A `true` or `false` switch.
  ///
  /// - Parameters:
  ///   - name: The JSON key.
  ///   - description: What it switches.
  ///   - defaultValue: The value when the key is absent.
  /// - Returns: The field.
  public static func flag(_ name: String, _ description: String, defaultValue: Bool)
    -> ConfigField
  {
    ConfigField(
      name,
      schema: .object([
        ("type", .string("boolean")), ("description", .string(description)),
        ("default", .bool(defaultValue)),
      ]))
  }

  /// A string that must be one of `names`, such as an ``OutputFormat``'s name.
  ///
  /// - Parameters:
  ///   - name: The JSON key.
  ///   - names: The accepted names, in the order the schema lists them.
  ///   - description: What the value means.
  ///   - defaultValue: The value when the key is absent; `.null` when that is "chosen from
  ///     other keys" (then `null` is accepted too).
  /// - Returns: The field.
  public static func choice(
    _ name: String, among names: [String], _ description: String, defaultValue: JSONValue
  ) -> ConfigField {
    let values = names.map(JSONValue.string) + (defaultValue == .null ? [.null] : [])
    return ConfigField(
      name,
      schema: .object([
        ("enum", .array(values)), ("description", .string(description)),
        ("default", defaultValue),
      ]))
  }

  /// An array of names, each one of `names` and each at most once (`uniqueItems`), such as
  /// ``DebugOverlays``' names; the default is the empty array.
  ///
  /// - Parameters:
  ///   - name: The JSON key.
  ///   - names: The accepted names, in the order the schema lists them.
  ///   - description: What the list switches on.
  /// - Returns: The field.
  public static func choices(_ name: String, among names: [String], _ description: String)
    -> ConfigField
  {
    ConfigField(
      name,
      schema: .object([
        ("type", .string("array")),
        ("items", .object([("enum", .array(names.map(JSONValue.string)))])),
        ("uniqueItems", .bool(true)),
        ("description", .string(description)),
        ("default", .array([])),
      ]))
  }

  /// JSON Schema's range keywords for `range`.
  static func rangeKeywords(_ range: ShaderFunction.ValueRange?) -> [(String, JSONValue)] {
    var keywords: [(String, JSONValue)] = []
    if let lower = range?.lower {
      keywords.append((lower.isIncluded ? "minimum" : "exclusiveMinimum", .float(lower.value)))
    }
    if let upper = range?.upper {
      keywords.append((upper.isIncluded ? "maximum" : "exclusiveMaximum", .float(upper.value)))
    }
    return keywords
  }

  /// `description` (with the unit and range in words), `x-unit` and `default`.
  static func annotations(
    _ description: String, unit: ShaderFunction.Unit?, range: ShaderFunction.ValueRange?,
    defaultValue: JSONValue?
  ) -> [(String, JSONValue)] {
    var notes: [String] = []
    if let unit { notes.append(unit.name) }
    if let range { notes.append(range.description) }
    let text = description + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))")
    var keywords: [(String, JSONValue)] = [("description", .string(text))]
    if let unit { keywords.append(("x-unit", .string(unit.name))) }
    if let defaultValue { keywords.append(("default", defaultValue)) }
    return keywords
  }
}
