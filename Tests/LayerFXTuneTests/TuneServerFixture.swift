import Foundation
import LayerFX
import LayerFXComposition
import LayerFXKernels
import LayerFXMetal
import LayerFXTestSupport

@testable import LayerFXTune

/// A tune server started in this process on port 0 over a config file in a new temporary
/// folder; `.metal` kernels compile with the .metal runner, the others are the built-ins.
final class TuneServerFixture {
  let folder: TemporaryDirectory
  let configPath: String
  let server: TuneServer

  /// A ripple over a 64 × 36 test card, amplitude 20.
  static let ripple =
    #"{"version": 1, "input": "testcard:64x36", "effects": [{"kernel": "ripple", "amplitude": 20}]}"#

  init(config: String = ripple) throws {
    folder = try TemporaryDirectory()
    configPath = folder.path("tune.json")
    try Data(config.utf8).write(to: URL(fileURLWithPath: configPath))
    server = try TuneServer(
      configPath: configPath, port: 0, limits: RenderJob.Limits(pixelLimit: 1 << 24),
      resolver: { _ in Self.resolve })
  }

  deinit { server.stop() }

  /// A built-in kernel by name, or `FILE.metal:FUNCTION` compiled.
  static let resolve: DebugConfig.Resolver = { text in
    guard let colon = text.range(of: ".metal:") else {
      return try ShaderLibrary.default.function(named: text)
    }
    let path = String(text[..<colon.lowerBound]) + ".metal"
    return try MetalLibrary(paths: [path]).library.function(
      named: String(text[colon.upperBound...]))
  }

  /// The cookie that carries the token.
  var cookie: String { "layerfx_token=\(server.token)" }

  /// Sends a request with the token's cookie.
  func request(_ path: String, method: String = "GET", json: String? = nil) throws
    -> HTTPTestClient.Response
  {
    try HTTPTestClient.request(
      port: server.port, path, method: method, cookie: cookie, body: json.map { Data($0.utf8) })
  }

  /// `POST /api/render` of `config` (a JSON object's text) with the request's other keys.
  func render(_ config: String, _ more: String = "") throws -> HTTPTestClient.Response {
    try request("/api/render", method: "POST", json: #"{"config": \#(config)\#(more)}"#)
  }
}
