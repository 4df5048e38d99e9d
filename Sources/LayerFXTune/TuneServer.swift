import Foundation
import LayerFX
import LayerFXComposition
import LayerFXFiles

#if canImport(Glibc)
  import Glibc
#endif

/// `layerfx tune CONFIG.json --serve`: an HTTP server on the loopback interface that serves the
/// tune page and its API over one config file: its state, previews rendered by the render job,
/// atomic saves, and an event each time the file changes on disk.
///
/// Every request is checked first: its `Host` header must name the server (403 otherwise),
/// then it must carry the token (query `token` or cookie `layerfx_token`; 401 otherwise).
///
/// Source: the tune page contract (`Documentation/TunePage.md`) and issue 28.
public final class TuneServer: @unchecked Sendable {
  /// The address bound.
  public let host: String
  private let access: TuneAccess
  private let file: TuneConfigFile
  private let renderer: TuneRenderer
  private let page: TunePage
  private var http: TuneHTTPServer?

  /// The port listened on.
  public let port: UInt16

  /// The session's token: 32 lowercase hexadecimal digits from the system's random generator.
  public var token: String { access.token }

  /// The page's address with its token, `http://HOST:PORT/?token=TOKEN`.
  public var address: String {
    let named = host.contains(":") ? "[\(host)]" : host
    return "http://\(named):\(port)/?token=\(token)"
  }

  /// Starts serving `configPath` on `host`:`port`.
  ///
  /// - Parameters:
  ///   - configPath: The config file (`layerfx config dump` writes one); read at each request,
  ///     watched every 100 ms, and written by a save.
  ///   - host: A numeric address; `127.0.0.1` by default. Another than a loopback address
  ///     (``isLoopback(_:)``) lets other machines reach the page, with the token.
  ///   - port: The port; 0 (the default) for any free one.
  ///   - limits: The limits and renderer of every preview.
  ///   - resolver: Finds each `kernel` and `fill` of a document, given the document's bytes
  ///     (its `debug.shaderTimeout` may limit a `.metal` shader).
  /// - Throws: ``TuneServerError`` when the address is not numeric or cannot be bound, or the
  ///   page's files are missing.
  public init(
    configPath: String, host: String = "127.0.0.1", port: UInt16 = 0,
    limits: RenderJob.Limits,
    resolver: @escaping @Sendable (Data) -> DebugConfig.Resolver
  ) throws(TuneServerError) {
    self.host = host
    page = try TunePage()
    file = TuneConfigFile(path: configPath)
    renderer = TuneRenderer(configPath: configPath, resolver: resolver, limits: limits)
    // The handler reaches the server through this box, filled once the port is known.
    let box = HandlerBox()
    let http = try TuneHTTPServer(address: host, port: port) {
      box.server?.answer($0) ?? .text(503, "starting")
    }
    self.http = http
    self.port = http.port
    access = TuneAccess(address: host, port: http.port)
    box.server = self
  }

  /// Stops listening, ends the event streams, and waits for the connections to end.
  public func stop() {
    file.stop()
    http?.stop()
    http = nil
  }

  /// The page's policy: its own script, style, requests and `blob:` images, nothing else.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
    + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  /// Whether `host` is a loopback address (`127.0.0.0/8`, `::1`).
  public static func isLoopback(_ host: String) -> Bool {
    host.hasPrefix("127.") || host == "::1" || host == "0:0:0:0:0:0:0:1"
  }

