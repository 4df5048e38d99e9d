#if canImport(Glibc)
  import Glibc
#endif

/// Who may use the tune server: a request whose `Host` header names the server (against DNS
/// rebinding: a page of another site that resolves its name to 127.0.0.1 sends its own name),
/// carrying the session's random token as the query parameter `token` or the cookie
/// `layerfx_token`.
///
/// Source: the tune page contract (`Documentation/TunePage.md`, "Access"); the token is 128 bits
/// from `SystemRandomNumberGenerator` (getrandom(2) on Linux).
struct TuneAccess: Sendable {
  /// 32 lowercase hexadecimal digits.
  let token: String
  /// The `Host` values accepted: `127.0.0.1:PORT`, `localhost:PORT` and the bound address's.
  let hosts: Set<String>
  /// The port, as a `Host` header ends.
  let port: UInt16
  /// Whether any numeric address with the port is accepted too: a server bound to the wildcard
  /// address (`0.0.0.0`, `::`) answers on every address of the machine, and a numeric `Host`
  /// cannot be rebound by DNS.
  let acceptsNumericHosts: Bool

  /// The access of a server bound to `address` on `port`, with a new random token.
  init(address: String, port: UInt16) {
    self.port = port
    acceptsNumericHosts = address == "0.0.0.0" || address == "::"

    var generator = SystemRandomNumberGenerator()
    token = (0..<16).map { _ in
      let byte = UInt8.random(in: 0...255, using: &generator)
      return String(byte >> 4, radix: 16) + String(byte & 15, radix: 16)
    }.joined()
    // An IPv6 address is bracketed in a Host header (RFC 3986 §3.2.2).
    let named = address.contains(":") ? "[\(address)]" : address
    hosts = Set(["127.0.0.1", "localhost", named].map { "\($0):\(port)" })
  }

  /// The cookie the page's response sets, so the page's own requests carry the token.
  var cookie: String { "layerfx_token=\(token); Path=/; HttpOnly; SameSite=Strict" }

  /// The refusal of `request`, or `nil` when it may proceed: 403 for a foreign `Host`, then
  /// 401 without the token.
  func refusal(of request: TuneRequest) -> TuneResponse? {
    guard let host = request.host?.lowercased(),
      hosts.contains(host) || (acceptsNumericHosts && isNumeric(host))
    else {
      return .text(403, "forbidden: the Host header does not name this server")
    }
    guard [request.queryToken, request.cookieToken].contains(where: { matches($0) }) else {
      return .text(401, "unauthorized: open the address with its token that tune printed")
    }
    return nil
  }

  /// Whether `host` is `A.B.C.D:PORT` or `[IPv6]:PORT` (RFC 3986 §3.2.2) with this port.
  private func isNumeric(_ host: String) -> Bool {
    guard let colon = host.lastIndex(of: ":"), host[host.index(after: colon)...] == "\(port)"
    else { return false }
    let name = host[..<colon]
    var address = in6_addr()
    if name.hasPrefix("["), name.hasSuffix("]") {
      return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &address) == 1
    }
    return inet_pton(AF_INET, String(name), &address) == 1
  }

  /// Whether `given` is the token, compared in time independent of where they differ.
  private func matches(_ given: String?) -> Bool {
    guard let given else { return false }
    let (a, b) = (Array(given.utf8), Array(token.utf8))
    guard a.count == b.count else { return false }
    return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
