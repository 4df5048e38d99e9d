import Foundation
import LayerFXTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A `.metal` file is untrusted input: hostile shaders, through the built binary, never reach
/// the system (issue 25; Sources/LayerFXMetal/README.md, "The sandbox").
@Suite("The shader sandbox")
struct ShaderSandboxTests {
  /// A fill `f` whose body is `body`, after `declarations`.
  static func shader(_ declarations: String, _ body: String) -> String {
    """
    #include <metal_stdlib>
    using namespace metal;
    \(declarations)
    [[ stitchable ]] half4 f(float2 position) {
      \(body)
      return half4(1);
    }

    """
  }

  /// A raw `creat(MARKER, 0644)` through inline assembly: no libc, straight to the kernel.
  static func rawCreate(_ marker: String) -> String {
    """
    const char path[] = "\(marker)";
    long result;
    __asm__ volatile("syscall" : "=a"(result) : "0"(85L), "D"(path), "S"(0644L)
                     : "rcx", "r11", "memory");
    """
  }

  /// Each hostile shader, given the marker file it tries to create (or, for `unlink`, remove).
  static let attacks: [(name: String, source: @Sendable (String) -> String)] = [
    ("system", { shader(#"extern "C" int system(const char *);"#, "system(\"touch \($0)\");") }),
    (
      "open",
      { shader(#"extern "C" int open(const char *, int, ...);"#, "open(\"\($0)\", 0101, 0644);") }
    ),
    ("unlink", { shader(#"extern "C" int unlink(const char *);"#, "unlink(\"\($0)\");") }),
    (
      "getenv",
      {
        shader(
          #"extern "C" char *getenv(const char *);"#,
          "if (getenv(\"HOME\")) { return half4(0); } (void)\"\($0)\";")
      }
    ),
    ("exit", { shader(#"extern "C" void exit(int);"#, "exit(0); (void)\"\($0)\";") }),
    ("asm", { shader("", rawCreate($0)) }),
    (
      "constructor",
      {
        // No asm here (refused at compile time, below): the ELF check refuses the constructor.
        shader(
          "static volatile int touched;\n"
            + "__attribute__((constructor)) static void boom() { touched = 1; }",
          "(void)\"\($0)\";")
      }
    ),
  ]

  @Test(
    "a shader calling libc, a raw syscall or a constructor: exit 65, one line, no effect",
    arguments: attacks.map(\.name))
  func hostileShader(name: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let marker = directory.path("marker")
    if name == "unlink" { _ = FileManager.default.createFile(atPath: marker, contents: nil) }
    let source = try #require(Self.attacks.first { $0.name == name }).source(marker)
    try source.write(toFile: directory.path("evil.metal"), atomically: true, encoding: .utf8)
    let result = try Self.run(
      [
        "render", directory.path("evil.metal") + ":f", "--size", "16x8", "-o",
        directory.path("out.png"),
      ],
      cache: directory.path("cache"))
    #expect(result.status == 65, "\(result.standardError)")
    #expect(result.errorLines.count == 1, "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.png")))
    // unlink's marker was there before: still there; every other marker was never made.
    #expect(FileManager.default.fileExists(atPath: marker) == (name == "unlink"))
    if name == "asm" {
      // Refused while compiling: `asm` is poisoned (MetalRuntime), macro-pasted or not.
      #expect(
        result.errorLines.first?.hasSuffix(
          "error: inline assembly (asm) is not Metal: a shader runs no machine code of its own")
          == true, "\(result.standardError)")
    }
  }

  @Test(
    "list and config check run none of a shader's code (constructor or body)",
    arguments: ["list", "config"], ["constructor", "asm"])
  func listRunsNothing(command: String, attack: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let marker = directory.path("marker")
    let source = try #require(Self.attacks.first { $0.name == attack }).source(marker)
    try source.write(toFile: directory.path("evil.metal"), atomically: true, encoding: .utf8)
    let config = """
      {"version": 1, "input": {"fill": "evil.metal:f", "pixels": [16, 8]},
       "output": {"path": "out.png"}}
      """
    try config.write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    let arguments =
      command == "list"
      ? ["list", directory.path("evil.metal")] : ["config", "check", directory.path("c.json")]
    let result = try Self.run(arguments, cache: directory.path("cache"))
    // Both are refused (65) before anything loads: the constructor by the ELF check, the asm
    // while compiling.
    #expect(result.status == 65, "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: marker))
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.png")))
  }

  /// `mov eax, 42; ret` as a `constant` array `code` (placed by `attribute`), which the fill
  /// `f` calls through a function pointer: red 42 if the bytes ran as machine code.
  static func dataAsCode(_ attribute: String) -> String {
    """
    #include <metal_stdlib>
    using namespace metal;
    \(attribute) constant unsigned char code[] = {0xb8, 0x2a, 0x00, 0x00, 0x00, 0xc3};
    [[ stitchable ]] half4 f(float2 position) {
      typedef int (*fn)();
      return half4(((fn)(const void *)code)() / 255.0, 0, 0, 1);
    }

    """
  }

  @Test(
    "a shader's data never runs as machine code: on its pages it faults, in the code refused",
    arguments: ["", "[[gnu::section(\".text\")]]"])
  func dataAsCode(attribute: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.path("code.metal")
    try Self.dataAsCode(attribute).write(toFile: file, atomically: true, encoding: .utf8)
    let result = try Self.run(
      ["render", file + ":f", "--size", "4x4", "-o", directory.path("out.png")],
      cache: directory.path("cache"))
    #expect(result.status == 65, "\(result.standardError)")
    // Linked by gold, .rodata shared the code's executable pages and this drew red 42, exit 0.
    let expected =
      attribute.isEmpty
      ? "layerfx: error: \(file): f: SIGSEGV at row 0 (an out-of-bounds or invalid pointer "
        + "access, or a stack overflow?); nothing written"
      : "layerfx: error: \(file): refused: the compiled library puts a variable "
        + "(_ZN8lfx_userL4codeE) among its code (a shader's data never runs)"
    #expect(result.errorLines == [expected])
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.png")))
  }

  /// A fill `spin(position, n)` that never returns for `n` > 0 (a float stops growing at 2²⁴).
  static let spin = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 spin(float2 position, float n) {
      while (n > 0) { n = n + 1; }
      return half4(n);
    }

    """

  /// The end of the time limit's line, naming what raises it (trial 15's N7: a bounds-checked
  /// render of a shader drawn in 2.8 s stopped at 30 s without a word of the option).
  static let raisesLimit =
    "; --shader-timeout SECONDS (a config's debug.shaderTimeout) raises the limit"

  @Test("an endless loop is stopped at --shader-timeout, one line naming file and function")
  func endlessLoop() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.spin.write(toFile: directory.path("loop.metal"), atomically: true, encoding: .utf8)
    let result = try Self.run(
      [
        "render", directory.path("loop.metal") + ":spin", "--arg", "n=1", "--size", "16x8",
        "--fps", "10", "--frames", "2", "--shader-timeout", "0.5", "-o",
        directory.path("frames") + "/",
      ], cache: directory.path("cache"))
    #expect(result.status == 65)
    #expect(
      result.errorLines == [
        "layerfx: error: \(directory.path("loop.metal")): spin: stopped at the shader time "
          + "limit of 0.5 s at frame 0 (t = 0.0 s); nothing written" + Self.raisesLimit
      ])
    #expect(isEmpty(directory.path("frames")))
  }

  @Test("a bounds-checked frame of an endless layer effect stops at the frame's limit too")
  func endlessLoopChecked() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // The bounds checker runs the per-pixel form; a limit per pixel would let this 64 × 64
    // frame run 4096 × 0.5 s (the new-user trial's hang).
    let source = """
      #include <metal_stdlib>
      #include <SwiftUI/SwiftUI_Metal.h>
      using namespace metal;
      [[ stitchable ]] half4 spinLayer(float2 position, SwiftUI::Layer layer, float n) {
        while (n > 0) { n = n + 1; }
        return layer.sample(position) * half(n);
      }
      """
    try source.write(toFile: directory.path("loop.metal"), atomically: true, encoding: .utf8)
    // Every worker the render starts writes a line first: once the frame's time is up, no
    // request starts another (one had been started, and killed, per pixel left).
    let worker = LayerFXTool.executable.deletingLastPathComponent()
      .appendingPathComponent("layerfx-shader-worker").path
    let wrapper = "#!/bin/sh\necho >> '\(directory.path("starts"))'\nexec '\(worker)' \"$@\"\n"
    try wrapper.write(toFile: directory.path("worker.sh"), atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: directory.path("worker.sh"))
    let result = try LayerFXTool.run(
      [
        "LAYERFX_CACHE=" + directory.path("cache"),
        "LAYERFX_SHADER_WORKER=" + directory.path("worker.sh"), LayerFXTool.executable.path,
        "apply", directory.path("loop.metal") + ":spinLayer", "testcard:64x64", "--arg", "n=1",
        "--max-sample-offset", "1,1", "--shader-timeout", "0.5", "--check-bounds", "--threads",
        "2", "-o", directory.path("out.png"),
      ], program: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(result.status == 65)
    #expect(
      result.errorLines == [
        "layerfx: error: \(directory.path("loop.metal")): spinLayer: stopped at the shader time "
          + "limit of 0.5 s; nothing written" + Self.raisesLimit
      ], "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.png")))
    // At most: each of the library's two objects (row and lane form) checked by one worker at
    // load and run by one per renderer thread (2), and the checker's copy by one per thread.
    let starts = try String(contentsOfFile: directory.path("starts"), encoding: .utf8)
    #expect(starts.count <= 2 * (1 + 2) + 2, "\(starts.count) workers started")
  }

  @Test("a config's debug.shaderTimeout sets the limit; --shader-timeout overrides it")
  func configShaderTimeout() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.spin.write(toFile: directory.path("loop.metal"), atomically: true, encoding: .utf8)
    let config = """
      {"version": 1, "input": {"fill": "loop.metal:spin", "pixels": [16, 8], "n": 1},
       "output": {"path": "out.png"}, "debug": {"shaderTimeout": 0.5}}
      """
    try config.write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    let limit = "spin: stopped at the shader time limit of"
    let fromConfig = try Self.run(
      ["render", "--config", directory.path("c.json")], cache: directory.path("cache"))
    #expect(fromConfig.status == 65)
    #expect(
      fromConfig.errorLines.first?.contains("\(limit) 0.5 s") == true,
      "\(fromConfig.standardError)")
    #expect(
      fromConfig.errorLines.first?.hasSuffix(Self.raisesLimit) == true,
      "\(fromConfig.standardError)")
    let overridden = try Self.run(
      ["render", "--config", directory.path("c.json"), "--shader-timeout", "0.75"],
      cache: directory.path("cache"))
    #expect(overridden.status == 65)
    #expect(
      overridden.errorLines.first?.contains("\(limit) 0.75 s") == true,
      "\(overridden.standardError)")
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.png")))
    // A limit that is no time at all is refused naming the key.
    try config.replacing("0.5", with: "-1").write(
      toFile: directory.path("bad.json"), atomically: true, encoding: .utf8)
    let refused = try Self.run(
      ["config", "check", directory.path("bad.json")], cache: directory.path("cache"))
    #expect(refused.status == 65)
    #expect(
      refused.errorLines == [
        "layerfx: error: \(directory.path("bad.json")): debug.shaderTimeout: -1 is outside (0, "
          + "3600] (seconds)"
      ])
  }

  // 1e12 s (1e21 ns, beyond Int64's 9.2e18) had trapped, then rendered; any number was taken, so
  // '--shader-timeout 1e30' on an endless loop ran forever (new-user trial 15). The most is an
  // hour, 3600 s (Config.md, CommandLine.md), which renders.
  @Test("a time limit of an hour renders; above it, refused naming the range, exit 64 or 65")
  func hugeShaderTimeout() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.spin.write(toFile: directory.path("loop.metal"), atomically: true, encoding: .utf8)
    func render(_ seconds: String) throws -> (flag: LayerFXTool.Result, config: LayerFXTool.Result)
    {
      // n = 0: the loop never runs.
      let flag = try Self.run(
        [
          "render", directory.path("loop.metal") + ":spin", "--arg", "n=0", "--size", "16x8",
          "--shader-timeout", seconds, "-o", directory.path("flag.png"),
        ], cache: directory.path("cache"))
      try """
      {"version": 1, "input": {"fill": "loop.metal:spin", "pixels": [16, 8], "n": 0},
       "output": {"path": "config.png"}, "debug": {"shaderTimeout": \(seconds)}}
      """.write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
      let config = try Self.run(
        ["render", "--config", directory.path("c.json")], cache: directory.path("cache"))
      return (flag, config)
    }
    let refused = try render("1e12")
    #expect(refused.flag.status == 64)
    #expect(
      refused.flag.errorLines.first
        == "layerfx: error: invalid value '1e12' for '--shader-timeout': expected seconds "
        + "greater than 0 and at most 3600 (an hour)")
    #expect(refused.config.status == 65)
    #expect(
      refused.config.errorLines
        == [
          "layerfx: error: \(directory.path("c.json")): debug.shaderTimeout: 1000000000000 is "
            + "outside (0, 3600] (seconds)"
        ])
    #expect(!FileManager.default.fileExists(atPath: directory.path("flag.png")))
    #expect(!FileManager.default.fileExists(atPath: directory.path("config.png")))
    let hour = try render("3600")
    #expect(hour.flag.status == 0, "\(hour.flag.standardError)")
    #expect(hour.config.status == 0, "\(hour.config.standardError)")
    #expect(FileManager.default.fileExists(atPath: directory.path("flag.png")))
    #expect(FileManager.default.fileExists(atPath: directory.path("config.png")))
  }

  // The worker asks for RLIMIT_AS 16 GiB and RLIMIT_CPU a day; a shell's `ulimit -v` or `-t`
  // sets the hard limit too, which a process without CAP_SYS_RESOURCE cannot raise, so the
  // worker's setrlimit failed, it exited 127 before exec, and every .metal command under any
  // lower ulimit exited 78, 'did not answer as a LayerFX shader worker' (new-user trial 15).
  @Test("a .metal fill renders under a ulimit -v and -t below the worker's own limits")
  func lowerUlimit() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.spin.write(toFile: directory.path("loop.metal"), atomically: true, encoding: .utf8)
    // 8,000,000 KiB (8.2 GB) of address space, below the worker's 16 GiB and above the 2 GiB
    // clang takes; 36,000 s of CPU time, below the worker's 86,400.
    let script =
      "ulimit -v 8000000 && ulimit -t 36000 || exit 77; exec env LAYERFX_CACHE=\"$1\" \"$0\" "
      + "render \"$2\" --arg n=0 --size 16x8 -o \"$3\""
    let result = try LayerFXTool.run(
      [
        "-c", script, LayerFXTool.executable.path, directory.path("cache"),
        directory.path("loop.metal") + ":spin", directory.path("out.png"),
      ], program: URL(fileURLWithPath: "/bin/sh"))
    try #require(result.status != 77, "ulimit -v or -t is not available")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty)
    #expect(FileManager.default.fileExists(atPath: directory.path("out.png")))
  }

  @Test("Ctrl-C ends a render stuck in a shader at once: no worker outlives layerfx")
  func interruptedLoop() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.spin.write(toFile: directory.path("loop.metal"), atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = LayerFXTool.executable
    process.arguments = [
      "render", directory.path("loop.metal") + ":spin", "--arg", "n=1", "--size", "16x8",
      "--shader-timeout", "600", "-o", directory.path("out.png"),
    ]
    process.environment = ["LAYERFX_CACHE": directory.path("cache")].merging(
      ProcessInfo.processInfo.environment
    ) { ours, _ in ours }
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Waits (not a timed assertion) until the workers run the loop.
    for _ in 0..<1200 where Self.workers(of: directory).isEmpty && process.isRunning {
      usleep(50_000)
    }
    #expect(!Self.workers(of: directory).isEmpty)
    process.interrupt()
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGINT)
    // PR_SET_PDEATHSIG kills them as layerfx ends; their exit can trail it by a moment.
    for _ in 0..<100 where !Self.workers(of: directory).isEmpty { usleep(20_000) }
    #expect(Self.workers(of: directory).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.png")))
  }

  /// The process ids of shader workers whose command line names a file under `directory`.
  static func workers(of directory: TemporaryDirectory) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.filter { entry in
      guard entry.allSatisfy(\.isNumber),
        let bytes = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
      else { return false }
      let line = String(decoding: bytes, as: UTF8.self)
      return line.contains("layerfx-shader-worker") && line.contains(directory.path)
    }
  }

  @Test("a macro bomb is refused in one line at the compiler's limits, exit 65")
  func macroBomb() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var defines = "#define A1 1+1+1+1+1+1+1+1+1+1\n"
    for level in 2...9 {
      defines +=
        "#define A\(level) " + Array(repeating: "A\(level - 1)", count: 10).joined(separator: "+")
        + "\n"
    }
    try Self.shader(defines, "return half4(A9);").write(
      toFile: directory.path("bomb.metal"), atomically: true, encoding: .utf8)
    let result = try Self.run(
      ["list", directory.path("bomb.metal")], cache: directory.path("cache"))
    #expect(result.status == 65)
    #expect(result.errorLines.count == 1)
    #expect(result.standardError.contains("refused: the compiler"))
    // Each limit named as what it counts: RLIMIT_CPU 30 s and RLIMIT_AS 2 << 30 bytes, or the
    // 120 s wall-clock limit a busy machine may reach first (MetalCompiler.compileSeconds…).
    let limits = [
      "the compiler was stopped at its limits of 30 s of CPU time and 2 GiB of memory",
      "the compiler ran past its limit of 120 s of wall-clock time",
    ]
    #expect(limits.contains { result.standardError.contains($0) }, "\(result.standardError)")
  }

  // clang overflows its stack on parentheses nested 100 000 deep (in under a second, new-user
  // trial 9) and printed LLVM's "PLEASE submit a bug report", and a preprocessed copy of the
  // shader in the temporary folder, before -fno-crash-diagnostics.
  @Test("a file that crashes the compiler is refused in one line naming it, no copy left behind")
  func compilerCrash() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let depth = 100_000
    let expression =
      String(repeating: "(", count: depth) + "position.x" + String(repeating: ")", count: depth)
    let path = directory.path("deep.metal")
    try Self.shader("", "if (\(expression) < 0) { return half4(0); }").write(
      toFile: path, atomically: true, encoding: .utf8)
    let temporary = directory.path("tmp")
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
    let result = try LayerFXTool.run(
      [
        "LAYERFX_CACHE=" + directory.path("cache"), "TMPDIR=" + temporary,
        LayerFXTool.executable.path, "list", path,
      ],
      program: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(result.status == 65)
    let expected: String =
      "layerfx: error: \(path): refused: the compiler crashed on this file (an expression or "
      + "nesting too deep?)"
    #expect(result.errorLines == [expected])
    #expect(isEmpty(temporary))
  }

  // A constant clang cannot evaluate (a constexpr loop past its step limit, not foldable) is
  // computed when the library loads, so it lands in writable memory: refused, and the advice
  // is not only "make them `constant`", which it already is.
  @Test("a constant whose initialiser clang cannot evaluate is refused, asking for a known value")
  func constantComputedAtLoad() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("spin.metal")
    try Self.shader(
      """
      constexpr long spin(long n) {
        long s = 0;
        for (long i = 0; i < n; i++) s = s * 6364136223846793005L + (i ^ (s >> 7));
        return s;
      }
      constant long K = spin(2000000L);
      """, "if (K == 1) { return half4(0); }"
    ).write(toFile: path, atomically: true, encoding: .utf8)
    let result = try Self.run(
      ["render", path + ":f", "--size", "4x4", "-o", directory.path("out.png")],
      cache: directory.path("cache"))
    #expect(result.status == 65)
    #expect(
      result.errorLines == [
        "layerfx: error: \(path): refused: the compiled library has writable global variables "
          + "(Metal has no writable program-scope variables; make them `constant`, with a value "
          + "known at compile time)"
      ])
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.png")))
  }

  // New-user trial 9's shader: the writes run up the stack over the fault guard's saved state
  // until the stack's end faults; the guard's return then makes a call the filter forbids.
  @Test("a write past a local array is reported as SIGSYS or a corrupted stack, exit 65")
  func localArrayOverrun() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("overrun.metal")
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 f(float2 position) {
        thread float a[4];
        for (int i = 0; i < 100000; i++) a[i] = 1.0;
        return half4(half(a[0]), 0, 0, 1);
      }

      """
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try Self.run(
      ["render", path + ":f", "--size", "4x4", "-o", directory.path("out.png")],
      cache: directory.path("cache"))
    #expect(result.status == 65)
    let expected: String =
      "layerfx: error: \(path): f: SIGSYS: made a system call, which the shader sandbox forbids, "
      + "or corrupted its stack (a write past a local array?); nothing written"
    #expect(result.errorLines == [expected])
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.png")))
  }

  @Test("a cache folder that belongs to another user is refused, exit 73, one line")
  func foreignCache() throws {
    guard geteuid() == 0 else { return }  // chown needs root
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = directory.path("cache")
    #expect(mkdir(cache, 0o700) == 0)
    #expect(chown(cache, 65534, 65534) == 0)
    let result = try Self.run(
      ["list", MetalCommandTests.ripple], cache: cache)
    #expect(result.status == 73)
    #expect(
      result.errorLines == [
        "layerfx: error: the compile cache \(cache) belongs to user 65534, not to this user (0); "
          + "refusing to use it"
      ])
  }

  @Test(
    "without HOME the cache is a per-user 0700 folder; a 0777 one is refused"
  )
  func cacheWithoutHome() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let arguments = ["list", MetalCommandTests.ripple]
    let cache = directory.path("layerfx-metal-\(geteuid())")
    #expect(mkdir(cache, 0o700) == 0 && chmod(cache, 0o755) == 0)
    let environment = [
      "-u", "HOME", "-u", "XDG_CACHE_HOME", "-u", "LAYERFX_CACHE", "TMPDIR=" + directory.path,
    ]
    let first = try LayerFXTool.run(
      environment + [LayerFXTool.executable.path] + arguments,
      program: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(first.status == 0, "\(first.standardError)")
    var status = stat()
    #expect(lstat(cache, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o700)
    #expect(chmod(cache, 0o777) == 0)
    let second = try LayerFXTool.run(
      environment + [LayerFXTool.executable.path] + arguments,
      program: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(second.status == 73)
    #expect(
      second.errorLines == [
        "layerfx: error: the compile cache \(cache) is open to other users (mode 777); it must "
          + "be 0700"
      ])
  }

  @Test("without HOME, a TMPDIR that does not exist is not created: the cache goes to /tmp")
  func cacheWithMissingTemporaryFolder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let missing = directory.path("nonexistent")
    let result = try LayerFXTool.run(
      [
        "-u", "HOME", "-u", "XDG_CACHE_HOME", "-u", "LAYERFX_CACHE", "TMPDIR=" + missing,
        LayerFXTool.executable.path, "list", MetalCommandTests.ripple,
      ],
      program: URL(fileURLWithPath: "/usr/bin/env"))
    // clang gets TMPDIR=/tmp too: with the missing folder it failed, 'unable to make temporary
    // file: No such file or directory'.
    #expect(result.status == 0, "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: missing))
    var status = stat()
    #expect(lstat("/tmp/layerfx-metal-\(geteuid())", &status) == 0)
    #expect(status.st_mode & 0o777 == 0o700)
  }

  @Test("a truncated cache entry is compiled again and renders the same bytes")
  func truncatedEntry() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = directory.path("cache")
    let render = { (output: String) in
      try Self.run(
        [
          "apply", MetalCommandTests.ripple + ":Ripple", "testcard:64x40", "--arg",
          "origin=20,10", "--arg", "time=0.2", "--arg", "amplitude=8", "--arg", "frequency=15",
          "--arg", "decay=8", "--arg", "speed=600", "--max-sample-offset", "8,8", "-o",
          directory.path(output),
        ], cache: cache)
    }
    #expect(try render("first.png").status == 0)
    let objects = try FileManager.default.contentsOfDirectory(atPath: cache).filter {
      $0.hasSuffix(".so")
    }
    #expect(objects.count == 1)
    for object in objects { #expect(truncate(cache + "/" + object, 100) == 0) }
    let second = try render("second.png")
    #expect(second.status == 0, "\(second.standardError)")
    #expect(
      FileManager.default.contents(atPath: directory.path("first.png"))
        == FileManager.default.contents(atPath: directory.path("second.png")))
  }

  /// Runs `layerfx` with its compile cache in `cache`.
  static func run(_ arguments: [String], cache: String) throws -> LayerFXTool.Result {
    try LayerFXTool.run(
      ["LAYERFX_CACHE=" + cache, LayerFXTool.executable.path] + arguments,
      program: URL(fileURLWithPath: "/usr/bin/env"))
  }
}

/// Whether the folder at `path` is missing or empty.
private func isEmpty(_ path: String) -> Bool {
  ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).isEmpty
}
