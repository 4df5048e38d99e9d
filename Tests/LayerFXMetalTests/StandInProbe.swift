import Foundation
import LayerFX
import LayerFXMath
import LayerFXMetal

/// Compiles a small Metal fill and reads the values it returns, so a test can check what the
/// stand-in computes for hand-chosen inputs.
enum StandInProbe {
  /// The pixels of `function` in `source` (a fill, `half4 f(float2 position, …)`) on a row of
  /// `width` pixels, unclamped, as floats.
  ///
  /// - Parameters:
  ///   - source: Metal source holding the fill.
  ///   - function: The fill's name.
  ///   - arguments: Its arguments after `position`.
  ///   - width: The row's width in pixels (pixel i is at x = i + 0.5).
  ///   - files: Further files written beside the source (name → text), for `#include "…"`.
  ///   - half: The precision of `half`.
  /// - Returns: The row's pixels, left to right.
  /// - Throws: `MetalCompileError` when the source does not compile, `ShaderArgumentError` for
  ///   wrong arguments, and file errors writing `files`.
  static func pixels(
    _ source: String, function: String, arguments: [Shader.Argument] = [], width: Int = 1,
    files: [String: String] = [:], half: MetalCompileOptions.HalfPrecision = .float
  ) throws -> [half4] {
    try render(
      source, function: function, arguments: arguments, width: width, files: files, half: half
    ).pixels
  }

  /// ``pixels(_:function:arguments:width:files:half:)`` with the library they came from, the
  /// lane form (`MetalCompileOptions.usesLaneForm`) on or off.
  static func render(
    _ source: String, function: String, arguments: [Shader.Argument] = [], width: Int = 1,
    files: [String: String] = [:], half: MetalCompileOptions.HalfPrecision = .float,
    usesLaneForm: Bool = true
  ) throws -> (pixels: [half4], library: MetalLibrary) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("layerfx-standin-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (name, text) in files {
      try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    var options = MetalTestSupport.options
    options.half = half
    options.usesLaneForm = usesLaneForm
    let library = try MetalLibrary(
      source: source, path: directory.appendingPathComponent("probe.metal").path,
      options: options)
    let prepared = try Shader(
      function: library.library[dynamicMember: function], arguments: arguments
    )
    .prepared(sizeInPoints: float2(Float(width), 1))
    let image = Renderer().render(RenderRequest(prepared, source: .fill(width: width, height: 1)))
      .image
    return (image.pixels, library)
  }

  /// `source` compiled, or the error it gave.
  static func compileError(_ source: String, path: String = "probe.metal") -> MetalCompileError? {
    do {
      _ = try MetalLibrary(source: source, path: path, options: MetalTestSupport.options)
      return nil
    } catch {
      return error
    }
  }
}
