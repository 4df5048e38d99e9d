import Foundation
import LayerFXTestSupport
import Testing

/// Issue 25, item 6: the trial's other classes at the command line, each provoked once with its
/// exact line and exit code.
@Suite struct HardeningTests {
  /// Runs `layerfx` through `/bin/sh -c script` (`$0` is the binary, `$1`… the arguments).
  private func shell(_ script: String, _ arguments: [String], in directory: String) throws
    -> LayerFXTool.Result
  {
    try LayerFXTool.run(
      ["-c", script, LayerFXTool.executable.path] + arguments,
      in: URL(fileURLWithPath: directory), program: URL(fileURLWithPath: "/bin/sh"))
  }

  /// Whether this process may mount a file system (a small tmpfs for a full disk).
  private static let canMount = getuid() == 0

  /// Runs `body` with a 64 KiB tmpfs mounted at `directory/small`, unmounted after.
  private func withSmallDisk(in directory: TemporaryDirectory, _ body: (String) throws -> Void)
    throws
  {
    let folder = directory.path("small")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let mount = try LayerFXTool.run(
      ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder],
      program: URL(fileURLWithPath: "/bin/mount"))
    try #require(mount.status == 0, "mount: \(mount.standardError)")
    defer {
      _ = try? LayerFXTool.run([folder], program: URL(fileURLWithPath: "/bin/umount"))
    }
    try body(folder)
  }

  @Test("the next run to a folder removes the hidden temporary a killed run left, not others")
  func staleTemporary() throws {
    let directory = try TemporaryDirectory()
    // A process that has ended: its id names no process now.
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let stale = ".layerfx-\(ended.processIdentifier)-0123456789abcdef.tmp"
    // This test's own process runs: its temporary is kept, as is any other file.
    let live = ".layerfx-\(getpid())-0123456789abcdef.tmp"
    for name in [stale, live, "keep.tmp"] {
      try Data(count: 1000).write(to: URL(fileURLWithPath: directory.path(name)))
    }
    let result = try LayerFXTool.run(
      ["apply", "grayscale", "testcard:8x8", "-o", "out.png"], in: directory.url)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try directory.contents().sorted() == [live, "keep.tmp", "out.png"].sorted())
  }

  @Test(
    "a 401-digit amplitude overflows Float, on the command line (64) and in a config (65)")
  func hugeAmplitude() throws {
    let directory = try TemporaryDirectory()
    let digits = String(repeating: "1", count: 401)
    let flag = try LayerFXTool.run(
      ["apply", "ripple", "testcard:8x8", "--arg", "amplitude=\(digits)", "-o", "x.png"],
      in: directory.url)
    #expect(flag.status == 64)
    #expect(
      flag.errorLines.first?.hasSuffix(
        "\(digits) overflows Float (largest 3.4028235e+38)") == true)
    try #"""
    {"version": 1, "input": "testcard:8x8", "effects": [{"kernel": "ripple", "amplitude": \#(digits)}],
     "output": {"path": "x.png", "time": 0}}
    """#.write(toFile: directory.path("a.json"), atomically: true, encoding: .utf8)
    let config = try LayerFXTool.run(["config", "check", "a.json"], in: directory.url)
    #expect(config.status == 65)
    // The key's number is echoed up to 60 characters (ConfigError.echoLimit), then "…".
    #expect(
      config.errorLines == [
        "layerfx: error: a.json: effects[0].amplitude: \(String(repeating: "1", count: 60))… "
          + "overflows Float (largest 3.4028235e+38)"
      ])
    #expect(try directory.contents() == ["a.json"])
  }

  @Test("a config that starts with a UTF-8 byte order mark is read as without it")
  func byteOrderMark() throws {
    let directory = try TemporaryDirectory()
    let text = #"""
      {"version": 1, "input": "testcard:8x8", "effects": [{"kernel": "grayscale"}],
       "output": {"path": "x.png", "time": 0}}
      """#
    try (Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)).write(
      to: URL(fileURLWithPath: directory.path("bom.json")))
    let check = try LayerFXTool.run(["config", "check", "bom.json"], in: directory.url)
    #expect(check.status == 0)
    #expect(check.standardOutput == "bom.json: ok (as layerfx apply --config runs it)\n")
    let applied = try LayerFXTool.run(["apply", "--config", "bom.json"], in: directory.url)
    #expect(applied.status == 0, "\(applied.standardError)")
    #expect(try directory.contents().sorted() == ["bom.json", "x.png"])
  }

  @Test("an unwritable compile cache is one line with the system's reason, exit 73")
  func unwritableCache() throws {
    let directory = try TemporaryDirectory()
    try """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 F(float2 position, half4 color) { return color; }
    """.write(toFile: directory.path("f.metal"), atomically: true, encoding: .utf8)
    // /proc holds no folder anyone can make.
    let result = try LayerFXTool.run(
      [
        "LAYERFX_CACHE=/proc/layerfx-cache", LayerFXTool.executable.path, "apply", "f.metal:F",
        "testcard:8x8", "-o", "out.png",
      ], in: directory.url, program: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(result.status == 73)
    #expect(
      result.errorLines == [
        "layerfx: error: cannot create the compile cache /proc/layerfx-cache: No such file or "
          + "directory"
      ])
    #expect(try directory.contents() == ["f.metal"])
  }

  @Test("a library over 64 MiB (a huge constant array) is refused, one line, and not cached")
  func hugeLibrary() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // 17 × 2²⁰ floats, 68 MiB of constant data that the fill reads, so clang keeps it.
    try """
    #include <metal_stdlib>
    using namespace metal;
    constant float table[17825792] = {1};
    [[ stitchable ]] half4 Big(float2 position) { return half4(table[int(position.x)]); }
    """.write(toFile: directory.path("big.metal"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(
      [
        "LAYERFX_CACHE=\(directory.path)/cache", LayerFXTool.executable.path, "render",
        "big.metal:Big", "--size", "8x8", "-o", "out.png",
      ], in: directory.url, program: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(result.status == 65)
    #expect(
      result.errorLines.map { $0.replacingOccurrences(of: directory.path + "/", with: "") } == [
        "layerfx: error: big.metal: refused: the compiled library is 68 MiB, more than the 64 "
          + "MiB a shader may take (a huge constant array?)"
      ])
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.png")))
    let cached = try FileManager.default.contentsOfDirectory(atPath: directory.path("cache"))
    #expect(!cached.contains { $0.hasSuffix(".so") || $0.hasSuffix(".tmp") })
  }

  @Test(
    "a compile cache on a full disk is exit 74, one line",
    .enabled(if: canMount, "needs root to mount a small tmpfs"))
  func fullCache() throws {
    let directory = try TemporaryDirectory()
    try """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 F(float2 position, half4 color) { return color; }
    """.write(toFile: directory.path("f.metal"), atomically: true, encoding: .utf8)
    try withSmallDisk(in: directory) { small in
      let result = try LayerFXTool.run(
        [
          "LAYERFX_CACHE=\(small)/cache", LayerFXTool.executable.path, "apply", "f.metal:F",
          "testcard:8x8", "-o", "out.png",
        ], in: directory.url, program: URL(fileURLWithPath: "/usr/bin/env"))
      #expect(result.status == 74)
      #expect(result.errorLines.count == 1)
      #expect(
        result.errorLines.first?.hasPrefix(
          "layerfx: error: cannot write the compile cache at \(small)/cache: ") == true)
      #expect(result.errorLines.first?.contains("No space left on device") == true)
    }
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.png")))
  }

  @Test(
    "a contact sheet larger than the free space is refused before frame 0, 73",
    .enabled(if: canMount, "needs root to mount a small tmpfs"))
  func freeSpace() throws {
    let directory = try TemporaryDirectory()
    try withSmallDisk(in: directory) { small in
      // 4 frames of 100 × 100 in 2 columns: a 200 × 200 sheet, at most 200 × (1 + 800) =
      // 160200 bytes of image data (stored zlib blocks), more than the 64 KiB disk holds.
      let sheet = try LayerFXTool.run(
        [
          "apply", "grayscale", "testcard:100x100", "--fps", "10", "--frames", "4",
          "--contact-sheet", "2", "-o", "\(small)/s.png",
        ])
      #expect(sheet.status == 73)
      #expect(sheet.errorLines.count == 1)
      #expect(
        sheet.errorLines.first?.hasPrefix(
          "layerfx: error: \(small)/s.png: 4 frames of 100 × 100 pixels need up to ") == true)
      #expect(sheet.errorLines.first?.contains("is free there; free some space") == true)
      #expect(try FileManager.default.contentsOfDirectory(atPath: small).isEmpty)
    }
  }

  // CommandLine.md: "/proc … fails at once (exit 73)". /proc reports 0 blocks, so 0 B free:
  // the trial's APNG there was refused as a full disk, while a still names why the file cannot
  // be created. An animation names the same reason as the still, and a PNG sequence's folder
  // says it cannot be created; neither speaks of free space.
  @Test("an animation to /proc is refused for the reason a still is, not as a full disk, 73")
  func outputOnProc() throws {
    let animation = ["apply", "grayscale", "testcard:64x64", "--fps", "5", "--duration", "0.4"]
    let still = try LayerFXTool.run(
      ["apply", "grayscale", "testcard:64x64", "-o", "/proc/layerfx-x.png"])
    #expect(still.status == 73)
    let prefix = "layerfx: error: /proc/layerfx-x.png: cannot write file ("
    let stillLine = try #require(still.errorLines.first)
    #expect(stillLine.hasPrefix(prefix))
    let apng = try LayerFXTool.run(animation + ["-o", "/proc/layerfx-x.apng"])
    #expect(apng.status == 73)
    let expected: String =
      "layerfx: error: /proc/layerfx-x.apng: cannot write file ("
      + stillLine.dropFirst(prefix.count)
    #expect(apng.errorLines == [expected])
    let sequence = try LayerFXTool.run(animation + ["-o", "/proc/layerfx-frames/"])
    #expect(sequence.status == 73)
    #expect(sequence.errorLines.count == 1)
    #expect(
      sequence.errorLines.first?.hasPrefix(
        "layerfx: error: /proc/layerfx-frames/: cannot create output directory: ") == true)
    #expect(!sequence.errorLines.contains { $0.contains("free") })
  }

  @Test(
    "a still is written when it fits compressed; one that does not is an I/O error, 74",
    .enabled(if: canMount, "needs root to mount a small tmpfs"))
  func stillFreeSpace() throws {
    let directory = try TemporaryDirectory()
    try withSmallDisk(in: directory) { small in
      // 200 × 200 is up to 200 × (1 + 800) = 160200 bytes uncompressed, more than the 64 KiB
      // disk, but the test card's flat areas compress to far less: no check refuses it.
      let fits = try LayerFXTool.run(
        ["apply", "grayscale", "testcard:200x200", "-o", "\(small)/x.png"])
      #expect(fits.status == 0)
      #expect(fits.errorLines.isEmpty)
      #expect(FileManager.default.fileExists(atPath: "\(small)/x.png"))
      try FileManager.default.removeItem(atPath: "\(small)/x.png")
      // 800 × 800 does not fit even compressed: the write itself fails.
      let full = try LayerFXTool.run(
        ["apply", "grayscale", "testcard:800x800", "-o", "\(small)/y.png"])
      #expect(full.status == 74)
      #expect(
        full.errorLines == [
          "layerfx: error: \(small)/y.png: write error (No space left on device)"
        ])
      #expect(try FileManager.default.contentsOfDirectory(atPath: small).isEmpty)
    }
  }

  @Test(
    "--overlay displacement on 8000 × 6000 is refused by the memory check, exit 71",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sh"), "needs /bin/sh"))
  func overlayMemory() throws {
    let directory = try TemporaryDirectory()
    // 48e6 pixels: input 16, Float output 16, samples 4 and the overlay's sources and maps 42
    // bytes a pixel: 78 × 48e6 = 3.744e9 bytes, over a 3 GB address space.
    let result = try shell(
      "ulimit -v 3000000 || exit 77; exec \"$0\" apply twirl testcard:8000x6000 --time 0 "
        + "--overlay displacement -o out.png", [], in: directory.path)
    try #require(result.status != 77, "ulimit -v is not available")
    #expect(result.status == 71)
    #expect(result.errorLines.count == 1)
    #expect(
      result.errorLines.first?.hasPrefix(
        "layerfx: error: out.png: needs about 3.7 GB of memory, ") == true)
    #expect(
      result.errorLines.first?.hasSuffix(
        "(ulimit -v); raise ulimit -v, or render a smaller image or a shorter chain") == true)
    #expect(try directory.contents().isEmpty)
  }
}
