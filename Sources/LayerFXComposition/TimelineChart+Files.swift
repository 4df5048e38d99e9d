import Foundation
import LayerFXFiles
import LayerFXPNG

extension TimelineChart {
  /// Writes the chart as an SVG file, UTF-8, atomically (`AtomicFile`), so a failed run leaves
  /// no partial file.
  ///
  /// - Parameters:
  ///   - path: The file to create or replace.
  ///   - protected: Files the front end reads, which the chart may not replace.
  /// - Throws: `AtomicFileError.cannotWrite` with `no such directory` when the file's folder
  ///   does not exist; `AtomicFileError` when the file cannot be written or is one of
  ///   `protected`.
  public func writeSVG(to path: String, protecting protected: [String] = []) throws {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { throw AtomicFileError.cannotWrite(path: path, reason: "no such directory") }
    try AtomicFile.write(svg, to: path, protecting: protected)
  }

  /// Writes the chart's ``image`` as an 8-bit PNG file, atomically.
  ///
  /// - Parameters:
  ///   - path: The file to create or replace; a front end checks it names a file first
  ///     (``RenderJob/Output/checkIsFile(_:option:example:written:)``).
  ///   - protected: Files the front end reads, which the chart may not replace.
  /// - Throws: `LayerFXPNG.PNGError` when encoding fails; `AtomicFileError` when the file
  ///   cannot be written or is one of `protected`.
  public func writePNG(to path: String, protecting protected: [String] = []) throws {
    try AtomicFile.write(
      try PNGEncoder().encode(image, name: path), to: path, protecting: protected)
  }
}
