import Foundation
import LayerFX
import LayerFXMath
import Testing

/// Expects `image` to match the reference PNG at `path` within `tolerance`, recording a Swift
/// Testing issue otherwise.
///
/// The mode is `recording`, unless the environment variable `LAYERFX_RECORD` (`never`,
/// `missing`, `failed`, `all`) names another: it overrides every call (an invalid value is an
/// issue, and the call's own mode is used). A missing reference is an issue, or is written when
/// the mode asks for it; every write is an issue that names the file, so a run that records
/// never passes silently (swift-snapshot-testing's habit).
///
/// On a mismatch (or different sizes) `expected.png`, `actual.png` and `diff.png` (|Δ| × 16
/// per channel, opaque) are attached to the test (`Attachment`, what CI keeps) and written to
/// `artifactDirectory`, by default the reference's path relative to the working directory under
/// `$LAYERFX_ARTIFACTS` or the temporary directory's `layerfx-reference-failures` (two
/// `ripple.png` in different folders get different folders). The issue reads
/// `…/ripple.png: max 24 codes, mean 4.4; 49.9 % of pixels above 1 code; first at (0, 2);
/// images in …`. With ``ReferenceRecording/failed`` the reference is then rewritten from
/// `image` and the issue says it was re-recorded; otherwise the reference is never touched.
///
/// - Parameters:
///   - image: The rendered image.
///   - path: The reference PNG, usually inside the test target's folder
///     (`URL(fileURLWithPath: #filePath)` gives that folder);
///     ``expectReference(_:named:tolerance:recording:artifactDirectory:filePath:sourceLocation:)``
///     derives it from the test's name.
///   - tolerance: The allowed difference: 0…255 codes and a fraction 0…1 (outside them, or
///     NaN, the call is an issue naming the tolerance, and nothing is compared or written).
///   - recording: When to write the reference; `LAYERFX_RECORD` overrides it.
///   - artifactDirectory: Where to write the images of a failure.
///   - sourceLocation: Where the issue is reported.
/// - Returns: The comparison, or `nil` when the tolerance was invalid, or the reference was
///   missing, recorded, unreadable or of another size.
@discardableResult
public func expectReference(
  _ image: Image, at path: String, tolerance: ReferenceTolerance,
  recording: ReferenceRecording = .never, artifactDirectory: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) -> ReferenceComparison? {
  ReferenceCheck.live.expect(
    image, at: path, tolerance: tolerance, recording: recording,
    artifactDirectory: artifactDirectory, sourceLocation: sourceLocation)
}

/// Expects `image` to match the reference named after the current test, beside the test file:
/// `__References__/<TestFile>/<test name>[.<name>].png`.
///
/// `RippleTests.swift`'s `@Test func rippleAtRest()` compares with
/// `__References__/RippleTests/rippleAtRest.png`, and with `name: "large"`
/// `__References__/RippleTests/rippleAtRest.large.png` (swift-snapshot-testing's layout). The
/// test's name is Swift Testing's `Test.current?.name`, the function's name, with `()` dropped
/// and every character other than a letter, digit, `-`, `_` or `.` replaced by `_`; give a
/// `name` to each call of a test that compares more than one image. A parameterised test
/// (`@Test(arguments:)`) must give one that tells its cases apart, such as
/// `named: "\(amplitude)"`: without it the call is an issue saying so, and compares and writes
/// nothing, since every case would otherwise share one file and, recording, write over the
/// others' (Swift Testing runs the cases in parallel, in no fixed order, and does not publish
/// their arguments, so no stable name can be derived for them: a counter, as
/// swift-snapshot-testing numbers unnamed snapshots, would follow the order they happen to
/// run in). Two tests of one file with one function name (in two suites) would share a
/// reference: the second to call is an issue naming the first, and compares nothing. Otherwise
/// as ``expectReference(_:at:tolerance:recording:artifactDirectory:sourceLocation:)``; outside a
/// test it records an issue and compares nothing.
///
/// - Parameters:
///   - image: The rendered image.
///   - name: A name that tells this call's reference from the test's others; required in a
///     parameterised test, where it tells the cases apart.
///   - tolerance: The allowed difference.
///   - recording: When to write the reference; `LAYERFX_RECORD` overrides it.
///   - artifactDirectory: Where to write the images of a failure.
///   - filePath: The test file, whose folder holds `__References__`.
///   - sourceLocation: Where the issue is reported.
/// - Returns: As the path form.
@discardableResult
public func expectReference(
  _ image: Image, named name: String? = nil, tolerance: ReferenceTolerance,
  recording: ReferenceRecording = .never, artifactDirectory: String? = nil,
  filePath: StaticString = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) -> ReferenceComparison? {
  guard let test = Test.current else {
    ReferenceCheck.live.report(
      "no current test: expectReference(_:named:) runs inside a @Test; pass at: a path",
      sourceLocation)
    return nil
  }
  let path = referencePath(filePath: "\(filePath)", testName: test.name, name: name)
  if name == nil && test.isParameterized {
    ReferenceCheck.live.report(
      "\(path): \(test.name) is a parameterised test, whose cases would share this one "
        + "reference (recording, each writes over the others); pass named: with each case's "
        + "own name (named: \"\\(argument)\") or at:; nothing compared", sourceLocation)
    return nil
  }
  let location = test.sourceLocation
  let owner =
    test.id.nameComponents.joined(separator: ".") + " at \(location.fileName):\(location.line)"
  if let other = ReferenceClaims.shared.claim(path, by: owner) {
    ReferenceCheck.live.report(
      "\(path): also the reference of \(other) (a reference is named after the test file and "
        + "function, not the suite); give one of them named: or at:; nothing compared",
      sourceLocation)
    return nil
  }
  return expectReference(
    image, at: path, tolerance: tolerance, recording: recording,
    artifactDirectory: artifactDirectory, sourceLocation: sourceLocation)
}

/// `<folder of filePath>/__References__/<file name without .swift>/<test name>[.<name>].png`,
/// the names made safe for a file name (see
/// ``expectReference(_:named:tolerance:recording:artifactDirectory:filePath:sourceLocation:)``).
func referencePath(filePath: String, testName: String, name: String?) -> String {
  let file = URL(fileURLWithPath: filePath)
  let folder = file.deletingLastPathComponent()
    .appendingPathComponent("__References__")
    .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
  let base = fileNameSafe(testName) + (name.map { "." + fileNameSafe($0) } ?? "")
  return folder.appendingPathComponent(base + ".png").path
}

/// `name` with a trailing `()` dropped and every character but ASCII letters, digits, `-`, `_`
/// and `.` replaced by `_` (runs collapsed, none at the ends); `_` when nothing is left.
func fileNameSafe(_ name: String) -> String {
  let trimmed = name.hasSuffix("()") ? String(name.dropLast(2)) : name
  var safe = ""
  for character in trimmed {
    let kept =
      character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character))
    if kept {
      safe.append(character)
    } else if !safe.hasSuffix("_") {
      safe.append("_")
    }
  }
  while safe.hasPrefix("_") || safe.hasPrefix(".") { safe.removeFirst() }
  while safe.hasSuffix("_") { safe.removeLast() }
  return safe.isEmpty ? "_" : safe
}
