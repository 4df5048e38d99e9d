import Foundation
import LayerFXTestSupport
import Testing

/// `layerfx tune CONFIG.json --serve` as a child process: the first line on standard output,
/// the page at that address, and SIGINT or SIGTERM ending it with exit 0 (Documentation/TunePage.md,
/// "Command").
@Suite("Tune --serve")
struct TuneServeTests {
  /// The first line `pipe` carries, with its newline (what it has when it closes early).
  static func firstLine(of pipe: Pipe) -> String {
    var bytes = Data()
    while !bytes.contains(0x0A) {
      let more = pipe.fileHandleForReading.availableData
      if more.isEmpty { break }
      bytes += more
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("SIGINT ends the server at once while a render is stuck in a shader")
  func interruptDuringRender() throws {
    let folder = try TemporaryDirectory()
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 spin(float2 position, half4 color, float n) {
        while (n > 0) { n = n + 1; }
        return color * half(n);
      }
      """
    try Data(source.utf8).write(to: URL(fileURLWithPath: folder.path("spin.metal")))
    let document =
      #"{"version": 1, "input": "testcard:64x36", "effects": [{"kernel": "spin.metal:spin", "n": 1}]}"#
    try Data(document.utf8).write(to: URL(fileURLWithPath: folder.path("tune.json")))
    let process = Process()
    process.executableURL = LayerFXTool.executable
    process.arguments = [
      "tune", folder.path("tune.json"), "--serve", "--port", "0", "--shader-timeout", "60",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let line = Self.firstLine(of: output)
    let match = try #require(
      line.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{32})\n/))
    let port = try #require(UInt16(match.1))
    // The render runs until its 60 s limit (a regression fails, not hangs); it is sent on a thread
    // of its own.
    let body = Data(#"{"config": \#(document), "time": 0}"#.utf8)
    let token = String(match.2)
    Thread.detachNewThread {
      _ = try? HTTPTestClient.request(
        port: port, "/api/render?token=\(token)", method: "POST", body: body)
    }
    // The worker runs the shader once the library is compiled (the first render compiles it).
    let started = Date()
    while Date().timeIntervalSince(started) < 120 {
      let workers = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      let spinning = workers.contains { pid in
        guard Int32(pid) != nil,
          let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        else { return false }
        return status.contains("(layerfx-shader-") && status.contains(" R ")
          && status.contains(" \(process.processIdentifier) ")
      }
      if spinning { break }
      usleep(50_000)
    }
    let signalled = Date()
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    // Within the server's grace of a second and the process's exit; before the fix it waited
    // for the render (the new-user trial: 239 s). A bound against that hang, not a latency.
    #expect(Date().timeIntervalSince(signalled) < 10)
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
  }

  @Test(
    "the first stdout line is the address with its token; it answers; a signal ends it with 0",
    arguments: [SIGTERM, SIGINT])
  func serve(signal: Int32) throws {
    let folder = try TemporaryDirectory()
    let config = folder.path("tune.json")
    try Data(#"{"version": 1, "input": "testcard:64x36", "effects": [{"kernel": "ripple"}]}"#.utf8)
      .write(to: URL(fileURLWithPath: config))
    let process = Process()
    process.executableURL = LayerFXTool.executable
    process.arguments = ["tune", config, "--serve", "--port", "0"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    let line = Self.firstLine(of: output)
    // http://127.0.0.1:PORT/?token= and 32 lowercase hex digits, then a newline.
    let match = line.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{32})\n/)
    #expect(match != nil, "\(line)")
    if let match, let port = UInt16(match.1) {
      let page = try HTTPTestClient.request(port: port, "/?token=\(match.2)")
      #expect(page.status == 200)
      #expect(try HTTPTestClient.request(port: port, "/").status == 401)
    }
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    // Nothing but the address is ever written to standard output.
    #expect(output.fileHandleForReading.readDataToEndOfFile().isEmpty)
  }

  @Test(
    "--port or --host without --serve, and --once with it, are usage errors (exit 64)",
    arguments: [
      (["--port", "0"], "--port needs --serve"), (["--host", "::1"], "--host needs --serve"),
      (["--serve", "--once"], "--once and --serve exclude each other"),
      (
        ["--serve", "--host", "localhost"],
        "localhost: not a numeric IPv4 or IPv6 address (such as 127.0.0.1 or ::1)"
      ),
    ])
  func usage(options: [String], message: String) throws {
    let folder = try TemporaryDirectory()
    let config = folder.path("tune.json")
    try Data(#"{"version": 1, "input": "testcard:8x8", "effects": [{"kernel": "ripple"}]}"#.utf8)
      .write(to: URL(fileURLWithPath: config))
    let result = try LayerFXTool.run(["tune", config] + options)
    #expect(result.status == 64)
    #expect(result.errorLines.first == "layerfx: error: \(message)")
    #expect(result.outputData.isEmpty)
  }
}
