import Foundation
import LayerFX
import LayerFXKernels

/// The benchmark harness: `layerfx bench` and the `layerfx-bench` executable share this entry.
///
/// Times every kernel of ``LayerFX/ShaderLibrary/builtIn`` (a kernel added later appears without
/// touching the harness) at each size and thread count: the Swift engine's lane form, its
/// closure form and the kernel's C + OpenMP reference, on the same input, interleaved. Outputs
/// are checked to agree within 1 8-bit code value before anything is timed.
public enum LayerFXBenchmark {
  /// Reads an image file for `--input`; the CLI passes its PNG decoder.
  public typealias ImageLoader = (_ path: String) throws -> Image

  /// Runs the benchmark with command-line `arguments` (without the program name), printing the
  /// report to standard output and problems to standard error.
  ///
  /// - Parameters:
  ///   - arguments: The options; `--help` lists them.
  ///   - loadImage: Reads `--input FILE`; by default a PAM file (`.pam`, Netpbm P7, RGB or
  ///     RGB_ALPHA, 8-bit), since PNG decoding lives in the CLI's module.
  /// - Returns: A sysexits code: 0 when every output agreed, 1 when some did not, 64 for a
  ///   usage error, 66 for an unreadable input, 78 when the engine was built with internal
  ///   checks.
  public static func main(
    _ arguments: [String], loadImage: ImageLoader = PAMImage.read(contentsOf:)
  ) -> Int32 {
    do {
      let options = try BenchmarkOptions(
        parsing: arguments, allCores: Renderer.defaultThreadCount)
      if options.showsHelp {
        print(BenchmarkOptions.usage)
        return 0
      }
      guard !BuildConfiguration.hasInternalChecks else {
        throw BenchmarkError.internalChecksEnabled
      }
      if !BuildConfiguration.isOptimized {
        printError("warning: the engine is a debug build; its times mean little (use -c release)")
      }
      let report = try run(
        options, command: (["layerfx bench"] + arguments).joined(separator: " "),
        loadImage: loadImage)
      if options.json { print(report.json()) }
      if !report.allAgree {
        printError("error: some outputs differ by more than 1 code value")
        return 1
      }
      return 0
    } catch let error as BenchmarkError {
      printError("error: \(error)")
      switch error {
      case .usage:
        printError(BenchmarkOptions.usage)
        return 64
      case .unknownKernel: return 64
      case .unreadableInput: return 66
      case .internalChecksEnabled: return 78
      }
    } catch {
      printError("error: \(error)")
      return 65
    }
  }

  private static func run(
    _ options: BenchmarkOptions, command: String, loadImage: ImageLoader
  ) throws -> BenchmarkReport {
    let library = ShaderLibrary.builtIn
    let functions: [ShaderFunction]
    if let name = options.kernel {
      guard let function = library.functions.first(where: { $0.name == name }) else {
        throw BenchmarkError.unknownKernel(name: name, available: library.functions.map(\.name))
      }
      functions = [function]
    } else {
      functions = library.functions
    }
    let sources: [Image]
    if let path = options.inputPath {
      do {
        sources = [try loadImage(path)]
      } catch {
        throw BenchmarkError.unreadableInput(path: path, reason: "\(error)")
      }
    } else {
      sources = options.sizes.map { Image.testCard(width: $0.x, height: $0.y) }
    }
    var report = BenchmarkReport(
      machine: BenchmarkReport.machineDescription(),
      date: ISO8601DateFormatter().string(from: Date()), command: command)
    if !options.json { print(report.header) }
    let runner = BenchmarkRunner(options: options)
    for function in functions {
      for source in sources {
        for result in try runner.cases(function, source: source) {
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
    return report
  }

  private static func printError(_ message: String) {
    FileHandle.standardError.write(Data("layerfx bench: \(message)\n".utf8))
  }
}
