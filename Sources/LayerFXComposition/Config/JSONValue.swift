import CJansson

/// A JSON value LayerFX writes (a dumped config, a JSON Schema), with object keys in order.
///
/// ``text`` renders it through Jansson's `json_dumps`: two-space indentation, keys in the
/// order given, strings escaped as RFC 8259 §7 requires, reals with 15 significant digits.
///
/// Not `indirect`: the arrays already hold nested values on the heap, and with indirect cases
/// LeakSanitizer reported every box of the static schema fields as leaked at exit (FuzzConfig;
/// the boxes stay reachable, apparently through pointers carrying the enum's tag bits, which
/// the scanner does not recognise).
///
/// Source: RFC 8259 (JSON); Jansson 2.14 documentation, "Encoding".
public enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A whole number.
  case integer(Int)
  /// A finite number; whole numbers of magnitude below 2⁵³ are written without a fraction.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, keys in the order written.
  case object([(String, JSONValue)])

  /// A `Float` as the number a person reads: its shortest decimal form (`0.3`, not
  /// `0.30000001192092896`), which reads back as the same `Float`.
  public static func float(_ value: Float) -> JSONValue {
    .number(Double("\(value)") ?? Double(value))
  }

  /// The value as JSON text, ending with a newline.
  public var text: String {
    guard let tree = makeTree() else { return "null\n" }
    defer { json_decref(tree) }
    guard let dumped = json_dumps(tree, CJANSSON_DUMP_FLAGS | Int(JSON_ENCODE_ANY)) else {
      return "null\n"
    }
    defer { free(dumped) }
    return String(cString: dumped) + "\n"
  }

  /// Builds Jansson's tree; the caller owns the reference.
  private func makeTree() -> UnsafeMutablePointer<json_t>? {
    switch self {
    case .null: return json_null()
    case .bool(let value): return value ? json_true() : json_false()
    case .integer(let value): return json_integer(json_int_t(value))
    case .number(let value):
      if value.rounded() == value && value.magnitude < 9.007_199_254_740_992e15 {
        return json_integer(json_int_t(value))
      }
      return json_real(value)
    case .string(let value): return json_stringn(value, value.utf8.count)
    case .array(let values):
      let array = json_array()
      for value in values { json_array_append_new(array, value.makeTree()) }
      return array
    case .object(let members):
      let object = json_object()
      for (key, value) in members { json_object_set_new(object, key, value.makeTree()) }
      return object
    }
  }

  /// Two values are equal when they have the same case and contents, keys in the same order.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }
}