  /// Serves until SIGINT or SIGTERM arrives, then returns within about a second.
  ///
  /// The connections get a second (`stopGrace`) to end; a render still running after that (a
  /// shader that has not returned, up to its time limit) is left to the process's exit, which
  /// its shader worker does not outlive. Call it before any other thread starts: the signals
  /// are blocked for every thread created after, and awaited here.
  ///
  /// - Parameters:
  ///   - configPath: The config file.
  ///   - host: A numeric address (`127.0.0.1`).
  ///   - port: The port, 0 for any free one.
  ///   - limits: The limits and renderer of every preview.
  ///   - resolver: Finds each `kernel` and `fill` of a document, given its bytes.
  ///   - announce: Receives the page's address, once.
  /// - Throws: As ``init(configPath:host:port:limits:resolver:)``.
  public static func serveUntilInterrupted(
    configPath: String, host: String, port: UInt16, limits: RenderJob.Limits,
    resolver: @escaping @Sendable (Data) -> DebugConfig.Resolver,
    announce: (String) -> Void
  ) throws(TuneServerError) {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    let server = try TuneServer(
      configPath: configPath, host: host, port: port, limits: limits, resolver: resolver)
    announce(server.address)
    var received: Int32 = 0
    sigwait(&signals, &received)
    // Stopping the daemon waits for every connection, a render's too: it runs on a thread of
    // its own, which keeps the server alive if the process exits first.
    let stopped = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      server.stop()
      stopped.signal()
    }
    _ = stopped.wait(timeout: .now() + stopGrace)
  }

  /// How long a signal waits for the connections to end, seconds.
  static let stopGrace = 1.0

  /// The answer to `request`: refused, or routed.
  fileprivate func answer(_ request: TuneRequest) -> TuneResponse {
    if let refusal = access.refusal(of: request) { return refusal }
    switch (request.method, request.path) {
    case ("GET", "/"):
      var response = staticFile("/")
      response.headers.append(("Set-Cookie", access.cookie))
      // The page loads its own files only, and nothing may frame it.
      response.headers.append(("Content-Security-Policy", Self.contentSecurityPolicy))
      return response
    case ("GET", "/tune.js"), ("GET", "/tune.css"): return staticFile(request.path)
    case ("GET", "/api/state"): return state()
    case ("POST", "/api/render"): return render(request.body)
    case ("POST", "/api/save"): return save(request.body)
    case ("GET", "/api/events"): return events()
    case (_, "/"), (_, "/tune.js"), (_, "/tune.css"), (_, "/api/state"), (_, "/api/render"),
      (_, "/api/save"), (_, "/api/events"):
      return .text(405, "method not allowed: \(request.method) \(request.path)")
    default: return .text(404, "not found: \(request.path)")
    }
  }

  private func staticFile(_ path: String) -> TuneResponse {
    guard let file = page.files[path] else { return .text(404, "not found: \(path)") }
    return TuneResponse(
      status: 200, contentType: file.contentType, body: file.bytes,
      headers: [("Cache-Control", "no-store")])
  }

  /// `GET /api/state`: 200 with the state, or the config file's error (400, 422).
  private func state() -> TuneResponse {
    do {
      return try renderer.exclusively { () throws -> TuneResponse in
        let version = file.currentVersion
        let document = try ConfigFile.read(file.path)
        let config = try renderer.decode(document)
        let input = try renderer.input(of: config)
        let state = TuneState.json(
          version: version, config: config, sizeInPoints: input.image.sizeInPoints)
        return .json(200, state, embedding: "config", raw: document)
      }
    } catch {
      return TuneFailure(error).response
    }
  }

  /// `POST /api/render`: the newest request's preview; 409 for one superseded.
  private func render(_ body: Data) -> TuneResponse {
    do {
      let request = try TuneRenderRequest(body)
      let ticket = renderer.takeTicket()
      return try renderer.render(request, ticket: ticket).response
    } catch {
      return TuneFailure(error).response
    }
  }

  /// `POST /api/save`: checks the document as a render would (decoded, its `output.path` inside
  /// the config's folder, its input loaded, its schedule and padded sizes checked at every
  /// frame the page plays and at `output.time`, as `config check` does), then writes it
  /// atomically; 400 and the file untouched when invalid.
  private func save(_ body: Data) -> TuneResponse {
    do {
      let request = try TuneRenderRequest(body, keys: [])
      let version = try renderer.exclusively { () throws -> Int in
        let config = try renderer.decode(request.config)
        if let output = config.output.path {
          try DebugConfig.checkOutputInsideFolder(output, configFile: file.path)
        }
        let image = try renderer.input(of: config).image
        try config.checkSchedule(
          file: file.path, image: image,
          times: TuneState.checkedTimes(of: config, sizeInPoints: image.sizeInPoints),
          pixelLimit: renderer.limits.pixelLimit)
        return try file.save(Array(request.config))
      }
      return .json(200, ["version": version])
    } catch let error as AtomicFileError {
      return .error(500, "\(error)")
    } catch {
      // Whatever would fail a render makes the document invalid to save.
      var failure = TuneFailure(error)
      failure.status = 400
      return failure.response
    }
  }

  /// `GET /api/events`: `event: config` with the version each time the file changes; a
  /// comment every 15 s keeps the stream open (and finds a closed one).
  private func events() -> TuneResponse {
    let file = self.file
    let seen = SeenVersion(file.currentVersion)
    return .eventStream {
      // A first chunk at once, so the browser's EventSource opens.
      if seen.isFirst {
        seen.isFirst = false
        return Array(": connected\n\n".utf8)
      }
      guard let version = file.wait(after: seen.value, timeout: 15) else { return nil }
      guard version != seen.value else { return Array(": keepalive\n\n".utf8) }
      seen.value = version
      return Array("event: config\ndata: {\"version\": \(version)}\n\n".utf8)
    }
  }
}

/// The server an HTTP handler answers through, set once the port is known (the handler
/// answers 503 until then); a lock guards it, since connection threads read it.
private final class HandlerBox: @unchecked Sendable {
  private let lock = NSLock()
  private weak var stored: TuneServer?

  var server: TuneServer? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

/// The last version an event stream sent.
private final class SeenVersion: @unchecked Sendable {
  var value: Int
  var isFirst = true
  init(_ value: Int) { self.value = value }
}
