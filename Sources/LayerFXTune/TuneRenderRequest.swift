import CJansson
import Foundation
import LayerFXComposition

/// The body of `POST /api/render` and `POST /api/save`:
/// `{"config": {…}, "time": 0.5, "width": 640, "overlays": ["origins"]}`.
///
/// Only the request's own keys are checked here; the config document goes to the config
/// decoder (`LayerFXComposition.DebugConfig.init(data:file:directory:resolve:)`), which names
/// the key of any problem in it.
struct TuneRenderRequest {
  /// The widest preview rendered, pixels (a 4K frame).
  static let widthRange = 1...4096

  /// The config document as Jansson writes it: its keys in the order sent, two-space
  /// indentation, a newline at the end (the form `layerfx config dump` writes).
  var config: Data
  /// The frame's time, seconds ≥ 0.
  var time: Double
  /// The preview's width, pixels; `nil` for the input's own.
  var width: Int?
  /// The overlays drawn.
  var overlays: DebugOverlays

  /// Reads a request body; `keys` are the keys it may have besides `config`.
  ///
  /// - Throws: ``TuneRequestError`` for bad JSON (with Jansson's line and column; a repeated
  ///   key, in the config or around it, is bad JSON), an unknown key, a number beyond `Double`
  ///   or one `Double` rounds to 0 outside the config, or a value of the wrong type or out of
  ///   range.
  init(_ body: Data, keys: Set<String> = ["time", "width", "overlays"]) throws(TuneRequestError) {
    if let problem = JSONSyntaxError.syntaxProblem(in: body) {
      throw TuneRequestError(path: "", reason: "invalid JSON: \(problem)")
    }
    // A number LayerFX cannot hold (1e400, 1e-400), which Foundation refuses or reads as 0, is
    // masked; one of the request's own keys is named here, one in the config goes back into
    // `config` as written, for the config decoder to name as `layerfx config check` does.
    let masked = JSONNumberOutOfRange.Masked(body)
    let parsed = try? JSONSerialization.jsonObject(with: masked?.data ?? body)
    guard let object = parsed as? [String: Any] else {
      throw TuneRequestError(path: "", reason: "the body is not a JSON object")
    }
    if let unknown = object.keys.sorted().first(where: { $0 != "config" && !keys.contains($0) }) {
      throw TuneRequestError(path: String(unknown.prefix(60)), reason: "unknown key")
    }
    if let number = masked?.numbers.first(where: { $0.topLevelKey != "config" }) {
      throw TuneRequestError(path: number.path, reason: number.reason)
    }
    guard object["config"] is [String: Any],
      let data = Self.member("config", of: masked?.data ?? body)
    else {
      throw TuneRequestError(path: "config", reason: "expected a config document (an object)")
    }
    config = masked.map { Data($0.restoring(String(decoding: data, as: UTF8.self)).utf8) } ?? data
    time =
      try Self.number(
        object["time"], "time", in: 0...Double.greatestFiniteMagnitude,
        expected: "a number of seconds ≥ 0") ?? 0
    let widths = Double(Self.widthRange.lowerBound)...Double(Self.widthRange.upperBound)
    width = try Self.number(
      object["width"], "width", in: widths, integer: true,
      expected: "an integer from \(Self.widthRange.lowerBound) to \(Self.widthRange.upperBound)"
    ).map { Int($0) }
    overlays = []
    guard let list = object["overlays"] else { return }
    guard let names = list as? [Any] else {
      throw TuneRequestError(path: "overlays", reason: "expected an array of overlay names")
    }
    for (index, name) in names.enumerated() {
      guard let name = name as? String, let overlay = DebugOverlays(parsing: name) else {
        let known = DebugOverlays.named.map(\.name).joined(separator: ", ")
        throw TuneRequestError(path: "overlays[\(index)]", reason: "expected one of \(known)")
      }
      overlays.insert(overlay)
    }
  }

  /// A number of the request in `range` (a whole one when `integer`), `nil` when absent.
  private static func number(
    _ value: Any?, _ key: String, in range: ClosedRange<Double>, integer: Bool = false,
    expected: String
  ) throws(TuneRequestError) -> Double? {
    guard let value else { return nil }
    // JSONSerialization gives `true` and `false` as NSNumbers of type "c" (char), numbers as
    // "i", "q" or "d"; on Linux `0 is Bool` holds, so the type is what tells them apart.
    guard let number = value as? NSNumber, String(cString: number.objCType) != "c",
      number.doubleValue.isFinite,
      range.contains(number.doubleValue),
      !integer || number.doubleValue.rounded() == number.doubleValue
    else { throw TuneRequestError(path: key, reason: "expected \(expected)") }
    return number.doubleValue
  }

  /// The member `key` of the JSON object `body`, written again by Jansson in the order its keys
  /// came (Jansson 2.14 documentation, "Encoding": `JSON_PRESERVE_ORDER`); `nil` when `body`
  /// is not an object without duplicate keys, or has no such member.
  private static func member(_ key: String, of body: Data) -> Data? {
    var error = json_error_t()
    let root = body.withUnsafeBytes { bytes in
      json_loadb(
        bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count,
        Int(JSON_REJECT_DUPLICATES), &error)
    }
    guard let root else { return nil }
    defer { json_decref(root) }
    guard let member = json_object_get(root, key),
      let text = json_dumps(member, CJANSSON_DUMP_FLAGS)
    else { return nil }
    defer { free(text) }
    return Data(String(cString: text).utf8) + Data("\n".utf8)
  }
}
