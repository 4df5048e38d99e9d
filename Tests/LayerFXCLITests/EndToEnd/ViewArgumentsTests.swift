import Foundation
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// The arguments a view supplies, filled in by the command line when left out
/// (Documentation/Semantics.md §1.2): a view size is the image's size in points, a position its
/// centre.
@Suite struct ViewArgumentsTests {
  /// The distortion and layer effects whose position or view size has no declared default.
  static let cases: [(kernel: String, explicit: [String])] = [
    ("bulge", ["--arg", "center=100,60"]),
    ("kaleidoscope", ["--arg", "center=100,60"]),
    ("twirl", ["--arg", "center=100,60"]),
    ("ripple", ["--arg", "origin=100,60", "--arg", "time=0.1"]),
    ("rotationEffect", ["--arg", "size=200,120"]),
    ("scaleEffect", ["--arg", "size=200,120"]),
  ]

  /// Expects the command `given` (the arguments spelled out) and `supplied` (left out) to
  /// succeed and write the same PNG bytes.
  func expectSameOutput(given: [String], supplied: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var outputs: [Data] = []
    for (name, command) in [("given.png", given), ("supplied.png", supplied)] {
      let result = try LayerFXTool.run(command + ["-o", directory.path(name)])
      #expect(result.status == 0, "\(command): \(result.standardError)")
      outputs.append(try #require(FileManager.default.contents(atPath: directory.path(name))))
    }
    #expect(outputs[0] == outputs[1])
  }

  @Test(
    "a position left out is the image's centre and a view size its size, as if given",
    arguments: cases.map(\.kernel))
  func suppliedAsGiven(kernel: String) throws {
    let explicit = try #require(Self.cases.first { $0.kernel == kernel }).explicit
    // The 200 × 120 card at scale 1: 200 × 120 points, centre (100, 60).
    let time = kernel == "ripple" ? ["--arg", "time=0.1"] : []
    try expectSameOutput(
      given: ["apply", kernel, "testcard:200x120"] + explicit,
      supplied: ["apply", kernel, "testcard:200x120"] + time)
  }

  @Test("at scale 2 the centre and size are in points: half the pixels")
  func pointsAtScaleTwo() throws {
    // 200 × 120 pixels at 2 pixels per point: 100 × 60 points, centre (50, 30).
    try expectSameOutput(
      given: ["apply", "twirl", "testcard:200x120", "--scale", "2", "--arg", "center=50,30"],
      supplied: ["apply", "twirl", "testcard:200x120", "--scale", "2"])
  }

  @Test("a chain supplies them to each of its effects")
  func chainSupplies() throws {
    try expectSameOutput(
      given: [
        "apply", "testcard:200x120", "--effect", "twirl:center=100,60", "--effect",
        "ripple:origin=100,60", "--time", "0.1",
      ],
      supplied: [
        "apply", "testcard:200x120", "--effect", "twirl", "--effect", "ripple", "--time", "0.1",
      ])
  }

  @Test("every built-in effect runs with no argument on 1 × 1 and on a photo")
  func everyKernelRunsBare() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let list = try LayerFXTool.run(["list", "--json"])
    let json = try JSONSerialization.jsonObject(with: list.outputData) as? [[String: Any]]
    let effects = (json ?? []).filter { $0["kind"] as? String != "fill" }
      .compactMap { $0["name"] as? String }
    #expect(effects.count >= 22)
    let photo = TestData.path("photos/coffee.png")
    let inputs = ["testcard:1x1"] + (FileManager.default.fileExists(atPath: photo) ? [photo] : [])
    for kernel in effects {
      for input in inputs {
        let result = try LayerFXTool.run(["apply", kernel, input, "-o", directory.path("o.png")])
        #expect(result.status == 0, "\(kernel) \(input): \(result.standardError)")
      }
    }
  }
}
