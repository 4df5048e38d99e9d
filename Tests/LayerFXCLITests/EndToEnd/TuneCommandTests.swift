import Foundation
import LayerFXPNG
import LayerFXTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Starts `layerfx tune t.json` in `directory`, its standard output and error going to the
/// files `stdout` and `stderr` there; returns the process and those two paths.
func startTune(in directory: TemporaryDirectory) throws -> (Process, String, String) {
  let output = directory.path("stdout")
  let errors = directory.path("stderr")
  _ = FileManager.default.createFile(atPath: output, contents: nil)
  _ = FileManager.default.createFile(atPath: errors, contents: nil)
  let process = Process()
  process.executableURL = LayerFXTool.executable
  process.arguments = ["tune", "t.json"]
  process.currentDirectoryURL = directory.url
  process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
  process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
  try process.run()
  return (process, output, errors)
}

/// Polls until `condition` holds, for at most two minutes: the bound is against a hang, not a
/// latency (a loaded machine may take long to start the binary or compile a shader).
func waitForTune(until condition: () -> Bool) {
  let start = Date()
  while !condition() && Date().timeIntervalSince(start) < 120 { usleep(10_000) }
}

/// `layerfx tune`: the preview contact sheet, the watch loop and its exit on SIGINT.
@Suite struct TuneCommandTests {
  /// A config of a small ripple, amplitude `amplitude`, previewed at four times.
  private func config(amplitude: Int) -> String {
    #"""
    {"version": 1, "input": "testcard:40x30",
     "effects": [{"kernel": "ripple", "amplitude": \#(amplitude)}],
     "debug": {"previewTimes": [0.1, 0.2, 0.3, 0.4]}}
    """#
  }

  @Test("--once writes a contact sheet of the preview times and exits 0")
  func once() throws {
    let directory = try TemporaryDirectory()
    try config(amplitude: 12).write(
      toFile: directory.path("t.json"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(["tune", "t.json", "--once"], in: directory.url)
    #expect(result.status == 0, "\(result.standardError)")
    let sheet = try PNGDecoder().decode(contentsOf: directory.path("t.preview.png")).image
    // Four 40 × 30 frames in one row, 4 transparent pixels apart: 4 × 40 + 3 × 4 = 172; each
    // with a 14-pixel time label under it: 30 + 14 = 44.
    #expect(sheet.width == 172 && sheet.height == 44)
  }

  @Test("--once with an invalid config exits 65 and writes no preview")
  func onceInvalid() throws {
    let directory = try TemporaryDirectory()
    try
      #"{"version": 1, "input": "testcard:40x30", "effects": [{"kernel": "ripple", "amplitdue": 1}]}"#
      .write(toFile: directory.path("t.json"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(["tune", "t.json", "--once"], in: directory.url)
    #expect(result.status == 65)
    #expect(!FileManager.default.fileExists(atPath: directory.path("t.preview.png")))
  }

  // The line apply --config gives for the same config (ConfigFileSettingError): the config,
  // the key, then the file's own error; exit 66, EX_NOINPUT, as for a missing INPUT.
  @Test(
    "a missing input names the config and its key, exit 66, for tune --once and config check")
  func missingInput() throws {
    let directory = try TemporaryDirectory()
    try #"{"version": 1, "input": "gone.png", "effects": [{"kernel": "grayscale"}]}"#
      .write(toFile: directory.path("t.json"), atomically: true, encoding: .utf8)
    for arguments in [["tune", "t.json", "--once"], ["config", "check", "t.json"]] {
      let result = try LayerFXTool.run(arguments, in: directory.url)
      #expect(result.status == 66, "\(arguments)")
      #expect(result.errorLines == ["layerfx: error: t.json: input: gone.png: no such file"])
    }
    #expect(!FileManager.default.fileExists(atPath: directory.path("t.preview.png")))
  }

  // Without the check, the loop refused to replace its input on every render and waited for a
  // change forever (trial 11, F10); with --once, exit 73. Compared as paths (the preview does
  // not exist yet, or is named through `..`) and by inode (a hard link named by -o).
  @Test("an input that is the preview is refused at start, exit 65, naming both, loop or --once")
  func inputIsPreview() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try #"{"version": 1, "input": "t.preview.png", "effects": [{"kernel": "grayscale"}]}"#
      .write(toFile: directory.path("t.json"), atomically: true, encoding: .utf8)
    let expected =
      "layerfx: error: t.json: input: t.preview.png is the preview this tune writes "
      + "(t.preview.png); give another input, or another preview path with -o\n"
    // The loop, stopped if it still runs after the bounded wait.
    let (process, _, errors) = try startTune(in: directory)
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    waitForTune { !process.isRunning }
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 65)
    #expect(try String(contentsOfFile: errors, encoding: .utf8) == expected)
    let once = try LayerFXTool.run(["tune", "t.json", "--once"], in: directory.url)
    #expect(once.status == 65)
    #expect(once.standardError == expected)
    #expect(!FileManager.default.fileExists(atPath: directory.path("t.preview.png")))
    // The input exists, and -o names it through a hard link, then through `..`.
    let card = try LayerFXTool.run(["convert", "testcard:8x8", "-o", "in.png"], in: directory.url)
    #expect(card.status == 0)
    #expect(link(directory.path("in.png"), directory.path("linked.png")) == 0)
    try FileManager.default.createDirectory(
      atPath: directory.path("sub"), withIntermediateDirectories: true)
    try #"{"version": 1, "input": "in.png", "effects": [{"kernel": "grayscale"}]}"#
      .write(toFile: directory.path("t.json"), atomically: true, encoding: .utf8)
    let before = try Data(contentsOf: URL(fileURLWithPath: directory.path("in.png")))
    for preview in ["linked.png", "sub/../in.png"] {
      let result = try LayerFXTool.run(
        ["tune", "t.json", "--once", "-o", preview], in: directory.url)
      #expect(result.status == 65, "\(preview)")
      let line =
        "layerfx: error: t.json: input: in.png is the preview this tune writes (\(preview)); "
        + "give another input, or another preview path with -o"
      #expect(result.errorLines == [line])
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("in.png"))) == before)
  }

  // The check above decodes the config before the first render, quietly: the render reports
  // a compile error, and its lines come once (clang's two errors, then the first with the count).
  @Test("a .metal that does not compile at start is reported once, then waited on")
  func metalErrorAtStartOnce() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try "[[ stitchable ]] half4 f(float2 position, half4 color) { return color * bad1 * bad2; }\n"
      .write(toFile: directory.path("bad.metal"), atomically: true, encoding: .utf8)
    try #"{"version": 1, "input": "testcard:8x8", "effects": [{"kernel": "bad.metal:f"}]}"#
      .write(toFile: directory.path("t.json"), atomically: true, encoding: .utf8)
    let (process, _, errors) = try startTune(in: directory)
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    func text() -> String { (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "" }
    waitForTune { text().contains("no preview yet") }
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    // `bad1` starts at byte 73 of the line, `bad2` at 80.
    let first = "bad.metal:1:73: error: use of undeclared identifier 'bad1'"
    let expected: [String] = [
      "layerfx: error: \(first)",
      "layerfx: error: bad.metal:1:80: error: use of undeclared identifier 'bad2'",
      "layerfx: error: t.json: effects[0].kernel: \(first) (the first of 2 errors)",
      "layerfx: t.json: no preview yet; waiting for the next change",
    ]
    #expect(text().split(separator: "\n").map(String.init) == expected)
  }

  @Test("a preview sheet over the pixel limit names the config and debug.previewTimes")
  func sheetOverLimit() throws {
    let directory = try TemporaryDirectory()
    try #"""
    {"version": 1, "input": "testcard:40x30", "effects": [{"kernel": "ripple"}],
     "debug": {"previewTimes": [0.1, 0.2, 0.3, 0.4, 0.5]}}
    """#.write(toFile: directory.path("t.json"), atomically: true, encoding: .utf8)
    // Five 40 × 30 frames, each with a 14-pixel time label under it, in four columns, 4 pixels
    // apart: 4 × 40 + 3 × 4 = 172 by 2 × (30 + 14) + 4 = 92 pixels, 15,824 in all, over 10,000.
    let result = try LayerFXTool.run(
      ["tune", "t.json", "--once", "--max-pixels", "10000"], in: directory.url)
    #expect(result.status == 65)
    #expect(
      result.standardError
        == "layerfx: error: t.json: debug.previewTimes: a contact sheet of 5 frames in 4 "
        + "columns would be 172 × 92 pixels, over the limit of 10000 (raise it with "
        + "--max-pixels, or render fewer frames)\n")
    #expect(!FileManager.default.fileExists(atPath: directory.path("t.preview.png")))
  }

  @Test("a missing config ends the loop at start with exit 66, as --serve does")
  func missingConfig() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(["tune", "t.json"], in: directory.url)
    #expect(result.status == 66)
    #expect(result.standardError.hasPrefix("layerfx: error: t.json: cannot read"))
  }

  @Test("an invalid config at start says there is no preview yet, then a fixed one renders")
  func invalidAtStart() throws {
    let directory = try TemporaryDirectory()
    let configPath = directory.path("t.json")
    try
      #"{"version": 1, "input": "testcard:40x30", "effects": [{"kernel": "ripple", "amplitdue": 1}]}"#
      .write(toFile: configPath, atomically: true, encoding: .utf8)
    let (process, output, errors) = try startTune(in: directory)
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    func text(_ path: String) -> String {
      (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
    waitForTune { text(errors).contains("t.json: no preview yet") }
    #expect(text(errors).contains("layerfx: t.json: no preview yet; waiting for the next change"))
    #expect(!text(errors).contains("keeping the last good preview"))
    try config(amplitude: 4).write(toFile: configPath, atomically: true, encoding: .utf8)
    waitForTune { text(output).contains("first render") }
    #expect(text(output).hasPrefix("t.json: first render; rendered 4 frames in "))
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
  }

  @Test("the loop picks up an edit, keeps the last good preview, exits 0 on SIGINT")
  func watchLoop() throws {
    let directory = try TemporaryDirectory()
    let configPath = directory.path("t.json")
    let preview = directory.path("t.preview.png")
    try config(amplitude: 4).write(toFile: configPath, atomically: true, encoding: .utf8)
    let (process, output, errors) = try startTune(in: directory)
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    /// Waits (polling) until `condition` holds or `seconds` pass (a bound against a hang, not
    /// a claim about speed); returns whether it held.
    func wait(atMost seconds: Double, until condition: () -> Bool) -> Bool {
      let start = Date()
      while Date().timeIntervalSince(start) < seconds {
        if condition() { return true }
        usleep(5_000)
      }
      return false
    }
    func lines() -> [String] {
      (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n").map(
        String.init) ?? []
    }
    // The first render has no bound on how long a loaded machine takes to start the binary.
    _ = wait(atMost: 120) { lines().count >= 1 }
    let first = try #require(FileManager.default.contents(atPath: preview))
    #expect(lines().first?.hasPrefix("t.json: first render; rendered 4 frames in ") == true)

    // An edit is picked up: a new preview replaces the first. How fast (the loop polls every
    // 100 ms) is measured, not asserted: Benchmarks/tune-latency.py (Benchmarks/README.md).
    try config(amplitude: 9).write(toFile: configPath, atomically: true, encoding: .utf8)
    let replaced = wait(atMost: 60) {
      guard let now = FileManager.default.contents(atPath: preview) else { return false }
      return now != first
    }
    #expect(replaced, "no new preview after the edit (waited a minute)")
    _ = wait(atMost: 10) { lines().count >= 2 }
    #expect(lines().dropFirst().first?.hasPrefix("t.json: changed effects[0].amplitude; ") == true)

    // An invalid edit is reported and the last good preview stays.
    let good = FileManager.default.contents(atPath: preview)
    try
      #"{"version": 1, "input": "testcard:40x30", "effects": [{"kernel": "ripple", "amplitdue": 1}]}"#
      .write(toFile: configPath, atomically: true, encoding: .utf8)
    _ = wait(atMost: 10) {
      ((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "").contains("keeping")
    }
    let reported = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    #expect(reported.contains("t.json: effects[0].amplitdue: unknown key; did you mean amplitude?"))
    #expect(reported.contains("layerfx: t.json: keeping the last good preview"))
    #expect(FileManager.default.contents(atPath: preview) == good)

    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
  }

  // `tune --help` and Config.md: Ctrl-C or SIGTERM ends the watch (exit 0), as either ends
  // --serve (New-user trial 17: SIGTERM's default action had given 143, 128 + 15).
  @Test("the watch loop ends with exit 0 on SIGTERM as on SIGINT", arguments: [SIGTERM, SIGINT])
  func endsOnSignal(signal: Int32) throws {
    let directory = try TemporaryDirectory()
    try config(amplitude: 4).write(
      toFile: directory.path("t.json"), atomically: true, encoding: .utf8)
    let (process, output, _) = try startTune(in: directory)
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    waitForTune {
      ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("first render")
    }
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
  }

  @Test(
    "a config saved by rename six times in a row re-renders the preview each time, never refusing")
  func renameSaves() throws {
    let directory = try TemporaryDirectory()
    let configPath = directory.path("t.json")
    let preview = directory.path("t.preview.png")
    /// Saves as `sed -i` does: a new file beside the config, renamed over it (a new inode).
    func saveByRename(amplitude: Int) throws {
      let temporary = directory.path("sedXYZ123")
      try Data(config(amplitude: amplitude).utf8).write(to: URL(fileURLWithPath: temporary))
      #expect(rename(temporary, configPath) == 0)
    }
    func text(_ path: String) -> String {
      (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
    try saveByRename(amplitude: 2)
    let (process, output, errors) = try startTune(in: directory)
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    func lines() -> [String] { text(output).split(separator: "\n").map(String.init) }
    waitForTune { lines().count >= 1 }
    #expect(lines().first?.hasPrefix("t.json: first render; rendered 4 frames in ") == true)

    var previous = try #require(FileManager.default.contents(atPath: preview))
    for save in 1...6 {
      try saveByRename(amplitude: 2 + 2 * save)
      waitForTune { lines().count >= save + 1 || text(errors).contains("refusing") }
      #expect(
        lines().dropFirst(save).first?.hasPrefix("t.json: changed effects[0].amplitude; ") == true,
        "save \(save): \(text(output)) \(text(errors))")
      // Each amplitude moves the ripple's pixels: the preview on disk is a new picture.
      let now = try #require(FileManager.default.contents(atPath: preview))
      #expect(now != previous, "save \(save): the preview did not change")
      previous = now
    }
    #expect(!text(errors).contains("refusing"), "\(text(errors))")
    #expect(!text(errors).contains("error"), "\(text(errors))")

    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
  }
}

/// `layerfx tune` with a `.metal` effect: an edit of the source re-renders, a compile error
/// keeps the last good preview.
@Suite struct TuneMetalTests {
  /// A colour effect that scales the colour by `amount`, as Metal source.
  private func tint(_ expression: String) -> String {
    """
    #include <metal_stdlib>
    #include <SwiftUI/SwiftUI_Metal.h>
    using namespace metal;

    [[ stitchable ]] half4 tint(float2 position, half4 color, float amount) {
      return half4(\(expression), color.a);
    }
    """
  }

  /// Writes `source` as `tint.metal` and `t.json`: its `tint` at amount 0.5 on a 20 × 16 test
  /// card, previewed at time 0 alone.
  private static func writeFiles(_ source: String, in directory: TemporaryDirectory) throws {
    try source.write(toFile: directory.path("tint.metal"), atomically: true, encoding: .utf8)
    try #"""
    {"version": 1, "input": "testcard:20x16",
     "effects": [{"kernel": "tint.metal:tint", "amount": 0.5}], "debug": {"previewTimes": [0]}}
    """#.write(toFile: directory.path("t.json"), atomically: true, encoding: .utf8)
  }

  @Test("an edited .metal re-renders; one that does not compile is reported, the preview kept")
  func metalEdits() throws {
    let directory = try TemporaryDirectory()
    try Self.writeFiles(tint("color.rgb * half(amount)"), in: directory)
    let (process, output, errors) = try startTune(in: directory)
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    func text(_ path: String) -> String {
      (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
    /// Polls until `condition` holds; no bound on a loaded machine's compile time but a minute.
    func wait(until condition: () -> Bool) {
      let start = Date()
      while !condition() && Date().timeIntervalSince(start) < 60 { usleep(10_000) }
    }
    let preview = directory.path("t.preview.png")
    wait { text(output).contains("first render") }
    let first = try #require(FileManager.default.contents(atPath: preview))

    try tint("color.rgb * half(amount) +").write(
      toFile: directory.path("tint.metal"), atomically: true, encoding: .utf8)
    wait { text(errors).contains("keeping the last good preview") }
    #expect(text(errors).contains("tint.metal:6:"))
    #expect(FileManager.default.contents(atPath: preview) == first)

    try tint("color.rgb * half(amount) * 0.5h").write(
      toFile: directory.path("tint.metal"), atomically: true, encoding: .utf8)
    wait { text(output).contains("changed tint.metal") }
    #expect(text(output).contains("t.json: changed tint.metal; rendered 1 frame in "))
    #expect(FileManager.default.contents(atPath: preview) != first)

    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
  }

  // New-user trial 17: the first edit after start said "no value changed", as the files the
  // config names were stamped only from the second render on.
  @Test("the first edit of a config's .metal after start is named as the change")
  func firstMetalEditNamed() throws {
    let directory = try TemporaryDirectory()
    try Self.writeFiles(tint("color.rgb * half(amount)"), in: directory)
    let (process, output, errors) = try startTune(in: directory)
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    func lines() -> [String] {
      ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n")
        .map(String.init)
    }
    waitForTune { lines().count >= 1 }
    #expect(lines().first?.hasPrefix("t.json: first render; rendered 1 frame in ") == true)
    try tint("color.rgb * half(amount) * 0.5h").write(
      toFile: directory.path("tint.metal"), atomically: true, encoding: .utf8)
    waitForTune { lines().count >= 2 }
    #expect(
      lines().dropFirst().first?.hasPrefix("t.json: changed tint.metal; rendered 1 frame in ")
        == true, "\(lines()) \((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
  }

  /// A process's state letter and parent from `/proc/PID/stat` (proc(5): fields 3 and 4);
  /// `nil` when it is gone.
  private static func status(of pid: Int32) -> (state: Substring, parent: Int32, cpuTicks: Int)? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    // proc(5): state, ppid, …, utime and stime (fields 3, 4, 14 and 15, in clock ticks).
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let parent = Int32(fields[1]), let user = Int(fields[11]),
      let system = Int(fields[12])
    else { return nil }
    return (fields[0], parent, user + system)
  }

  /// Whether `pid` still runs (exists and is no zombie).
  private static func runs(_ pid: Int32) -> Bool {
    status(of: pid).map { $0.state != "Z" && $0.state != "X" } ?? false
  }

  /// The running shader workers (`layerfx-shader…`, not the compiler) whose parent is
  /// `parent` and which have run at least `cpuTicks` clock ticks.
  private static func runningWorkers(of parent: Int32, cpuTicks: Int = 0) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
      let name = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)
      guard let status = status(of: pid) else { return false }
      return status.parent == parent && status.cpuTicks >= cpuTicks && runs(pid)
        && name?.hasPrefix("layerfx-shader") == true
    }
  }

  @Test("Ctrl-C ends tune while a shader loops: exit 0, its worker killed, no time-limit error")
  func interruptWhileShaderRuns() throws {
    let directory = try TemporaryDirectory()
    try Self.writeFiles(
      tint("color.rgb * half(amount)").replacingOccurrences(
        of: "  return", with: "  while (amount > -1.0) { amount += 1.0; }\n  return"),
      in: directory)
    let (process, output, errors) = try startTune(in: directory)
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    // The shader runs in worker processes of tune's; once one has spent a fifth of a second of
    // processor time, it is in the loop. (Waiting for any worker flaked in 1 of 3 runs after the
    // check of the config's input at start was added: a worker seen once was gone at the next
    // look.)
    var workers: [Int32] = []
    waitForTune {
      workers = Self.runningWorkers(of: process.processIdentifier, cpuTicks: 20)
      return !workers.isEmpty
    }
    #expect(!workers.isEmpty, "no shader worker ran the loop")

    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    // Waiting out the loop would have ended in the shader time limit's error (30 s by default).
    let reported = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    #expect(!reported.contains("time limit"), "\(reported)")
    #expect((try? String(contentsOfFile: output, encoding: .utf8)) == "")
    // The workers die with tune (PR_SET_PDEATHSIG): none still runs.
    func alive() -> [Int32] { workers.filter(Self.runs) }
    waitForTune { alive().isEmpty }
    #expect(alive().isEmpty)
  }
}
