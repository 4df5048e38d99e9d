import CFuzzerDriver

#if canImport(Glibc)
  import Glibc
#endif

/// The shared body of every fuzz target: runs libFuzzer and hands each input's bytes to the
/// target.
///
/// A target is one type:
///
/// ```swift
/// @main enum FuzzPNGDecode: FuzzTarget {
///   static func test(_ bytes: [UInt8]) { _ = try? PNGDecoder().decode(bytes) }
/// }
/// ```
///
/// A crash, a sanitizer report or a trap inside `test` is a finding; thrown errors are the
/// expected outcome for bad input and are ignored by the targets.
///
/// Source: LLVM libFuzzer documentation, "Fuzz Target" and "Using LibFuzzer as a library".
public protocol FuzzTarget {
  /// Runs the code under test on one input.
  static func test(_ bytes: [UInt8])
}

extension FuzzTarget {
  /// Runs libFuzzer's driver with the process's arguments (`-max_total_time=60 CORPUS/` …) and
  /// exits with its status.
  public static func main() {
    fuzzTest = test
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
  }
}

/// The target's `test`, set once by `main` before libFuzzer starts (libFuzzer runs inputs on
/// one thread).
nonisolated(unsafe) private var fuzzTest: ([UInt8]) -> Void = { _ in }

/// libFuzzer's callback: copies the input and runs the target; returns 0, the only value
/// libFuzzer accepts for an input it may keep in the corpus.
///
/// Exported under libFuzzer's name too, because `-sanitize=fuzzer` links libFuzzer's own `main`
/// object, which refers to it (SwiftPM's `main=<Module>_main` alias still picks our `main`).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  fuzzTest(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
  return 0
}

/// Splits `bytes` at NUL bytes into strings (invalid UTF-8 is repaired), the way a command line
/// reaches `main`: the arguments of a fuzzed command line.
public func fuzzArguments(_ bytes: [UInt8]) -> [String] {
  bytes.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
}
