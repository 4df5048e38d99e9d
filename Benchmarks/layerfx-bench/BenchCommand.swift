import Foundation
import LayerFX
import LayerFXArguments
import LayerFXBenchmarkKit
import LayerFXCLI
import LayerFXPNG

/// `layerfx-bench`: every built-in kernel timed against its C + OpenMP reference.
///
/// The option table and values use the root package's command-line parser (`LayerFXCLI`), so
/// the options read as `layerfx`'s do; errors go to standard error as one line,
/// `layerfx-bench: error: …`, with sysexits codes as `layerfx` uses them.
enum BenchCommand {
  /// The program name in messages.
  static let name = "layerfx-bench"
  static let summary = "Time the built-in kernels against their C + OpenMP references."
  static let usageLine = "Usage: \(name) [options]"
  static let discussion = """
    For each kernel, size and thread count: the Swift engine's fast (lane) form, its closure
    form, its user-style twin (the same math written as a user's own kernel, where there is
    one), its Metal original Shaders/<Kind>/<Name>.metal compiled by LayerFXMetal (once, before
    timing) and the C reference run on the same input, interleaved, after checking that their
    outputs agree within 1 code value (the compiled original within 3). Prints the CPU, the
    SIMD level the engine was built for and the load average, then median and minimum seconds,
    megapixels per second, the user/built-in, Swift/metal and Swift/C ratios, then a tile-size
    sweep. Build with -c release first.
    Exits 1 when some outputs differ by more than that.
    """
  static let options: [OptionSpec] = [
    .value("kernel", "NAME", "only this kernel (default: every built-in one)"),
    .value(
      "size", "WxH", "test-card size, pixels (repeatable; default 1920x1080 and 3840x2160)",
      repeatable: true),
    .value("input", "FILE.png", "run on this PNG file instead of the test card"),
    .value("threads", "N,N…", "thread counts (default: 1 and all cores)"),
    .value("repeats", "N", "timed runs per variant (default 7)"),
    .value("warmup", "N", "untimed runs first (default 1)"),
    .value(
      "tile-size", "PX", "tile edge for the main cases, pixels (default: the renderer's bands)"),
    .value("tiles", "PX,PX…|none", "tile edges for the sweep, pixels (default 16,64,256,1024)"),
    .value("time", "SECONDS", "value of a kernel's time parameter, seconds ≥ 0 (default 0.5)"),
    .value(
      "arg", "NAME=VALUE", "with --kernel: an argument replacing the scenario's (repeatable)",
      repeatable: true),
    .flag("no-metal", "skip the compiled Metal originals (no clang needed)"),
    .flag("json", "print one JSON document (seconds, Mpix/s, ratios) instead of lines"),
    .value(
      "max-pixels", "N",
      "refuse inputs larger than N pixels (default \(PNGDecoder.defaultMaxPixelCount))"),
    .flag("help", short: "h", "show this help and exit"),
  ]

  /// The text `--help` prints: usage, summary, discussion and the option table.
  static var help: String {
    let signatures = options.map { option in
      let long = "--\(option.name)" + (option.valueName.map { " \($0)" } ?? "")
      return option.short.map { "-\($0), \(long)" } ?? "    \(long)"
    }
    let width = signatures.map(\.count).max() ?? 0
    let rows = zip(signatures, options).map { signature, option in
      "  " + signature + String(repeating: " ", count: width - signature.count) + "  "
        + option.help
    }
    return ([usageLine, "", summary, "", discussion, "", "Options:"] + rows)
      .joined(separator: "\n")
  }

  /// Runs `arguments` (without the program name) and returns the exit status.
  static func main(_ arguments: [String]) -> Int32 {
    do {
      let parsed = try ParsedArguments(arguments, options: options)
      if parsed.has("help") {
        print(help)
        return ExitCode.ok.rawValue
      }
      try run(parsed)
      return ExitCode.ok.rawValue
    } catch {
      let code = BenchFailure.exitCode(of: error)
      printError("\(name): error: \(error)")
      if code == .usage { printError(usageLine) }
      return code.rawValue
    }
  }

  /// Fills ``BenchmarkOptions`` from the command line and runs the harness.
  ///
  /// - Throws: `UsageError` for a bad option value, `PNGError` for an `--input` that cannot be
  ///   read, `BenchmarkError` from the harness, ``BenchFailure/disagreement`` when some outputs
  ///   differ by more than 1 code value, ``BenchFailure/metalFaulted`` when a compiled original
  ///   faulted or met its time limit while it was timed.
  static func run(_ arguments: ParsedArguments) throws {
    _ = try arguments.positionals()
    var options = BenchmarkOptions()
    options.kernel = arguments.value("kernel")
    let sizes = try arguments.all("size").map { text throws(UsageError) in
      guard let size = ValueType.size.parse(text) else {
        throw .invalidValue(option: "size", value: text, expected: ValueType.size.expected)
      }
      return size
    }
    if !sizes.isEmpty { options.sizes = sizes }
    options.threadCounts = try arguments.value("threads", as: .threadCounts) ?? options.threadCounts
    options.repeats = try arguments.value("repeats", as: .integer(in: 1...1000), default: 7)
    options.warmUps = try arguments.value("warmup", as: .integer(in: 0...1000), default: 1)
    options.tileSize = try arguments.value("tile-size", as: .integer(in: 1...65536))
    if arguments.value("tiles") == "none" {
      options.sweepTileSizes = []
    } else {
      options.sweepTileSizes = try arguments.value("tiles", as: .counts) ?? options.sweepTileSizes
    }
    options.time = Float(try arguments.value("time", as: .time, default: 0.5))
    options.json = arguments.has("json")
    options.comparesMetal = !arguments.has("no-metal")
    let pixelLimit = try arguments.value(
      "max-pixels", as: .integer(in: 1...Int(Int32.max)),
      default: PNGDecoder.defaultMaxPixelCount)
    let pairs = arguments.all("arg")
    if !pairs.isEmpty {
      guard let kernel = options.kernel else { throw UsageError.invalid("--arg needs --kernel") }
      let bound = try ShaderLibrary.default.function(named: kernel)
        .bind(pairs, pixelLimit: pixelLimit)
      options.arguments = Dictionary(bound, uniquingKeysWith: { first, _ in first })
    }
    let input = try arguments.value("input").map { path in
      try PNGDecoder(maxPixelCount: pixelLimit).decode(contentsOf: path).image
    }
    if !BuildConfiguration.isOptimized {
      printError("\(name): warning: a debug build; its times mean little (use -c release)")
    }
    let report = try LayerFXBenchmark.run(
      options, input: input, command: ([name] + arguments.commandLine).joined(separator: " "))
    if options.json { print(report.json()) }
    guard report.allAgree else { throw BenchFailure.disagreement }
    guard report.metalRanWhole else { throw BenchFailure.metalFaulted }
  }

  /// Writes `line` and a newline to standard error.
  static func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
