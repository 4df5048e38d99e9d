import Foundation
import LayerFX
import LayerFXMath
import LayerFXPNG
import LayerFXTestSupport
import Testing

@testable import LayerFXTesting

@Suite("reference failures: messages, attachments, folders, names")
struct ReferenceReportTests {
  /// Four grey pixels (0.5 stores as code 128); the second pixel's red is 130: 2 codes off.
  private func pair() -> (expected: Image, actual: Image) {
    let expected = Image(width: 2, height: 2, color: half4(0.5, 0.5, 0.5, 1))
    var pixels = expected.pixels
    pixels[1] = half4(130.0 / 255, 0.5, 0.5, 1)
    return (expected, Image(width: 2, height: 2, pixels: pixels))
  }

  @Test("the message is rounded to what a person reads")
  func roundedMessage() {
    let (expected, actual) = pair()
    // By hand: max 2 codes; mean 2 / 16 channels = 0.125 → 0.1; 1 pixel of 4 = 25.0 %.
    #expect(
      compareReference(actual, expected, tolerance: .colorEffect).description
        == "max 2 codes, mean 0.1; 25.0 % of pixels above 1 code; first at (1, 0)")
    // One bad pixel of 10 000 is 0.01 %, not 0.0 %; the outliers allowed are named.
    let large = Image(width: 100, height: 100, color: half4(0.5, 0.5, 0.5, 1))
    var pixels = large.pixels
    pixels[250] = half4(1, 0.5, 0.5, 1)
    let one = compareReference(
      Image(width: 100, height: 100, pixels: pixels), large, tolerance: .layerEffect)
    // 255 − 128 = 127 codes on one channel: mean 127 / 40 000 = 0.003 → 0.0.
    #expect(
      one.description
        == "max 127 codes, mean 0.0; 0.01 % of pixels above 2 codes (0.1 % allowed); "
        + "first at (50, 2)")
  }

  @Test("a failure attaches expected, actual and diff PNGs and writes them to its folder")
  func attachments() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (expected, actual) = pair()
    let reference = directory.path("Tests/grey.png")
    try FileManager.default.createDirectory(
      atPath: directory.path("Tests"), withIntermediateDirectories: true)
    try PNGEncoder().write(expected, to: reference)
    let log = ReportLog()
    _ = log.check(["LAYERFX_ARTIFACTS": directory.path("artifacts")], base: directory.path)
      .expect(
        actual, at: reference, tolerance: .colorEffect, recording: .never,
        artifactDirectory: nil, sourceLocation: #_sourceLocation)
    let folder = directory.path("artifacts/Tests/grey")
    #expect(
      log.messages == [
        "\(reference): max 2 codes, mean 0.1; 25.0 % of pixels above 1 code; first at (1, 0); "
          + "images in \(folder)"
      ])
    #expect(log.attachments.map(\.name) == ["expected.png", "actual.png", "diff.png"])
    for (name, bytes) in log.attachments {
      #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) == Data(bytes))
    }
    // diff.png: |Δ| × 16 = 2 codes × 16 = 32 codes of red on pixel 1, black elsewhere.
    let diff = try PNGDecoder().decode(log.attachments[2].bytes).image
    let codes = PNGEncoder.rgba8(diff)
    #expect(Array(codes[4..<8]) == [32, 0, 0, 255])
    #expect(Array(codes[0..<4]) == [0, 0, 0, 255])
  }

  @Test("two references with one base name get two failure folders")
  func foldersByRelativePath() {
    let check = ReportLog().check(["LAYERFX_ARTIFACTS": "/artifacts"], base: "/repo")
    #expect(
      check.defaultArtifactDirectory(for: "/repo/Tests/A/ripple.png") == "/artifacts/Tests/A/ripple"
    )
    #expect(
      check.defaultArtifactDirectory(for: "/repo/Tests/B/ripple.png") == "/artifacts/Tests/B/ripple"
    )
    #expect(
      check.defaultArtifactDirectory(for: "Tests/C/ripple.png") == "/artifacts/Tests/C/ripple")
    #expect(
      check.defaultArtifactDirectory(for: "/elsewhere/ripple.png") == "/artifacts/elsewhere/ripple")
  }

  @Test("a reference without a path lives in __References__/<TestFile>/<test name>[.<name>].png")
  func referenceNames() {
    #expect(
      referencePath(filePath: "/p/Tests/X/RippleTests.swift", testName: "rippleAtRest()", name: nil)
        == "/p/Tests/X/__References__/RippleTests/rippleAtRest.png")
    #expect(
      referencePath(
        filePath: "/p/Tests/X/RippleTests.swift", testName: "rippleAtRest()", name: "large")
        == "/p/Tests/X/__References__/RippleTests/rippleAtRest.large.png")
    #expect(fileNameSafe("ripple(at:amplitude:)") == "ripple_at_amplitude")
    #expect(fileNameSafe("a/b c") == "a_b_c")
    #expect(fileNameSafe("../..") == "_")
  }

  @Test("expectReference(named:) finds the current test's name")
  func namedReferenceInATest() throws {
    let image = Image(width: 2, height: 2, color: half4(0, 0, 1, 1))
    let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("__References__/ReferenceReportTests/namedReferenceInATest.blue.png")
    defer {
      try? FileManager.default.removeItem(
        at: expected.deletingLastPathComponent().deletingLastPathComponent())
    }
    withKnownIssue("recording is reported") {
      expectReference(image, named: "blue", tolerance: .exact, recording: .all)
    }
    #expect(FileManager.default.fileExists(atPath: expected.path))
  }
}
