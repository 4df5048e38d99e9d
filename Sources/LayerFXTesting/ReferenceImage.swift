import Foundation
import LayerFX
import LayerFXMath
import LayerFXPNG
import Testing

/// When ``expectReference(_:at:tolerance:recording:artifactDirectory:sourceLocation:)`` writes
/// the reference instead of comparing.
public enum ReferenceRecording: Sendable, Equatable {
  /// Never: a missing reference is a test failure.
  case never
  /// When the reference file is missing: it is written from the rendered image, and the test
  /// records an issue saying so (check the file in, then re-run).
  case missing
  /// Always: the reference is overwritten and the test records an issue saying so.
  case always
}

/// What comparing a rendered image with its reference found, in 8-bit codes.
public struct ReferenceComparison: Sendable, Equatable, CustomStringConvertible {
  /// The largest channel difference, codes.
  public let maxChannelError: Int
  /// The mean channel difference, codes.
  public let meanChannelError: Double
  /// The fraction of pixels with a channel above the tolerance.
  public let mismatchFraction: Double
  /// The first such pixel in raster order, if any.
  public let firstMismatch: SIMD2<Int>?
  /// Whether the comparison is within the tolerance.
  public let isWithinTolerance: Bool

  /// One line: max, mean, mismatch fraction, first bad pixel.
  public var description: String {
    "max \(maxChannelError) codes, mean \(meanChannelError), "
      + "\(mismatchFraction * 100) % of pixels above tolerance, first at "
      + (firstMismatch.map { "(\($0.x), \($0.y))" } ?? "none")
  }
}

/// Compares the 8-bit PNG codes of `actual` and `expected`, which have the same size.
///
/// Both are quantised as the PNG encoder stores them (un-premultiplied, rounded to 8 bits), so
/// a reference PNG and a freshly rendered image compare as the files would.
///
/// - Returns: The comparison.
/// - Throws: ``LayerFXPNG/PNGError`` if an image cannot be encoded.
/// - Precondition: Same width and height.
public func compareReference(
  _ actual: Image, _ expected: Image, tolerance: ReferenceTolerance
) throws -> ReferenceComparison {
  precondition(
    actual.width == expected.width && actual.height == expected.height,
    "sizes differ: \(actual.width)×\(actual.height) vs \(expected.width)×\(expected.height)")
  let a = codes(of: actual)
  let e = codes(of: expected)
  var maxError = 0
  var sum = 0
  var mismatches = 0
  var first: SIMD2<Int>?
  for pixel in 0..<(actual.width * actual.height) {
    var pixelError = 0
    for channel in 0..<4 {
      let difference = abs(Int(a[4 * pixel + channel]) - Int(e[4 * pixel + channel]))
      pixelError = max(pixelError, difference)
      sum += difference
    }
    maxError = max(maxError, pixelError)
    if pixelError > tolerance.maxChannelError {
      mismatches += 1
      if first == nil { first = SIMD2(pixel % actual.width, pixel / actual.width) }
    }
  }
  let count = max(1, actual.width * actual.height)
  let fraction = Double(mismatches) / Double(count)
  return ReferenceComparison(
    maxChannelError: maxError, meanChannelError: Double(sum) / Double(4 * count),
    mismatchFraction: fraction, firstMismatch: first,
    isWithinTolerance: fraction <= tolerance.maxMismatchFraction)
}

