import Foundation
import LayerFXTestSupport
import Testing

/// A render that memory cannot hold is refused before any pixel renders, exit 71 (EX_OSERR).
///
/// One line names what it needs and what is available, instead of an abort in an allocation.
/// The limit is a child shell's `ulimit -v`, so the test machine's memory is never used up.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sh"), "needs /bin/sh"))
struct MemoryBudgetTests {
  /// Runs `layerfx arguments…` under `ulimit -v kilobytes`; `nil` without `ulimit -v`.
  func runLimited(kilobytes: Int, _ arguments: [String]) throws -> LayerFXTool.Result? {
    let script =
      "ulimit -v \(kilobytes) || exit 77; SWIFT_BACKTRACE=enable=no exec \"$0\" \"$@\""
    let result = try LayerFXTool.run(
      ["-c", script, LayerFXTool.executable.path] + arguments,
      program: URL(fileURLWithPath: "/bin/sh"))
    return result.status == 77 ? nil : result
  }

  /// Expects one refusal line `layerfx: error: PATH: needs about NEED of memory, … available
  /// (ulimit -v); …`, exit 71.
  func expectRefusal(_ result: LayerFXTool.Result, path: String, need: String) {
    #expect(result.status == 71)
    #expect(result.errorLines.count == 1)
    let line = result.errorLines.first ?? ""
    #expect(line.hasPrefix("layerfx: error: \(path): needs about \(need) of memory, "), "\(line)")
    #expect(
      line.hasSuffix(
        " available (ulimit -v); raise ulimit -v, or render a smaller image or a shorter chain"),
      "\(line)")
  }

  /// The address space, in kilobytes, that the check sets aside for threads.
  ///
  /// One per thread Dispatch may start (one per processor, and its manager): an 8 MiB stack and
  /// a 64 MiB malloc arena (glibc's `HEAP_MAX_SIZE`). A limit of 400 MB plus this leaves the
  /// input room on any machine.
  static let threadReserveKilobytes = (ProcessInfo.processInfo.activeProcessorCount + 1) * 72 * 1024

  @Test("a three-effect chain over the address-space limit is refused before it renders")
  func chain() throws {
    let directory = try TemporaryDirectory()
    let output = directory.path("x.png")
    // testcard:4000x2500, N = 10⁷ pixels: the input 16 N = 160 MB, two working copies 320 MB,
    // the samples 4 N = 40 MB, and a band per worker: 32 bands of ⌈2500 / 32⌉ = 79 rows,
    // 4000 × 79 × 16 B = 5.056 MB, twice: 530.1 MB. The input (160 MB) fits in 400 MB.
    let result = try runLimited(
      kilobytes: 400_000 + Self.threadReserveKilobytes,
      [
        "apply", "testcard:4000x2500", "--effect", "twirl", "--effect", "emboss", "--effect",
        "grayscale", "--time", "0", "--threads", "2", "-o", output,
      ])
    let refused = try #require(result, "ulimit -v is not available")
    expectRefusal(refused, path: output, need: "530.1 MB")
    #expect(try directory.contents() == [])
  }

  @Test("a test card larger than the limit is refused before its pixels are allocated")
  func testCard() throws {
    let directory = try TemporaryDirectory()
    // 20000 × 20000 × 16 bytes = 6.4 GB, under --max-pixels raised to allow it.
    let result = try runLimited(
      kilobytes: 1_000_000,
      [
        "apply", "twirl", "testcard:20000x20000", "--max-pixels", "400000000", "-o",
        directory.path("x.png"),
      ])
    let refused = try #require(result, "ulimit -v is not available")
    expectRefusal(refused, path: "testcard:20000x20000", need: "6.4 GB")
  }

  @Test("--ignore-free-memory still refuses a test card larger than ulimit -v, exit 71")
  func ignoreFreeMemoryKeepsAddressSpaceLimit() throws {
    let directory = try TemporaryDirectory()
    // 20000 × 20000 × 16 bytes = 6.4 GB in one allocation, more than the whole 1.024 GB address
    // space: it cannot succeed, whatever the system has free (it aborted with "Fatal error:
    // failed to allocate 6400000032 bytes", exit 134).
    let result = try runLimited(
      kilobytes: 1_000_000,
      [
        "apply", "sepia", "testcard:20000x20000", "--max-pixels", "400000000",
        "--ignore-free-memory", "-o", directory.path("o.png"),
      ])
    let refused = try #require(result, "ulimit -v is not available")
    expectRefusal(refused, path: "testcard:20000x20000", need: "6.4 GB")
    // What is left is the 1.024 GB limit less what the process maps, so between 0 and 1.024 GB:
    // no threads' reserve is taken off (it made the figure 0 on a machine of 13 or more cores).
    let line = refused.errorLines.first ?? ""
    let words = line.split(separator: ",").dropFirst().first?.split(separator: " ") ?? []
    let scale = ["MB": 1e6, "GB": 1e9][words.dropFirst().first.map(String.init) ?? ""]
    let bytes = words.first.flatMap { Double($0) }.flatMap { value in scale.map { value * $0 } }
    #expect(words.count > 2 && words[2] == "available", "\(line)")
    #expect(bytes.map { $0 > 0 && $0 < 1_024_000_000 } == true, "\(line)")
    #expect(try directory.contents() == [])
  }

  @Test("a PNG whose decode cannot fit is refused from its header, before decoding")
  func pngHeader() throws {
    let directory = try TemporaryDirectory()
    let input = directory.path("huge.png")
    try Data(HugeHeaderPNG.bytes).write(to: URL(fileURLWithPath: input))
    // 9000 × 9000 pixels at 24 bytes (16-bit samples and the Float image) plus the 68-byte
    // file: 1.944 GB.
    let result = try runLimited(
      kilobytes: 1_000_000,
      ["apply", "twirl", input, "-o", directory.path("x.png")])
    let refused = try #require(result, "ulimit -v is not available")
    expectRefusal(refused, path: input, need: "1.9 GB")
    #expect(try directory.contents() == ["huge.png"])
  }

  @Test("a fill over the limit is refused before it renders, as a still and as frames")
  func fill() throws {
    let directory = try TemporaryDirectory()
    let output = directory.path("x.png")
    // 4000 × 2500, N = 10⁷ pixels, no input: the fill's Float image 16 N = 160 MB and the
    // samples 4 N = 40 MB (encoding then holds less: the samples, at most 67.1 MB of libpng's
    // buffer and the PNG's 40 MB copy).
    let limit = 150_000 + Self.threadReserveKilobytes
    let still = try runLimited(
      kilobytes: limit,
      ["render", "checkerboard", "--size", "4000x2500", "--threads", "2", "-o", output])
    let refused = try #require(still, "ulimit -v is not available")
    expectRefusal(refused, path: output, need: "200.0 MB")
    let frames = directory.path("frames") + "/"
    let animation = try runLimited(
      kilobytes: limit,
      [
        "render", "checkerboard", "--size", "4000x2500", "--fps", "10", "--frames", "3",
        "--threads", "2", "-o", frames,
      ])
    let refusedFrames = try #require(animation, "ulimit -v is not available")
    #expect(refusedFrames.status == 71)
    #expect(
      refusedFrames.errorLines.first?.hasPrefix("layerfx: error: \(frames): needs about ") == true)
    #expect(try directory.contents() == [])
  }

  @Test("an animation over the limit is refused before frame 0, naming its directory")
  func animation() throws {
    let directory = try TemporaryDirectory()
    let output = directory.path("frames") + "/"
    let result = try runLimited(
      kilobytes: 400_000 + Self.threadReserveKilobytes,
      [
        "apply", "testcard:4000x2500", "--effect", "twirl", "--effect", "emboss", "--effect",
        "grayscale", "--fps", "10", "--frames", "3", "--threads", "2", "-o", output,
      ])
    let refused = try #require(result, "ulimit -v is not available")
    #expect(refused.status == 71)
    #expect(refused.errorLines.first?.hasPrefix("layerfx: error: \(output): needs about ") == true)
    #expect(try directory.contents() == [])
  }
}
