import Foundation
import LayerFXTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A headless chromium with one page, driven over the Chrome DevTools Protocol on a pipe.
///
/// `chromium --headless=new --remote-debugging-pipe` reads the protocol's JSON commands from its
/// descriptor 3 and writes replies and events to its descriptor 4, each message ending with a
/// NUL byte (Chromium's `--remote-debugging-pipe` switch; the protocol:
/// https://chromedevtools.github.io/devtools-protocol/). The browser gets a private profile in
/// a temporary folder, removed with it; ``quit()``, or releasing the instance, ends it (the
/// child's whole process group), and if the test process itself dies the pipe closes and
/// chromium quits on its own.
final class HeadlessChromium {
  /// The first `chromium` on `PATH` (Debian's package installs `/usr/bin/chromium`), or nil.
  static let executable: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/chromium" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  /// A failed command, or a page script that threw.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private let process: ChildProcess
  private let profile: TemporaryDirectory
  private let commands: Int32
  private let replies: DelimitedReader
  private var lastID = 0
  private var session = ""
  /// Seconds to wait for any one reply: a bound against a hang, not a claim about speed.
  private let replyLimit = 120.0

  /// Starts chromium, opens an empty page and sets its viewport to `width` × `height` CSS
  /// pixels at device scale 1.
  init(width: Int, height: Int) throws {
    guard let executable = Self.executable else { throw Failure(description: "no chromium") }
    profile = try TemporaryDirectory()
    // Commands go through a socket pair, not a pipe, so that a write after chromium died
    // fails with EPIPE (MSG_NOSIGNAL) instead of killing the test process with SIGPIPE.
    var toBrowser: [Int32] = [-1, -1]
    let socketType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, socketType, 0, &toBrowser) == 0 else { throw POSIXError(.EMFILE) }
    commands = toBrowser[1]
    defer { Glibc.close(toBrowser[0]) }
    let fromBrowser: (read: Int32, write: Int32)
    do {
      fromBrowser = try ChildProcess.pipe()
    } catch {
      Glibc.close(commands)
      throw error
    }
    replies = DelimitedReader(descriptor: fromBrowser.read, delimiter: 0)
    defer { Glibc.close(fromBrowser.write) }
    do {
      // --no-sandbox: tests run as root in CI, where chromium refuses its sandbox; the page is
      // the test's own, on loopback.
      process = try ChildProcess(
        executable: executable,
        arguments: [
          "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--no-first-run",
          "--user-data-dir=\(profile.path("profile"))", "--hide-scrollbars", "--mute-audio",
          "--window-size=\(width),\(height)", "about:blank",
        ],
        descriptors: [3: toBrowser[0], 4: fromBrowser.write],
        standardErrorPath: profile.path("chromium.log"))
    } catch {
      Glibc.close(commands)
      throw error
    }
    let target = try browserCommand("Target.createTarget", ["url": "about:blank"])
    let attached = try browserCommand(
      "Target.attachToTarget", ["targetId": target["targetId"] ?? "", "flatten": true])
    session = attached["sessionId"] as? String ?? ""
    try command(
      "Emulation.setDeviceMetricsOverride",
      ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
  }

  deinit { quit() }

  /// Ends the browser (its whole process group) and removes its profile; safe to call twice.
  func quit() {
    guard !isClosed else { return }
    isClosed = true
    Glibc.close(commands)
    process.stop(within: 5)
    profile.remove()
  }
  private var isClosed = false

  /// Sends `method` with `params` to the page and returns the reply's `result`.
  ///
  /// - Throws: ``Failure`` with the protocol's message when the command fails;
  ///   `DelimitedReader.Failure` when no reply comes.
  @discardableResult
  func command(_ method: String, _ params: [String: Any] = [:]) throws -> [String: Any] {
    try send(method, params, session: session)
  }

  /// Runs `expression` in the page (awaiting it when it is a promise) and returns its value as
  /// JSON gives it (numbers as `Double` or `Int`, objects as dictionaries).
  ///
  /// - Throws: ``Failure`` with the exception's text when the script throws.
  @discardableResult
  func evaluate(_ expression: String) throws -> Any? {
    let result = try command(
      "Runtime.evaluate",
      ["expression": expression, "awaitPromise": true, "returnByValue": true])
    if let exception = result["exceptionDetails"] as? [String: Any] {
      let thrown = (exception["exception"] as? [String: Any])?["description"] as? String
      throw Failure(
        description: "\(expression): \(thrown ?? exception["text"] as? String ?? "threw")")
    }
    return (result["result"] as? [String: Any])?["value"]
  }

  /// Polls `expression` every 20 ms until it is `true`; waits at most `seconds` (a bound
  /// against a hang: a loaded machine may be slow to start a server or render).
  ///
  /// - Throws: ``Failure`` naming the expression when the time runs out.
  func wait(until expression: String, atMost seconds: Double = 120) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while try evaluate(expression) as? Bool != true {
      guard Date() < deadline else {
        throw Failure(description: "still false after \(seconds) s: \(expression)")
      }
      usleep(20_000)
    }
  }

  /// Loads `url` and waits until the document has loaded.
  func navigate(to url: String) throws {
    try command("Page.navigate", ["url": url])
    try wait(until: "document.readyState === 'complete'")
  }

  /// Clicks the left mouse button at (`x`, `y`), in CSS pixels of the viewport, as a user
  /// does: a move there, a press and a release.
  func click(x: Double, y: Double) throws {
    for type in ["mouseMoved", "mousePressed", "mouseReleased"] {
      try command(
        "Input.dispatchMouseEvent",
        [
          "type": type, "x": x, "y": y, "button": type == "mouseMoved" ? "none" : "left",
          "clickCount": type == "mouseMoved" ? 0 : 1,
        ])
    }
  }

  /// A PNG of the viewport.
  func screenshot() throws -> Data {
    let result = try command("Page.captureScreenshot", ["format": "png"])
    guard let data = (result["data"] as? String).flatMap({ Data(base64Encoded: $0) }) else {
      throw Failure(description: "Page.captureScreenshot gave no image")
    }
    return data
  }

  private func browserCommand(_ method: String, _ params: [String: Any]) throws -> [String: Any] {
    try send(method, params, session: nil)
  }

  /// Writes one command and reads until its reply, dropping the events in between.
  private func send(_ method: String, _ params: [String: Any], session: String?) throws
    -> [String: Any]
  {
    lastID += 1
    var message: [String: Any] = ["id": lastID, "method": method, "params": params]
    if let session { message["sessionId"] = session }
    let bytes = Array(try JSONSerialization.data(withJSONObject: message)) + [0]
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes {
        Glibc.send(commands, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw Failure(description: "\(method): chromium closed its pipe") }
      written += count
    }
    while true {
      let reply = try replies.next(within: replyLimit)
      guard let object = try JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any],
        object["id"] as? Int == lastID
      else { continue }
      if let error = object["error"] as? [String: Any] {
        throw Failure(description: "\(method): \(error["message"] as? String ?? "failed")")
      }
      return object["result"] as? [String: Any] ?? [:]
    }
  }
}
