import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal HTTP/1.1 client over a TCP socket, for tests of the tune server.
///
/// A raw socket sends any `Host` header, which URLSession may replace. One request with
/// `Connection: close`; the answer is read until the server closes, then split at the first
/// blank line into the status line, headers and body (RFC 9112 §2.1). Every read has a 30 s
/// receive timeout, so a server that never answers fails the test instead of hanging it.
public enum HTTPTestClient {
  /// An answer.
  public struct Response {
    /// The status code.
    public var status: Int
    /// The headers, names in lowercase.
    public var headers: [String: String]
    /// The body as sent (a stream's chunked framing left in).
    public var body: Data
    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
    /// The body as a JSON object, or an empty one.
    public var json: [String: Any] {
      (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }
  }

  /// An error of the client itself (not an HTTP status).
  public struct Failure: Error, CustomStringConvertible {
    /// What failed, with the system's reason.
    public let description: String
  }

  /// Sends one request to `address`:`port` and reads the whole answer.
  ///
  /// - Parameters:
  ///   - port: The server's port.
  ///   - path: The request target, with its query.
  ///   - method: `GET` or `POST`.
  ///   - host: The `Host` header; `127.0.0.1:PORT` by default.
  ///   - cookie: The `Cookie` header, if any.
  ///   - body: The body (sent with its `Content-Length`), if any.
  ///   - address: The server's IPv4 address.
  /// - Returns: The answer.
  /// - Throws: ``Failure`` when the connection or a read fails, or the answer is not HTTP.
  public static func request(
    port: UInt16, _ path: String, method: String = "GET", host: String? = nil,
    cookie: String? = nil, body: Data? = nil, address: String = "127.0.0.1"
  ) throws -> Response {
    let socket = try connect(address: address, port: port)
    defer { close(socket) }
    try send(
      head(method, path, port: port, host: host, cookie: cookie, bodyCount: body?.count)
        + Array(body ?? Data()), on: socket)
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count < 0 { throw Failure(description: "recv: \(String(cString: strerror(errno)))") }
      if count == 0 { break }
      received += buffer[0..<count]
    }
    return try parse(received)
  }

  /// Opens `path` and reads until `marker` arrives (a server-sent event).
  ///
  /// - Parameters:
  ///   - port: The server's port on 127.0.0.1.
  ///   - path: The request target.
  ///   - cookie: The `Cookie` header.
  ///   - marker: The text to wait for.
  ///   - onOpen: Runs once the answer's first bytes are in.
  /// - Returns: Everything read, as text.
  /// - Throws: ``Failure`` when the stream ends first; what `onOpen` throws.
  public static func read(
    port: UInt16, _ path: String, cookie: String, until marker: String,
    onOpen: () throws -> Void
  ) throws -> String {
    let socket = try connect(address: "127.0.0.1", port: port)
    defer { close(socket) }
    try send(head("GET", path, port: port, host: nil, cookie: cookie, bodyCount: nil), on: socket)
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    var opened = false
    while !String(decoding: received, as: UTF8.self).contains(marker) {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 {
        throw Failure(
          description:
            "the stream ended before \(marker): \(String(decoding: received, as: UTF8.self))")
      }
      received += buffer[0..<count]
      if !opened {
        opened = true
        try onOpen()
      }
    }
    return String(decoding: received, as: UTF8.self)
  }

  private static func head(
    _ method: String, _ path: String, port: UInt16, host: String?, cookie: String?,
    bodyCount: Int?
  ) -> [UInt8] {
    var lines = [
      "\(method) \(path) HTTP/1.1", "Host: \(host ?? "127.0.0.1:\(port)")", "Connection: close",
    ]
    if let cookie { lines.append("Cookie: \(cookie)") }
    if let bodyCount {
      lines += ["Content-Type: application/json", "Content-Length: \(bodyCount)"]
    }
    return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
  }

  private static func connect(address: String, port: UInt16) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw Failure(description: "socket failed") }
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var target = sockaddr_in()
    target.sin_family = sa_family_t(AF_INET)
    target.sin_port = port.bigEndian
    inet_pton(AF_INET, address, &target.sin_addr)
    let result = withUnsafePointer(to: &target) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(socket)
      throw Failure(description: "connect \(address):\(port): \(String(cString: strerror(errno)))")
    }
    return socket
  }

  private static func send(_ bytes: [UInt8], on socket: Int32) throws {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { throw Failure(description: "send failed") }
      sent += count
    }
  }

  private static func parse(_ bytes: [UInt8]) throws -> Response {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard
      let end = (0..<max(0, bytes.count - 3)).first(where: {
        Array(bytes[$0..<$0 + 4]) == separator
      })
    else { throw Failure(description: "no header end in \(bytes.count) bytes") }
    let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let statusWords = lines[0].split(separator: " ")
    guard statusWords.count >= 2, let status = Int(statusWords[1]) else {
      throw Failure(description: "bad status line: \(lines[0])")
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return Response(status: status, headers: headers, body: Data(bytes[(end + 4)...]))
  }
}
