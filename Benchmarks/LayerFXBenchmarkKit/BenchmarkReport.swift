import Foundation

/// Everything one benchmark run measured, in the shape `--json` prints.
public struct BenchmarkReport: Codable, Sendable {
  /// The CPU model and core count, as the OS reports them.
  var machine: String
  /// When the run started, ISO 8601.
  var date: String
  /// The command line.
  var command: String
  /// The main cases: one per kernel, size and thread count.
  var cases: [CaseResult] = []
  /// The tile-size sweep: the Swift engine alone, all cores, the largest size.
  var tileSweep: [SweepResult] = []

  /// One kernel at one size and thread count, every variant timed on the same input.
  struct CaseResult: Codable {
    /// The case's name: `kernel/WxH/Nt`, such as `ripple/1920x1080/2t`.
    var name: String
    var kernel: String
    var width: Int
    var height: Int
    var threads: Int
    var tileSize: Int?
    /// The engine as users get it: the kernel's lane form when it has one.
    var swift: Timing
    /// The per-pixel closure form, timed too when the kernel has a lane form.
    var swiftClosure: Timing?
    /// The kernel's user-style twin (Benchmarks/UserKernels), lane form, when it has one.
    var userKernel: Timing?
    /// The twin's shader function name (`userRipple`).
    var userKernelName: String?
    /// Twin median ÷ built-in (`swift`) median: how many times slower the user's kernel is.
    var userKernelOverBuiltIn: Double?
    /// The C + OpenMP reference, when the kernel has one.
    var c: Timing?
    /// C median ÷ Swift median: how many times faster Swift is than C.
    var swiftOverC: Double?
    /// Swift (lane form) against C, in 8-bit code values.
    var agreementWithC: CodeValueAgreement?
    /// The lane form against the closure form, in 8-bit code values.
    var agreementWithClosure: CodeValueAgreement?
    /// The built-in (lane form) against its user-style twin, in 8-bit code values.
    var agreementWithUserKernel: CodeValueAgreement?
  }

  /// The Swift engine at one tile size.
  struct SweepResult: Codable {
    var name: String
    var tileSize: Int?
    var swift: Timing
  }

  /// Whether every checked pair of outputs agreed within 1 code value.
  public var allAgree: Bool {
    cases.allSatisfy {
      ($0.agreementWithC?.agrees ?? true) && ($0.agreementWithClosure?.agrees ?? true)
        && ($0.agreementWithUserKernel?.agrees ?? true)
    }
  }

  /// The report as pretty-printed JSON with sorted keys.
  public func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  /// The header lines of the human-readable report.
  var header: String {
    "machine: \(machine)\ndate: \(date)\ncommand: \(command)"
  }

  /// The CPU model name and the number of active cores.
  static func machineDescription() -> String {
    let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
      cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
      .flatMap { $0.split(separator: ":", maxSplits: 1).last }
      .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
    return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores"
  }
}

extension BenchmarkReport.CaseResult {
  /// One line per case for a terminal.
  var line: String {
    var parts = [
      name.padding(toLength: 26, withPad: " ", startingAt: 0),
      "swift \(Self.format(swift))",
    ]
    if let swiftClosure { parts.append("closure \(Self.format(swiftClosure))") }
    if let userKernel, let userKernelName, let userKernelOverBuiltIn {
      parts.append("\(userKernelName) \(Self.format(userKernel))")
      parts.append(String(format: "user/built-in %.2f×", userKernelOverBuiltIn))
    }
    if let c { parts.append("C \(Self.format(c))") }
    if let swiftOverC { parts.append(String(format: "speed-up vs C %.2f×", swiftOverC)) }
    if let agreementWithC { parts.append("vs C: max \(agreementWithC.maxCodeDifference) code") }
    if let agreementWithClosure {
      parts.append("vs closure: max \(agreementWithClosure.maxCodeDifference) code")
    }
    if let agreementWithUserKernel {
      parts.append("vs user: max \(agreementWithUserKernel.maxCodeDifference) code")
    }
    return parts.joined(separator: "  ")
  }

  static func format(_ timing: Timing) -> String {
    String(
      format: "%.4f s (min %.4f) %6.1f Mpix/s", timing.median, timing.minimum,
      timing.megapixelsPerSecond)
  }
}
