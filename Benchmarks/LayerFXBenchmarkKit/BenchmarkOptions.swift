import LayerFX

/// The benchmark's command-line options.
struct BenchmarkOptions: Equatable {
  /// Only this kernel, or every registered one when `nil`.
  var kernel: String?
  /// Image sizes in pixels; ignored when ``inputPath`` is set (the photo's own size is used).
  var sizes: [SIMD2<Int>] = [SIMD2(1920, 1080), SIMD2(3840, 2160)]
  /// A photo to run on instead of the test card.
  var inputPath: String?
  /// Thread counts to measure; 1 and all cores by default.
  var threadCounts: [Int]
  /// Timed repetitions per variant (after ``warmUps`` untimed ones).
  var repeats = 7
  /// Untimed runs before timing.
  var warmUps = 1
  /// Tile edges (pixels) for the tile-size sweep; empty skips it.
  var sweepTileSizes = [16, 64, 256, 1024]
  /// The tile edge for the main cases, pixels.
  var tileSize = Renderer().tileSize
  /// The value given to a kernel parameter named `time`, seconds.
  var time: Float = 0.5
  /// Machine-readable output.
  var json = false
  /// Whether `--help` was asked for.
  var showsHelp = false

  static let usage = """
    Usage: layerfx bench [--kernel NAME] [--size WxH]... [--input FILE] [--threads N,N...]
                         [--repeats N] [--warmup N] [--tile PIXELS] [--tiles N,N...|none]
                         [--time SECONDS] [--json]
    Times every built-in kernel (Swift fast path, Swift closure path, C + OpenMP reference)
    on the same input, interleaved; reports median and minimum seconds, megapixels per second
    and ratios. Defaults: sizes 1920x1080 and 3840x2160 (test card), threads 1 and all cores,
    7 repeats after 1 warm-up, the renderer's default tile, tile sweep 16, 64, 256, 1024 pixels, time 0.5 seconds.
    """

  init(allCores: Int) {
    threadCounts = allCores > 1 ? [1, allCores] : [1]
  }

  /// Parses `arguments` (without the program name); `--name value` and `--name=value`.
  init(parsing arguments: [String], allCores: Int) throws(BenchmarkError) {
    self.init(allCores: allCores)
    var givenSizes: [SIMD2<Int>] = []
    var index = 0
    while index < arguments.count {
      var name = arguments[index]
      var inlineValue: String?
      if let equals = name.firstIndex(of: "="), name.hasPrefix("--") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      index += 1
      func value() throws(BenchmarkError) -> String {
        if let inlineValue { return inlineValue }
        guard index < arguments.count else { throw .usage("\(name) needs a value") }
        defer { index += 1 }
        return arguments[index]
      }
      switch name {
      case "--help", "-h": showsHelp = true
      case "--json": json = true
      case "--kernel": kernel = try value()
      case "--input": inputPath = try value()
      case "--size": givenSizes.append(try Self.size(try value()))
      case "--threads": threadCounts = try Self.counts(try value(), option: name)
      case "--repeats": repeats = try Self.count(try value(), option: name)
      case "--warmup": warmUps = try Self.count(try value(), option: name, minimum: 0)
      case "--tile": tileSize = try Self.count(try value(), option: name)
      case "--tiles":
        let list = try value()
        sweepTileSizes = list == "none" ? [] : try Self.counts(list, option: name)
      case "--time":
        let text = try value()
        guard let seconds = Float(text), seconds.isFinite else {
          throw .usage("--time: '\(text)' is not a number of seconds")
        }
        time = seconds
      default: throw .usage("unknown option '\(name)'")
      }
    }
    if !givenSizes.isEmpty { sizes = givenSizes }
  }

  private static func size(_ text: String) throws(BenchmarkError) -> SIMD2<Int> {
    let parts = text.split(separator: "x")
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0,
      height > 0
    else { throw .usage("--size: '\(text)' is not WIDTHxHEIGHT in pixels") }
    return SIMD2(width, height)
  }

  private static func count(_ text: String, option: String, minimum: Int = 1)
    throws(BenchmarkError) -> Int
  {
    guard let value = Int(text), value >= minimum else {
      throw .usage("\(option): '\(text)' is not a whole number ≥ \(minimum)")
    }
    return value
  }

  private static func counts(_ text: String, option: String) throws(BenchmarkError) -> [Int] {
    var result: [Int] = []
    for part in text.split(separator: ",") {
      result.append(try count(String(part), option: option))
    }
    guard !result.isEmpty else { throw .usage("\(option): give at least one number") }
    return result
  }
}
