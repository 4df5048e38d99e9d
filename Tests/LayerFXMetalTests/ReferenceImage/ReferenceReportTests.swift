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
    // A comparison with no pixel above the tolerance names no first one (it read "first at
    // none"): the two codes of the first pair are within the layer effects' 2.
    #expect(
      compareReference(actual, expected, tolerance: .layerEffect).description
        == "max 2 codes, mean 0.1; 0.0 % of pixels above 2 codes (0.1 % allowed)")
  }

  @Test("images of different sizes compare as outside any tolerance, named by their sizes")
  func differentSizes() {
    // The trial's case (trial 15lib's L6) had stopped the test process on a precondition.
    let compared = compareReference(
      Image(width: 2, height: 2, color: half4(0.5, 0.5, 0.5, 1)),
      Image(width: 3, height: 1, color: half4(0.5, 0.5, 0.5, 1)), tolerance: .exact)
    #expect(!compared.isWithinTolerance)
    #expect(compared.mismatchFraction == 1)
    #expect(compared.firstMismatch == nil)
    #expect(compared.size == SIMD2(2, 2) && compared.referenceSize == SIMD2(3, 1))
    #expect(compared.description == "size 2×2, reference 3×1")
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

  // The limits are ReferenceTolerance's documented ranges (codes 0…255, a fraction 0…1). The
  // images are identical, so before the check -1 codes and NaN failed with "max 0 codes"
  // messages and 256 codes and 1.5 passed: none named the tolerance.
  @Test(
    "a tolerance outside 0…255 codes or 0…1 of the pixels is an issue naming it; nothing compared",
    arguments: [
      (ReferenceTolerance(maxChannelError: -1), "maxChannelError must be 0…255 codes, got -1"),
      (ReferenceTolerance(maxChannelError: 256), "maxChannelError must be 0…255 codes, got 256"),
      (
        ReferenceTolerance(maxChannelError: 1, maxMismatchFraction: .nan),
        "maxMismatchFraction must be a fraction 0…1, got nan"
      ),
      (
        ReferenceTolerance(maxChannelError: 1, maxMismatchFraction: 1.5),
        "maxMismatchFraction must be a fraction 0…1, got 1.5"
      ),
    ])
  func invalidTolerance(tolerance: ReferenceTolerance, problem: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (expected, _) = pair()
    let reference = directory.path("grey.png")
    try PNGEncoder().write(expected, to: reference)
    let log = ReportLog()
    let comparison = log.check([:]).expect(
      expected, at: reference, tolerance: tolerance, recording: .never,
      artifactDirectory: directory.path("failure"), sourceLocation: #_sourceLocation)
    #expect(comparison == nil)
    let message: String = "\(reference): the tolerance's \(problem); nothing compared"
    #expect(log.messages == [message])
  }

  // PNGError and AtomicFileError messages start with the path they name; the issue said it
  // twice ("x.png: x.png: not a PNG file …", "cannot record the reference x.png: x.png: …").
  @Test("an unreadable or unwritable reference is named once, by the file error's own line")
  func fileErrorsNameThePathOnce() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (expected, _) = pair()
    let corrupt = directory.path("corrupt.png")
    try Data("not a PNG".utf8).write(to: URL(fileURLWithPath: corrupt))
    var decodeError = ""
    do { _ = try PNGDecoder().decode(contentsOf: corrupt) } catch { decodeError = "\(error)" }
    #expect(decodeError.hasPrefix(corrupt + ": "))
    let unreadable = ReportLog()
    _ = unreadable.check([:]).expect(
      expected, at: corrupt, tolerance: .exact, recording: .never, artifactDirectory: nil,
      sourceLocation: #_sourceLocation)
    #expect(unreadable.messages == [decodeError])

    let folder = directory.path("folder.png")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let unwritable = ReportLog()
    _ = unwritable.check([:]).expect(
      expected, at: folder, tolerance: .exact, recording: .all, artifactDirectory: nil,
      sourceLocation: #_sourceLocation)
    #expect(unwritable.messages.count == 1)
    let message = unwritable.messages.first ?? ""
    #expect(message.hasPrefix("cannot record the reference: \(folder): cannot write file ("))
    #expect(message.components(separatedBy: folder).count == 2, "\(message)")
    // Any other error is prefixed with the path.
    #expect(
      ReferenceCheck.naming("/r/a.png", CocoaError(.fileWriteNoPermission)).hasPrefix("/r/a.png: "))
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

  @Test("a reference path claimed by one test is refused to another, and kept by the first")
  func claims() {
    let claims = ReferenceClaims()
    #expect(claims.claim("/t/__References__/X/same.png", by: "A.same() at X.swift:3") == nil)
    #expect(claims.claim("/t/__References__/X/same.png", by: "A.same() at X.swift:3") == nil)
    #expect(
      claims.claim("/t/__References__/X/same.png", by: "B.same() at X.swift:9")
        == "A.same() at X.swift:3")
    #expect(claims.claim("/t/__References__/X/other.png", by: "B.same() at X.swift:9") == nil)
    #expect(
      claims.claim("/t/__References__/X/same.png", by: "A.same() at X.swift:3") == nil,
      "the first owner keeps it")
  }

  // Before the claims, a second suite's test of the same name compared with (or, recording,
  // wrote over) the first's reference: trial 12's SuiteA.same() and SuiteB.same() in one file.
  @Test("expectReference(named:) on a reference another test named is an issue; nothing written")
  func claimedByAnotherTest() throws {
    let image = Image(width: 2, height: 2, color: half4(0, 1, 0, 1))
    let path = Self.reference("claimedByAnotherTest.green.png")
    #expect(
      ReferenceClaims.shared.claim(path, by: "OtherSuite.claimedByAnotherTest() at X:1") == nil)
    let expected: String =
      "\(path): also the reference of OtherSuite.claimedByAnotherTest() at X:1 (a reference "
      + "is named after the test file and function, not the suite); give one of them named: or "
      + "at:; nothing compared"
    Self.expectOneIssue(expected, writingNothingAt: path) {
      expectReference(image, named: "green", tolerance: .exact, recording: .all)
    }
  }

  /// `name` in this file's reference folder, `__References__/ReferenceReportTests`.
  private static func reference(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("__References__/ReferenceReportTests/" + name).path
  }

  /// Expects `call`, one `expectReference`, to return `nil` with the one issue `expected`, and
  /// nothing at `path` afterwards (removed if written: only that file, since
  /// namedReferenceInATest uses the folder at the same time).
  private static func expectOneIssue(
    _ expected: String, writingNothingAt path: String,
    sourceLocation: SourceLocation = #_sourceLocation, _ call: () -> ReferenceComparison?
  ) {
    defer { try? FileManager.default.removeItem(atPath: path) }
    withKnownIssue("the call reports one issue", sourceLocation: sourceLocation) {
      #expect(call() == nil, sourceLocation: sourceLocation)
    } matching: { issue in
      issue.comments.map(\.rawValue) == [expected]
    }
    #expect(!FileManager.default.fileExists(atPath: path), sourceLocation: sourceLocation)
  }

  // Before, each case of a parameterised test without named: recorded the same file, the last
  // case's image winning, and the other cases then compared against it (polish 6).
  @Test(
    "a parameterised test's expectReference without named: is an issue; with it, its own file",
    arguments: [0.25, 0.75])
  func parameterisedCase(red: Double) throws {
    let image = Image(width: 2, height: 2, color: half4(half(Float(red)), 0, 0, 1))
    // By the naming rule: `parameterisedCase(red:)` → `parameterisedCase_red`.
    let shared = Self.reference("parameterisedCase_red.png")
    let refused: String =
      "\(shared): parameterisedCase(red:) is a parameterised test, whose cases would share "
      + "this one reference (recording, each writes over the others); pass named: with each "
      + "case's own name (named: \"\\(argument)\") or at:; nothing compared"
    Self.expectOneIssue(refused, writingNothingAt: shared) {
      expectReference(image, tolerance: .exact, recording: .all)
    }
    // Named and never recording: the issue is the case's own missing reference.
    let own = Self.reference("parameterisedCase_red.\(red).png")
    Self.expectOneIssue(
      "missing reference \(own); run with LAYERFX_RECORD=missing (or pass recording: .missing) "
        + "to write it from this run", writingNothingAt: own
    ) { expectReference(image, named: "\(red)", tolerance: .exact) }
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
