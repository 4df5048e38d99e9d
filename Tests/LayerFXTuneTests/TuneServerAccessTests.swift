import Foundation
import LayerFXComposition
import LayerFXTestSupport
import Testing

@testable import LayerFXTune

/// The server's address, token, `Host` check and loopback bind (Documentation/TunePage.md,
/// "Command" and "Access").
@Suite("Tune server access")
struct TuneServerAccessTests {
  @Test("the address is http://127.0.0.1:PORT/?token= and 32 lowercase hex digits")
  func address() throws {
    let fixture = try TuneServerFixture()
    let server = fixture.server
    #expect(server.port != 0)
    #expect(server.address == "http://127.0.0.1:\(server.port)/?token=\(server.token)")
    #expect(server.token.count == 32)
    #expect(server.token.allSatisfy { "0123456789abcdef".contains($0) })
    // 128 random bits: two servers never share a token.
    #expect(try TuneServerFixture().server.token != server.token)
  }

  @Test("GET / with the token answers 200 with the page and sets the token's cookie")
  func page() throws {
    let fixture = try TuneServerFixture()
    let token = fixture.server.token
    let response = try HTTPTestClient.request(port: fixture.server.port, "/?token=\(token)")
    #expect(response.status == 200)
    #expect(response.headers["content-type"]?.hasPrefix("text/html") == true)
    #expect(
      response.headers["set-cookie"] == "layerfx_token=\(token); Path=/; HttpOnly; SameSite=Strict")
    #expect(response.text.contains(#"<img id="preview""#))
    // Nothing from the network: the page may load only its own files.
    #expect(response.headers["content-security-policy"]?.hasPrefix("default-src 'none';") == true)
    // The page's own requests carry the cookie instead.
    for path in ["/tune.js", "/tune.css", "/api/state"] {
      #expect(try fixture.request(path).status == 200, "\(path)")
    }
  }

  @Test("without the token, or with another, every path answers 401")
  func noToken() throws {
    let fixture = try TuneServerFixture()
    let port = fixture.server.port
    for path in ["/", "/tune.js", "/api/state", "/api/events", "/nothing"] {
      let response = try HTTPTestClient.request(port: port, path)
      #expect(response.status == 401, "\(path)")
      #expect(response.headers["content-type"]?.hasPrefix("text/plain") == true)
    }
    let wrong = String(repeating: "0", count: 32)
    #expect(try HTTPTestClient.request(port: port, "/?token=\(wrong)").status == 401)
    #expect(
      try HTTPTestClient.request(port: port, "/", cookie: "layerfx_token=\(wrong)").status == 401)
    let render = try HTTPTestClient.request(
      port: port, "/api/save", method: "POST", body: Data(TuneServerFixture.ripple.utf8))
    #expect(render.status == 401)
  }

  @Test("a Host header that names another server answers 403, even with the token")
  func foreignHost() throws {
    let fixture = try TuneServerFixture()
    let port = fixture.server.port
    let token = fixture.server.token
    for host in [
      "evil.example:\(port)", "127.0.0.1:\(port + 1)", "127.0.0.1", "localhost.evil:\(port)",
    ] {
      let response = try HTTPTestClient.request(port: port, "/?token=\(token)", host: host)
      #expect(response.status == 403, "\(host)")
    }
    #expect(
      try HTTPTestClient.request(port: port, "/?token=\(token)", host: "localhost:\(port)").status
        == 200)
  }

  @Test("the server listens on 127.0.0.1 only, as the kernel's socket table says")
  func loopbackOnly() throws {
    let fixture = try TuneServerFixture()
    // /proc/net/tcp: "sl local_address rem_address st …", addresses as little-endian hex
    // IPv4:port; state 0A is LISTEN (proc(5)). 127.0.0.1 is 0100007F.
    let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
    let port = String(format: "%04X", fixture.server.port)
    let rows = table.split(separator: "\n").dropFirst().map { $0.split(separator: " ") }
    let listening = rows.filter { row in
      row.count > 3 && row[1].hasSuffix(":" + port) && row[3] == "0A"
    }.map { String($0[1]) }
    #expect(listening == ["0100007F:" + port])
    let table6 = (try? String(contentsOfFile: "/proc/net/tcp6", encoding: .utf8)) ?? ""
    #expect(!table6.contains(":" + port + " 00000000000000000000000000000000:0000 0A"))
  }

  @Test("bound to the wildcard address, any numeric Host with the port is accepted, no name")
  func wildcardHosts() {
    /// The request for `/` with the token, naming `host`.
    func request(_ host: String, _ access: TuneAccess) -> TuneRequest {
      TuneRequest(
        method: "GET", path: "/", host: host, queryToken: access.token, cookieToken: nil,
        body: Data())
    }
    let wildcard = TuneAccess(address: "0.0.0.0", port: 8080)
    for host in ["192.0.2.2:8080", "[2001:db8::1]:8080", "0.0.0.0:8080", "localhost:8080"] {
      #expect(wildcard.refusal(of: request(host, wildcard)) == nil, "\(host)")
    }
    for host in ["evil.example:8080", "192.0.2.2:8081", "192.0.2.2", "[192.0.2.2]:8080"] {
      #expect(wildcard.refusal(of: request(host, wildcard))?.status == 403, "\(host)")
    }
    let loopback = TuneAccess(address: "127.0.0.1", port: 8080)
    #expect(loopback.refusal(of: request("192.0.2.2:8080", loopback))?.status == 403)
  }

  @Test("loopback addresses are 127.0.0.0/8 and ::1 (RFC 1122 §3.2.1.3, RFC 4291 §2.5.3)")
  func loopback() {
    for host in ["127.0.0.1", "127.1.2.3", "::1"] {
      #expect(TuneServer.isLoopback(host), "\(host)")
    }
    for host in ["0.0.0.0", "192.168.1.2", "::", "128.0.0.1"] {
      #expect(!TuneServer.isLoopback(host), "\(host)")
    }
  }

  @Test("an address that is not numeric is refused before anything listens")
  func notNumeric() {
    #expect(throws: TuneServerError.invalidAddress("localhost")) {
      _ = try TuneServer(
        configPath: "tune.json", host: "localhost", limits: RenderJob.Limits(pixelLimit: 1),
        resolver: { _ in TuneServerFixture.resolve })
    }
  }
}
