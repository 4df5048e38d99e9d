import Foundation

/// One HTTP response of the tune server: a status, headers, and a body, or a stream of chunks
/// (server-sent events).
struct TuneResponse: Sendable {
  /// The HTTP status code.
  var status: Int
  /// Headers besides the length (`Content-Type` first).
  var headers: [(name: String, value: String)]
  /// The body; empty for a stream.
  var body: [UInt8]
  /// For a stream: called for each next chunk, blocking until there is one; `nil` ends it.
  var stream: (@Sendable () -> [UInt8]?)?

  /// A body of `contentType`.
  init(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
    self.status = status
    self.headers = [("Content-Type", contentType)] + headers.map { (name: $0.0, value: $0.1) }
    self.body = body
  }

  /// One line of plain text (401, 403, 404, 405, 413).
  static func text(_ status: Int, _ line: String) -> TuneResponse {
    TuneResponse(
      status: status, contentType: "text/plain; charset=utf-8", body: Array((line + "\n").utf8))
  }

  /// A JSON document; `object` holds only what `JSONSerialization` writes (finite numbers).
  static func json(_ status: Int, _ object: [String: Any]) -> TuneResponse {
    let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8)
    return TuneResponse(
      status: status, contentType: "application/json; charset=utf-8", body: Array(data))
  }

  /// A JSON document of `object`'s members and `key`, whose value is `raw`, a JSON text
  /// embedded as it is (the config file, so the page sees its keys in the file's order).
  ///
  /// - Parameters:
  ///   - status: The HTTP status.
  ///   - object: The other members (finite numbers only).
  ///   - key: The embedded member's key.
  ///   - raw: Valid JSON text (a UTF-8 byte order mark at its start is dropped).
  /// - Returns: The answer, `application/json`.
  static func json(_ status: Int, _ object: [String: Any], embedding key: String, raw: Data)
    -> TuneResponse
  {
    var response = json(status, object)
    let rest = response.body.dropFirst()  // after "{"
    let value = raw.starts(with: [0xEF, 0xBB, 0xBF]) ? raw.dropFirst(3) : raw[...]
    response.body =
      Array("{\"\(key)\": ".utf8) + Array(value) + (rest.first == UInt8(ascii: "}") ? [] : [0x2C])
      + rest
    return response
  }

  /// The API's error document: `{"error": "ONE LINE", "path": …, "line": …}`.
  static func error(_ status: Int, _ message: String, path: String? = nil, line: Int? = nil)
    -> TuneResponse
  {
    var object: [String: Any] = ["error": message.split(separator: "\n").joined(separator: " ")]
    if let path, !path.isEmpty { object["path"] = path }
    if let line { object["line"] = line }
    return json(status, object)
  }

  /// A `text/event-stream` whose chunks `next` gives.
  static func eventStream(_ next: @escaping @Sendable () -> [UInt8]?) -> TuneResponse {
    var response = TuneResponse(status: 200, contentType: "text/event-stream", body: [])
    response.headers.append(("Cache-Control", "no-store"))
    response.stream = next
    return response
  }
}
