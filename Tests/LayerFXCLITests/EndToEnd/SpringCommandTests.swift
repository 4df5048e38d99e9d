import Foundation
import Testing

/// `layerfx spring` against Documentation/Semantics.md §6 and Apple's documented examples.
@Suite struct SpringCommandTests {
  /// The `name: value` lines and the CSV rows of a run.
  struct Output {
    var properties: [String: Double] = [:]
    var rows: [[Double]] = []
  }

  func inspect(_ arguments: [String]) throws -> Output {
    let result = try LayerFXTool.run(["spring"] + arguments)
    #expect(result.status == 0, "\(result.standardError)")
    var output = Output()
    var inTable = false
    for line in result.standardOutput.split(separator: "\n") {
      if line == "time,value,velocity" {
        inTable = true
      } else if inTable {
        output.rows.append(line.split(separator: ",").compactMap { Double($0) })
      } else if let colon = line.firstIndex(of: ":") {
        output.properties[String(line[..<colon])] = Double(line[line.index(colon, offsetBy: 2)...])
      }
    }
    return output
  }

  @Test(
    "values match Documentation/Semantics.md §6's table",
    arguments: [
      (["--duration", "0.5", "--bounce", "0"], [0.35774, 0.82103, 0.98640]),
      (["--duration", "0.5", "--bounce", "0.3"], [0.42330, 0.98409, 1.01450]),
      (["--duration", "1.0", "--bounce", "0"], [0.13131, 0.46558, 0.82103]),
      // Spring(response: 0.5, dampingRatio: 0.7) is Spring(duration: 0.5, bounce: 0.3).
      (["--response", "0.5", "--damping-ratio", "0.7"], [0.42330, 0.98409, 1.01450]),
    ])
  func table(options: [String], expected: [Double]) throws {
    let output = try inspect(options + ["--at", "0.1,0.25,0.5"])
    #expect(output.rows.map { $0[0] } == [0.1, 0.25, 0.5])
    for (row, value) in zip(output.rows, expected) {
      // The table has 5 decimals.
      #expect(abs(row[1] - value) <= 1e-5, "x(\(row[0])) = \(row[1]), expected \(value)")
    }
  }

  @Test("Apple's Spring(duration: 0.5, bounce: 0.3) has mass 1, stiffness 157.9, damping 17.6")
  func appleDurationBounce() throws {
    let p = try inspect(["--duration", "0.5", "--bounce", "0.3"]).properties
    #expect(p["mass"] == 1)
    #expect(abs((p["stiffness"] ?? 0) - 157.9) <= 0.05)
    #expect(abs((p["damping"] ?? 0) - 17.6) <= 0.05)
    #expect(abs((p["response"] ?? 0) - 0.5) <= 5e-7)
    #expect(abs((p["damping ratio"] ?? 0) - 0.7) <= 5e-7)
    #expect(abs((p["bounce"] ?? 0) - 0.3) <= 5e-7)
  }

  @Test("Apple's Spring(mass: 1, stiffness: 100, damping: 10) has duration 0.63 and bounce 0.5")
  func appleMassStiffnessDamping() throws {
    let p = try inspect(["--mass", "1", "--stiffness", "100", "--damping", "10"]).properties
    #expect(abs((p["response"] ?? 0) - 0.63) <= 0.005)
    #expect(abs((p["bounce"] ?? 0) - 0.5) <= 5e-7)
    #expect(abs((p["stiffness"] ?? 0) - 100) <= 5e-7 && abs((p["damping"] ?? 0) - 10) <= 5e-7)
  }

  @Test("the critically damped velocity and settling duration match the closed form")
  func criticalClosedForm() throws {
    let output = try inspect(["--at", "0.1,0.3"])  // Spring() is duration 0.5, bounce 0.
    // x(t) = 1 − (1 + ωt) e^(−ωt), v(t) = ω² t e^(−ωt) with ω = 2π / 0.5.
    let w = 4 * Double.pi
    for row in output.rows {
      let t = row[0]
      #expect(abs(row[2] - w * w * t * exp(-w * t)) <= 1e-6, "v(\(t)) = \(row[2])")
    }
    // Settling: the distance (1 + ωt) e^(−ωt) falls monotonically; bisect for 0.001.
    var (low, high) = (0.0, 10.0)
    for _ in 0..<200 {
      let mid = (low + high) / 2
      if (1 + w * mid) * exp(-w * mid) > 0.001 { low = mid } else { high = mid }
    }
    #expect(abs((output.properties["settling duration"] ?? 0) - low) <= 1e-6)
  }

  @Test("without --at only the properties are printed, one name: value per line")
  func propertiesOnly() throws {
    let result = try LayerFXTool.run(["spring", "--bounce", "1"])
    #expect(result.status == 0)
    // bounce 1: ζ = 0, damping 0, never settles.
    #expect(
      result.standardOutput == """
        mass: 1.000000
        stiffness: 157.913670
        damping: 0.000000
        response: 0.500000
        damping ratio: 0.000000
        bounce: 1.000000
        settling duration: inf

        """)
  }

  @Test("--help names the three forms with units")
  func help() throws {
    let result = try LayerFXTool.run(["spring", "--help"])
    #expect(result.status == 0)
    for fragment in [
      "--duration SECONDS", "--bounce B", "--mass M", "--stiffness K", "--damping C",
      "--response SECONDS", "--damping-ratio Z", "--at T,T,…", "seconds",
    ] {
      #expect(result.standardOutput.contains(fragment), "missing \(fragment)")
    }
  }
}
