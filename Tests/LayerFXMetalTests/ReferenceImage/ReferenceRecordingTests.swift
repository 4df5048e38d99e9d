import Foundation
import LayerFX
import LayerFXMath
import LayerFXMetal
import LayerFXPNG
import LayerFXTestSupport
import Testing

@testable import LayerFXTesting

/// The issues and attachments a ``ReferenceCheck`` reported, gathered instead of recorded.
final class ReportLog: @unchecked Sendable {
  var messages: [String] = []
  var attachments: [(name: String, bytes: [UInt8])] = []

  /// A check that reads `environment` and reports here; relative paths against `base`.
  func check(_ environment: [String: String], base: String = "/") -> ReferenceCheck {
    ReferenceCheck(
      environment: environment, baseDirectory: base,
      report: { message, _ in self.messages.append(message) },
      attach: { bytes, name, _ in self.attachments.append((name, bytes)) })
  }
}

@Suite("reference recording modes and LAYERFX_RECORD")
struct ReferenceRecordingTests {
  static let tint = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 tint(float2 position, half4 color, float amount) {
      return mix(color, half4(1.0, 0.0, 0.0, 1.0) * color.a, half(amount));
    }
    """

  @Test("record all, pass, fail untouched, re-record the failure, pass: the issue's cycle")
  func recordingCycle() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try MetalLibrary(
      source: Self.tint, path: "tint.metal", options: MetalTestSupport.options)
    let photo = Image.testCard(width: 48, height: 32)
    let before = try renderEffect(library.library.tint(.float(0.3)), on: photo)
    let after = try renderEffect(library.library.tint(.float(0.6)), on: photo)
    let reference = directory.path("References/tint.png")
    func run(_ image: Image, _ environment: [String: String]) -> (ReferenceComparison?, [String]) {
      let log = ReportLog()
      let comparison = log.check(environment).expect(
        image, at: reference, tolerance: .colorEffect, recording: .never,
        artifactDirectory: directory.path("failure"), sourceLocation: #_sourceLocation)
      return (comparison, log.messages)
    }
    func referenceBytes() throws -> [UInt8] {
      Array(try Data(contentsOf: URL(fileURLWithPath: reference)))
    }

    // LAYERFX_RECORD=all writes the reference and reports it.
    let (recorded, recordMessages) = run(before, ["LAYERFX_RECORD": "all"])
    #expect(recorded == nil)
    #expect(
      recordMessages == ["recorded the reference \(reference); check it in and run the test again"])
    #expect(try referenceBytes() == PNGEncoder().encode(before))
    // A plain run passes.
    let (passed, passMessages) = run(before, [:])
    #expect(passed?.maxChannelError == 0)
    #expect(passMessages.isEmpty)
    // After the effect changes a plain run fails, and the reference is not touched.
    let (failed, failMessages) = run(after, [:])
    #expect(failed?.isWithinTolerance == false)
    #expect(failMessages.count == 1)
    #expect(failMessages.first?.hasPrefix("\(reference): max ") == true)
    #expect(try referenceBytes() == PNGEncoder().encode(before))
    // LAYERFX_RECORD=failed rewrites it and reports that it did.
    let (rerecorded, rerecordMessages) = run(after, ["LAYERFX_RECORD": "failed"])
    #expect(rerecorded?.isWithinTolerance == false)
    #expect(rerecordMessages.count == 1)
    #expect(
      rerecordMessages.first?.hasPrefix(
        "re-recorded the reference \(reference) (it differed: max ") == true)
    #expect(rerecordMessages.first?.hasSuffix("; check it in and run the test again") == true)
    #expect(try referenceBytes() == PNGEncoder().encode(after))
    // A plain run with the changed effect passes.
    let (passedAfter, afterMessages) = run(after, [:])
    #expect(passedAfter?.maxChannelError == 0)
    #expect(afterMessages.isEmpty)
  }

  @Test("failed and missing write a missing reference; never and missing leave a failing one")
  func modesOnMissingAndFailing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let white = Image(width: 2, height: 2, color: half4(1, 1, 1, 1))
    let black = Image(width: 2, height: 2, color: half4(0, 0, 0, 1))
    for mode in [ReferenceRecording.never, .missing, .failed, .all] {
      let reference = directory.path("\(mode)/white.png")
      let log = ReportLog()
      _ = log.check([:]).expect(
        white, at: reference, tolerance: .exact, recording: mode, artifactDirectory: nil,
        sourceLocation: #_sourceLocation)
      #expect(FileManager.default.fileExists(atPath: reference) == (mode != .never), "\(mode)")
      guard mode != .never else { continue }
      _ = log.check([:]).expect(
        black, at: reference, tolerance: .exact, recording: mode,
        artifactDirectory: directory.path("failure-\(mode)"), sourceLocation: #_sourceLocation)
      let stored = try PNGDecoder().decode(contentsOf: reference).image
      // .missing compares an existing reference; .failed and .all rewrite it.
      #expect(stored.pixels[0] == (mode == .missing ? white : black).pixels[0], "\(mode)")
    }
  }

  @Test("LAYERFX_RECORD overrides the call's mode; an invalid value is an issue, not ignored")
  func environmentOverride() throws {
    #expect(try ReferenceRecording(environment: ["LAYERFX_RECORD": "failed"]) == .failed)
    #expect(try ReferenceRecording(environment: ["LAYERFX_RECORD": ""]) == nil)
    #expect(try ReferenceRecording(environment: [:]) == nil)
    #expect(throws: ReferenceRecordingError(value: "sometimes")) {
      try ReferenceRecording(environment: ["LAYERFX_RECORD": "sometimes"])
    }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let reference = directory.path("grey.png")
    let grey = Image(width: 2, height: 2, color: half4(0.5, 0.5, 0.5, 1))
    try PNGEncoder().write(grey, to: reference)
    // .all from the call, never from the environment: compared, not rewritten.
    let log = ReportLog()
    let comparison = log.check(["LAYERFX_RECORD": "never"]).expect(
      grey, at: reference, tolerance: .exact, recording: .all, artifactDirectory: nil,
      sourceLocation: #_sourceLocation)
    #expect(comparison?.maxChannelError == 0)
    #expect(log.messages.isEmpty)
    let invalid = ReportLog()
    let compared = invalid.check(["LAYERFX_RECORD": "sometimes"]).expect(
      grey, at: reference, tolerance: .exact, recording: .never, artifactDirectory: nil,
      sourceLocation: #_sourceLocation)
    #expect(compared?.maxChannelError == 0)
    #expect(
      invalid.messages == [
        "LAYERFX_RECORD=sometimes is not a recording mode; use never, missing, failed, all; "
          + "comparing with recording: .never"
      ])
  }

  @Test("a file in the way of a reference's or the failure images' folder: errno's text")
  func fileInTheWay() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let blocker = directory.path("blocker")
    #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
    let white = Image(width: 2, height: 2, color: half4(1, 1, 1, 1))
    let log = ReportLog()
    _ = log.check([:]).expect(
      white, at: blocker + "/white.png", tolerance: .exact, recording: .missing,
      artifactDirectory: nil, sourceLocation: #_sourceLocation)
    // mkdir(2) on a path through a regular file fails with ENOTDIR.
    let expected: String =
      "cannot record the reference: \(blocker)/white.png: \(blocker): cannot write file "
      + "(Not a directory)"
    #expect(log.messages == [expected])
    // The failure images' folder under the same file: one issue naming it, then the finding.
    let reference = directory.path("white.png")
    try PNGEncoder().write(white, to: reference)
    let failing = ReportLog()
    _ = failing.check([:]).expect(
      Image(width: 2, height: 2, color: half4(0, 0, 0, 1)), at: reference, tolerance: .exact,
      recording: .never, artifactDirectory: blocker + "/failure", sourceLocation: #_sourceLocation)
    let saveFailure: String =
      "cannot write the failure images: \(blocker)/failure: cannot write file (Not a directory)"
    #expect(failing.messages.first == saveFailure)
  }

  @Test("the deprecated .always is .all")
  @available(*, deprecated)
  func alwaysIsAll() {
    #expect(ReferenceRecording.always == .all)
  }
}
