import Foundation
import LayerFX

/// Everything one benchmark run measured, in the shape `--json` prints.
public struct BenchmarkReport: Codable, Sendable {
  /// The CPU model and core count, as the OS reports them.
  var machine: String
  /// The SIMD level the engine was built for (``engineSIMDLevel``).
  var simdLevel = BenchmarkReport.engineSIMDLevel
  /// Whether this run took the engine's AVX-512 paths (`BuildConfiguration.runsAVX512Paths`:
  /// the CPU has AVX-512 F and `LAYERFX_NO_AVX512` is unset or empty).
  var avx512Paths = BuildConfiguration.runsAVX512Paths
  /// Pixels per call of each kind's lane form (``engineLaneWidths``).
  var laneWidths = BenchmarkReport.engineLaneWidths
  /// `/proc/loadavg`'s 1, 5 and 15 minute load averages when the run started.
  var loadAverage = BenchmarkReport.currentLoadAverage()
  /// The same when the run ended.
  var loadAverageAtEnd: String?
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
    /// The lane form's output before timing, ``OutputHash``: equal across builds exactly
    /// when they render the same bytes.
    var swiftHash: String?
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
    /// The compiled Metal original (`Shaders/<Kind>/<Name>.metal` through LayerFXMetal).
    var metal: Timing?
    /// Metal median ÷ Swift median: how many times faster Swift is than the compiled original.
    var swiftOverMetal: Double?
    /// What the compiled original's shader worker reported while the case ran (`MetalFaults`).
    ///
    /// A fault or the shader time limit leaves rows unrendered, so its times are not a render's
    /// and the run exits 1 (``metalRanWhole``). Absent when there was none.
    var metalFaults: [String]?
    /// Seconds to compile and load the original before timing (about 0.01 s when cached).
    var metalCompileSeconds: Double?
    /// Swift (lane form) against the compiled original, in 8-bit code values (≤ 3 passes).
    var agreementWithMetal: CodeValueAgreement?
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

  /// Whether every compiled original rendered every row of every frame: no case recorded
  /// ``CaseResult/metalFaults``.
  public var metalRanWhole: Bool { cases.allSatisfy { $0.metalFaults == nil } }

  /// Whether every checked pair of outputs agreed: within 1 code value, and the compiled
  /// Metal original within 3 (Documentation/Semantics.md §3's bound for every pixel).
  public var allAgree: Bool {
    cases.allSatisfy {
      ($0.agreementWithC?.agrees ?? true) && ($0.agreementWithClosure?.agrees ?? true)
        && ($0.agreementWithUserKernel?.agrees ?? true)
        && ($0.agreementWithMetal?.maxCodeDifference ?? 0) <= 3
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
    "machine: \(machine)\nengine built for: \(simdLevel)\n"
      + "AVX-512 paths: \(avx512Paths ? "on" : "off (LAYERFX_NO_AVX512 or no AVX-512 F)")\n"
      + "lane widths: \(laneWidths)\n"
      + "load average: \(loadAverage)\ndate: \(date)\ncommand: \(command)"
  }

  /// The SIMD level the engine targets were compiled for, as ../Package.swift decides and this
  /// package's manifest repeats (`LAYERFX_ENGINE_HASWELL`): `haswell (AVX2, FMA, F16C)` or
  /// `portable x86-64` (or the architecture's baseline elsewhere).
  static let engineSIMDLevel: String = {
    #if LAYERFX_ENGINE_HASWELL
      "haswell (AVX2, FMA, F16C)"
    #elseif arch(x86_64)
      "portable x86-64"
    #else
      "portable (the architecture's baseline)"
    #endif
  }()

  /// Pixels per call of each kind's lane form, from `Sources/LayerFX/Sampling/LaneWidths.swift`:
  /// `color 8, distortion 16, layer 16, fill 8`.
  static let engineLaneWidths =
    "color \(ColorEffectLanes.laneCount), distortion \(DistortionEffectLanes.laneCount), "
    + "layer \(LayerEffectLanes.laneCount), fill \(FillLanes.laneCount)"

  /// The first three fields of `/proc/loadavg`, or `unknown`.
  static func currentLoadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    let fields = text.split(separator: " ").prefix(3)
    return fields.count == 3 ? fields.joined(separator: " ") : "unknown"
  }

  /// The CPU model name and the number of active cores.
  ///
  /// A virtual machine may name only the vendor's line (`AMD EPYC`), so the CPU family and
  /// model numbers follow, and whether AVX-512 is there: `AMD EPYC (family 26, model 2,
  /// AVX-512), 2 cores`.
  static func machineDescription() -> String {
    let lines = ((try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? "")
      .split(separator: "\n")
    // The first line `NAME<spaces or tabs>: VALUE` of the key `name`.
    func field(_ name: String) -> String? {
      for line in lines {
        let parts = line.split(separator: ":", maxSplits: 1)
        if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
          return parts[1].trimmingCharacters(in: .whitespaces)
        }
      }
      return nil
    }
    let model = field("model name") ?? "unknown CPU"
    var details: [String] = []
    if let family = field("cpu family"), let number = field("model") {
      details.append("family \(family), model \(number)")
    }
    if field("flags")?.split(separator: " ").contains("avx512f") == true {
      details.append("AVX-512")
    }
    let suffix = details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"
    return "\(model)\(suffix), \(ProcessInfo.processInfo.activeProcessorCount) cores"
  }
}

extension BenchmarkReport.CaseResult {
  /// One line per case for a terminal.
  var line: String {
    var parts = [
      // Padded to line the columns up; a longer name is kept whole (`padding` cuts it).
      name.count < 26 ? name.padding(toLength: 26, withPad: " ", startingAt: 0) : name,
      "swift \(Self.format(swift))",
    ]
    if let swiftClosure { parts.append("closure \(Self.format(swiftClosure))") }
    if let userKernel, let userKernelName, let userKernelOverBuiltIn {
      parts.append("\(userKernelName) \(Self.format(userKernel))")
      parts.append(String(format: "user/built-in %.2f×", userKernelOverBuiltIn))
    }
    if let metal { parts.append("metal \(Self.format(metal))") }
    if let metalFaults, let first = metalFaults.first {
      parts.append("METAL FAULTED \(metalFaults.count)× (\(first))")
    }
    if let swiftOverMetal {
      parts.append(String(format: "speed-up vs metal %.2f×", swiftOverMetal))
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
    if let agreementWithMetal {
      parts.append("vs metal: max \(agreementWithMetal.maxCodeDifference) code")
    }
    return parts.joined(separator: "  ")
  }

  static func format(_ timing: Timing) -> String {
    String(
      format: "%.4f s (min %.4f) %6.1f Mpix/s", timing.median, timing.minimum,
      timing.megapixelsPerSecond)
  }
}
