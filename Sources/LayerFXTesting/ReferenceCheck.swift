import Foundation
import LayerFX
import LayerFXFiles
import LayerFXMath
import LayerFXPNG
import Testing

/// One reference comparison, with the environment, the artefact folder and the way issues and
/// attachments are reported all given: what both `expectReference` forms run, and what the
/// tests drive with an environment of their own.
struct ReferenceCheck {
  /// The process environment, read for `LAYERFX_RECORD` and `LAYERFX_ARTIFACTS`.
  var environment: [String: String]
  /// The folder relative paths of references are taken against (the working directory, where
  /// `swift test` runs: the package's root).
  var baseDirectory: String
  /// Reports one issue.
  var report: (String, SourceLocation) -> Void
  /// Attaches one file's bytes under a name.
  var attach: ([UInt8], String, SourceLocation) -> Void

  /// A check that reads the process's environment and reports to Swift Testing.
  static var live: ReferenceCheck {
    ReferenceCheck(
      environment: ProcessInfo.processInfo.environment,
      baseDirectory: FileManager.default.currentDirectoryPath,
      report: { message, location in
        Issue.record(Comment(rawValue: message), sourceLocation: location)
      },
      attach: { bytes, name, location in
        Attachment.record(bytes, named: name, sourceLocation: location)
      })
  }

  /// The variable naming the root of failure folders (default: the temporary directory's
  /// `layerfx-reference-failures`).
  static let artifactsVariable = "LAYERFX_ARTIFACTS"

  /// Compares `image` with the reference at `path`, or writes the reference, as the mode
  /// (`LAYERFX_RECORD` over `recording`) says; see `expectReference(_:at:…)`.
  func expect(
    _ image: Image, at path: String, tolerance: ReferenceTolerance,
    recording: ReferenceRecording, artifactDirectory: String?, sourceLocation: SourceLocation
  ) -> ReferenceComparison? {
    if let problem = tolerance.problem {
      report("\(path): \(problem); nothing compared", sourceLocation)
      return nil
    }
    var mode = recording
    do {
      if let override = try ReferenceRecording(environment: environment) { mode = override }
    } catch {
      report("\(error); comparing with recording: .\(recording)", sourceLocation)
    }
    let exists = FileManager.default.fileExists(atPath: path)
    if mode == .all || (!exists && (mode == .missing || mode == .failed)) {
      record(image, at: path, verb: "recorded", why: "", sourceLocation: sourceLocation)
      return nil
    }
    guard exists else {
      report(
        "missing reference \(path); run with LAYERFX_RECORD=missing (or pass recording: "
          + ".missing) to write it from this run", sourceLocation)
      return nil
    }
    let expected: Image
    do {
      expected = try PNGDecoder().decode(contentsOf: path).image
    } catch {
      report(Self.naming(path, error), sourceLocation)
      return nil
    }
    let compared = compareReference(image, expected, tolerance: tolerance)
    if compared.isWithinTolerance { return compared }
    // Images of different sizes have no comparison to return, only their sizes to report.
    let comparison = compared.size == compared.referenceSize ? compared : nil
    let finding = compared.description
    let directory = artifactDirectory ?? defaultArtifactDirectory(for: path)
    let images = artifacts(expected: expected, actual: image)
    let saved = save(images, to: directory, sourceLocation: sourceLocation)
    for (name, bytes) in images { attach(bytes, name, sourceLocation) }
    let folder = saved ? "; images in \(directory)" : ""
    if mode == .failed {
      record(
        image, at: path, verb: "re-recorded", why: " (it differed: \(finding)\(folder))",
        sourceLocation: sourceLocation)
    } else {
      report("\(path): \(finding)\(folder)", sourceLocation)
    }
    return comparison
  }

  /// Writes `image` to `path` and reports that it did (`verb`, then `why` after the path), so
  /// a recording run never passes.
  private func record(
    _ image: Image, at path: String, verb: String, why: String, sourceLocation: SourceLocation
  ) {
    do {
      try Directory.create((path as NSString).deletingLastPathComponent)
      try PNGEncoder().write(image, to: path)
      report(
        "\(verb) the reference \(path)\(why); check it in and run the test again", sourceLocation)
    } catch {
      report("cannot record the reference: " + Self.naming(path, error), sourceLocation)
    }
  }

  /// `error`'s message, which names `path` first when it is a PNG or file error (`x.png: not a
  /// PNG file …`), else `path: ` and the message; so a path is never said twice.
  static func naming(_ path: String, _ error: any Error) -> String {
    let message = "\(error)"
    return message.hasPrefix(path + ": ") ? message : "\(path): \(message)"
  }

  /// The failure folder of the reference at `path`: the root (`LAYERFX_ARTIFACTS` or the
  /// temporary directory's `layerfx-reference-failures`) joined with the reference's path
  /// relative to ``baseDirectory`` (absolute when outside it), without `.png`; so two
  /// `ripple.png` in different folders never share one.
  func defaultArtifactDirectory(for path: String) -> String {
    let root =
      environment[Self.artifactsVariable].flatMap { $0.isEmpty ? nil : $0 }
      ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("layerfx-reference-failures")
    let absolute =
      (URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: baseDirectory))
      .standardizedFileURL.path as NSString).deletingPathExtension
    let base = URL(fileURLWithPath: baseDirectory).standardizedFileURL.path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    var relative = absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    while relative.hasPrefix("/") { relative.removeFirst() }
    return (root as NSString).appendingPathComponent(relative)
  }

  /// `expected.png`, `actual.png` and, when the sizes agree, `diff.png`: the compared 8-bit
  /// codes' |Δ| × 16 (at most 255) in red, green and blue (alpha's difference is not drawn),
  /// opaque; so 1 code shows as 16.
  private func artifacts(expected: Image, actual: Image) -> [(String, [UInt8])] {
    var images = [("expected.png", expected), ("actual.png", actual)]
    if expected.width == actual.width && expected.height == actual.height {
      let e = PNGEncoder.rgba8(expected)
      let a = PNGEncoder.rgba8(actual)
      let pixels = (0..<(actual.width * actual.height)).map { pixel -> half4 in
        func channel(_ c: Int) -> Float {
          Float(min(255, 16 * abs(Int(e[4 * pixel + c]) - Int(a[4 * pixel + c])))) / 255
        }
        return half4(half(channel(0)), half(channel(1)), half(channel(2)), 1)
      }
      images.append(
        ("diff.png", Image(width: actual.width, height: actual.height, pixels: pixels)))
    }
    return images.compactMap { name, image in
      (try? PNGEncoder().encode(image, name: name)).map { (name, $0) }
    }
  }

  /// Writes the failure images; reports (and returns `false`) when the folder cannot be made.
  private func save(
    _ images: [(String, [UInt8])], to directory: String, sourceLocation: SourceLocation
  ) -> Bool {
    do {
      try Directory.create(directory)
      for (name, bytes) in images {
        try AtomicFile.write(bytes, to: (directory as NSString).appendingPathComponent(name))
      }
      return true
    } catch {
      report("cannot write the failure images: \(error)", sourceLocation)
      return false
    }
  }
}
