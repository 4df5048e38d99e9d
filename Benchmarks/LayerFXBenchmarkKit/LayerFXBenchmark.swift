import Foundation
import LayerFX
import LayerFXKernels

/// The benchmark harness behind the `layerfx-bench` executable.
///
/// Times every kernel of ``LayerFX/ShaderLibrary/default`` (a kernel added later appears without
/// touching the harness) at each size and thread count: the Swift engine's lane form, its
/// closure form, the kernel's user-style twin (``UserKernelTwin``: the same math written as a
/// user's own kernel), its Metal original compiled by LayerFXMetal (``CompiledOriginal``) and
/// its C + OpenMP reference, on the same input, interleaved. Outputs are checked to agree within
/// 1 8-bit code value (the compiled original within 3) before anything is timed.
public enum LayerFXBenchmark {
  /// Runs the benchmark, printing a line per case to standard output as it goes unless
  /// `options.json` is set.
  ///
  /// - Parameters:
  ///   - options: What to measure.
  ///   - input: A photo to run on instead of the test card at `options.sizes`.
  ///   - command: The command line, recorded in the report.
  /// - Returns: Every case's medians, minima, rates and ratios, and whether outputs agreed.
  /// - Throws: ``BenchmarkError`` for an unknown kernel or an engine built with internal checks.
  public static func run(_ options: BenchmarkOptions, input: Image?, command: String) throws
    -> BenchmarkReport
  {
    guard !BuildConfiguration.hasInternalChecks else { throw BenchmarkError.internalChecksEnabled }
    // libomp's workers spin for 200 ms after each parallel region (KMP_BLOCKTIME), on the
    // core the next variant needs: at 2 threads the Swift lane form, timed right after the C
    // reference, ran at the speed of one thread in most rounds (ripple, 3840 × 2160, medians
    // of 7: 0.0628 s spinning against 0.0329 s passive). Passive workers sleep at once. Set
    // before the first parallel region, when libomp reads it; a value in the environment wins.
    setenv("OMP_WAIT_POLICY", "passive", 0)
    let library = ShaderLibrary.default
    let functions: [ShaderFunction]
    if let name = options.kernel {
      guard let function = library.functions.first(where: { $0.name == name }) else {
        throw BenchmarkError.unknownKernel(name: name, available: library.functions.map(\.name))
      }
      functions = [function]
    } else {
      functions = library.functions
    }
    let sources =
      input.map { [$0] } ?? options.sizes.map { Image.testCard(width: $0.x, height: $0.y) }
    var report = BenchmarkReport(
      machine: BenchmarkReport.machineDescription(),
      date: ISO8601DateFormatter().string(from: Date()), command: command)
    if !options.json { print(report.header) }
    let runner = BenchmarkRunner(options: options)
    for function in functions {
      // Compiled once, before any timing of this kernel (LayerFXMetal caches it on disk).
      let original = options.comparesMetal ? try CompiledOriginal.load(function.name) : nil
      for source in sources {
        for result in try runner.cases(function, source: source, original: original) {
          if !options.json { print(result.line) }
          report.cases.append(result)
        }
      }
      if let largest = sources.max(by: { $0.width * $0.height < $1.width * $1.height }) {
        for result in try runner.tileSweep(function, source: largest) {
          if !options.json {
            print("\(result.name)  swift \(BenchmarkReport.CaseResult.format(result.swift))")
          }
          report.tileSweep.append(result)
        }
      }
    }
    report.loadAverageAtEnd = BenchmarkReport.currentLoadAverage()
    if !options.json, let end = report.loadAverageAtEnd { print("load average at the end: \(end)") }
    return report
  }
}
