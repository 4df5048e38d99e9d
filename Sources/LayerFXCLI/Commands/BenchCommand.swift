import LayerFX
import LayerFXBenchmarkKit

/// `layerfx bench`: every built-in kernel timed against its C + OpenMP reference.
enum BenchCommand {
  static let name = "bench"
  static let summary = "Time the built-in kernels against their C + OpenMP references."
  static let synopsis = "[options]"
  static let discussion = """
    For each kernel, size and thread count: the Swift engine's fast (lane) form, its closure
    form and the C reference run on the same input, interleaved, after checking that their
    outputs agree within 1 code value. Prints median and minimum seconds, megapixels per
    second and the Swift/C ratio, then a tile-size sweep. Build with -c release first.
    Exits 1 when some outputs differ by more than 1 code value.
    """
  static let options: [OptionSpec] = [
    .value("kernel", "NAME", "only this kernel (default: every built-in one)"),
    .value(
      "size", "WxH", "test-card size, pixels (repeatable; default 1920x1080 and 3840x2160)",
      repeatable: true),
    .value("input", "FILE.png", "run on this image instead of the test card"),
    .value("threads", "N,N…", "thread counts (default: 1 and all cores)"),
    .value("repeats", "N", "timed runs per variant (default 7)"),
    .value("warmup", "N", "untimed runs first (default 1)"),
    .value(
      "tile-size", "PX", "tile edge for the main cases, pixels (default: the renderer's bands)"),
    .value("tiles", "PX,PX…|none", "tile edges for the sweep, pixels (default 16,64,256,1024)"),
    .value("time", "SECONDS", "value of a kernel's time parameter (default 0.5)"),
    .flag("json", "print one JSON document (seconds, Mpix/s, ratios) instead of lines"),
    RenderOptions.pixelLimitSpec,
  ]

  static let command = Command(
    name: name, summary: summary, synopsis: synopsis, discussion: discussion,
    options: options, run: run)

  static func run(_ arguments: ParsedArguments, console: Console) throws {
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
    options.threadCounts = try arguments.value("threads", as: .counts) ?? options.threadCounts
    options.repeats = try arguments.value("repeats", as: .integer(in: 1...1000), default: 7)
    options.warmUps = try arguments.value("warmup", as: .integer(in: 0...1000), default: 1)
    options.tileSize = try arguments.value("tile-size", as: .integer(in: 1...65536))
    if arguments.value("tiles") == "none" {
      options.sweepTileSizes = []
    } else {
      options.sweepTileSizes = try arguments.value("tiles", as: .counts) ?? options.sweepTileSizes
    }
    options.time = Float(try arguments.value("time", as: .number, default: 0.5))
    options.json = arguments.has("json")
    let input = try arguments.value("input").map { path in
      try InputImage(path, scale: 1, pixelLimit: try RenderOptions.pixelLimit(arguments)).image
    }
    if !BuildConfiguration.isOptimized {
      console.error("layerfx: warning: a debug build; its times mean little (use -c release)")
    }
    let report = try LayerFXBenchmark.run(
      options, input: input,
      command: (["layerfx", "bench"] + arguments.commandLine).joined(separator: " "))
    if options.json { console.print(report.json()) }
    guard report.allAgree else { throw BenchmarkDisagreement() }
  }
}

/// Some Swift and C outputs differed by more than 1 code value (exit 1).
struct BenchmarkDisagreement: ExitCoded {
  var exitCode: ExitCode { .failure }
  var description: String { "some outputs differ by more than 1 code value (see the report)" }
}

extension BenchmarkError: ExitCoded {
  var exitCode: ExitCode {
    switch self {
    case .unknownKernel: .usage
    case .internalChecksEnabled: .configuration
    }
  }
}

extension ValueType where Value == [Int] {
  /// A comma-separated list of whole numbers from 1 to 65536.
  static let counts = ValueType(expected: "comma-separated whole numbers from 1 to 65536") {
    text in
    let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
    guard !values.isEmpty, values.allSatisfy({ ($0 ?? 0) >= 1 && ($0 ?? 0) <= 65536 }) else {
      return nil
    }
    return values.compactMap { $0 }
  }
}