/// Expects `image` to match the reference PNG at `path` within `tolerance`, recording a Swift
/// Testing issue otherwise.
///
/// On a mismatch (or different sizes) it writes `expected.png`, `actual.png` and `diff.png`
/// (|Δ| × 16 per channel, opaque) to `artifactDirectory` (default: a folder named after the
/// reference under the temporary directory) and the issue names that folder, the max and mean
/// error and the first bad pixel. A missing reference is an issue, or is written when
/// `recording` asks for it.
///
/// - Parameters:
///   - image: The rendered image.
///   - path: The reference PNG, usually inside the test target's folder
///     (`URL(fileURLWithPath: #filePath)` gives that folder).
///   - tolerance: The allowed difference.
///   - recording: Whether to write the reference instead of comparing.
///   - artifactDirectory: Where to write the images of a failure.
///   - sourceLocation: Where the issue is reported.
/// - Returns: The comparison, or `nil` when the reference was missing or recorded.
@discardableResult
public func expectReference(
  _ image: Image, at path: String, tolerance: ReferenceTolerance,
  recording: ReferenceRecording = .never, artifactDirectory: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) -> ReferenceComparison? {
  let exists = FileManager.default.fileExists(atPath: path)
  if recording == .always || (!exists && recording == .missing) {
    do {
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try PNGEncoder().write(image, to: path)
      report(
        "recorded the reference \(path); check it in and run the test again",
        sourceLocation: sourceLocation)
    } catch {
      report("cannot record the reference \(path): \(error)", sourceLocation: sourceLocation)
    }
    return nil
  }
  guard exists else {
    report(
      "missing reference \(path); pass recording: .missing to write it from this run",
      sourceLocation: sourceLocation)
    return nil
  }
  do {
    let expected = try PNGDecoder().decode(contentsOf: path).image
    let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let directory =
      artifactDirectory ?? (NSTemporaryDirectory() + "layerfx-reference-failures/\(name)")
    guard expected.width == image.width && expected.height == image.height else {
      try writeArtifacts(expected: expected, actual: image, to: directory)
      report(
        "\(path): size \(image.width)×\(image.height), reference \(expected.width)×"
          + "\(expected.height); images in \(directory)", sourceLocation: sourceLocation)
      return nil
    }
    let comparison = try compareReference(image, expected, tolerance: tolerance)
    if !comparison.isWithinTolerance {
      try writeArtifacts(expected: expected, actual: image, to: directory)
      report(
        "\(path): \(comparison) (tolerance \(tolerance.maxChannelError) codes on all but "
          + "\(tolerance.maxMismatchFraction * 100) %); images in \(directory)",
        sourceLocation: sourceLocation)
    }
    return comparison
  } catch {
    report("\(path): \(error)", sourceLocation: sourceLocation)
    return nil
  }
}

/// Renders `shader` on `image` as its kind requires: a colour effect in place, a layer or
/// distortion effect padded by `maxSampleOffset` (default: what the function declares; a
/// compiled `.metal` function declares none, so its layer and distortion effects need one, as
/// SwiftUI's modifiers do), a fill at the image's size.
///
/// - Returns: Premultiplied RGBA, the image's size and scale.
/// - Throws: ``LayerFX/ShaderArgumentError`` for bad arguments, or
///   ``LayerFX/ShaderArgumentError/missingMaxSampleOffset(function:kind:)`` for a layer or
///   distortion effect without an offset whose function declares none.
public func renderEffect(_ shader: Shader, on image: Image, maxSampleOffset: float2? = nil)
  throws -> Image
{
  if maxSampleOffset == nil && shader.function.requiresMaxSampleOffset {
    throw ShaderArgumentError.missingMaxSampleOffset(
      function: shader.function.name, kind: shader.function.kind)
  }
  let prepared = try shader.prepared(sizeInPoints: image.sizeInPoints)
  let offset = maxSampleOffset ?? prepared.maxSampleOffset
  switch shader.function.kind {
  case .color: return try image.colorEffect(shader)
  case .layer: return try image.layerEffect(shader, maxSampleOffset: offset)
  case .distortion: return try image.distortionEffect(shader, maxSampleOffset: offset)
  case .fill:
    return Renderer().render(
      fill: prepared, width: image.width, height: image.height, scale: image.scale)
  }
}

/// The RGBA codes the PNG encoder stores for `image` (8 bits, straight alpha).
private func codes(of image: Image) -> [UInt8] { PNGEncoder.rgba8(image) }

private func writeArtifacts(expected: Image, actual: Image, to directory: String) throws {
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  try PNGEncoder().write(expected, to: directory + "/expected.png")
  try PNGEncoder().write(actual, to: directory + "/actual.png")
  guard expected.width == actual.width && expected.height == actual.height else { return }
  let pixels = zip(expected.pixels, actual.pixels).map { e, a -> half4 in
    let d = pointwiseMin(abs(e - a) * 16, half4(repeating: 1))
    return half4(d.x, d.y, d.z, 1)
  }
  try PNGEncoder().write(
    Image(width: actual.width, height: actual.height, scale: actual.scale, pixels: pixels),
    to: directory + "/diff.png")
}

private func report(_ message: String, sourceLocation: SourceLocation) {
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}
