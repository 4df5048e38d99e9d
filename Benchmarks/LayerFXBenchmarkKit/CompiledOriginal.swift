import Foundation
import LayerFX
import LayerFXMetal

/// A built-in kernel's Metal original, `Shaders/<Kind>/<Name>.metal`, compiled for the CPU by
/// LayerFXMetal: the GPU source itself, timed as a variant beside the Swift port.
///
/// The original of the built-in `name` is the file whose base name is `name` with its first
/// letter upper-cased (`ripple` → `Shaders/LayerEffects/Ripple.metal`), and in it the
/// stitchable function whose lowerCamel form is `name`, as `ShaderOriginalsTests` pairs them.
/// Compiling (cached on disk by LayerFXMetal) happens once per kernel, before anything is timed.
///
/// Source: `Sources/LayerFXMetal/README.md` (the runner), issue 11 (the bench row).
struct CompiledOriginal {
  /// The compiled function.
  let function: ShaderFunction
  /// Wall-clock seconds to compile and load the file (about 0.01 s when cached).
  let compileSeconds: Double

  /// The repository's `Shaders/` folder, found from this source file's place in the tree
  /// (`Benchmarks/LayerFXBenchmarkKit/`).
  static let shadersDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Shaders")

  /// The time limit of one compiled frame, seconds: 600, where `layerfx` allows 30.
  ///
  /// The originals are this repository's own files, and the blurs' run seconds a frame at 4K
  /// on a loaded machine (bloom's 16–27 s beside other builds met the 30 s limit).
  static let frameTimeLimit = 600.0

  /// Compiles the original of the built-in `name`.
  ///
  /// - Parameter name: A built-in kernel's name (`ripple`).
  /// - Returns: The compiled function and its compile time, or `nil` when `Shaders/` has no
  ///   file for `name` or the file has no function of that name.
  /// - Throws: ``MetalCompileError`` when the file does not compile (or no clang is found).
  static func load(_ name: String) throws -> CompiledOriginal? {
    let fileName = name.prefix(1).uppercased() + name.dropFirst() + ".metal"
    let folders =
      (try? FileManager.default.contentsOfDirectory(atPath: shadersDirectory.path)) ?? []
    guard
      let file = folders.sorted().lazy.map({
        shadersDirectory.appendingPathComponent($0).appendingPathComponent(fileName)
      }).first(where: { FileManager.default.fileExists(atPath: $0.path) })
    else { return nil }
    let clock = ContinuousClock()
    let start = clock.now
    var options = MetalCompileOptions()
    options.shaderTimeout = frameTimeLimit
    let library = try MetalLibrary(url: file, options: options)
    let seconds = Timing.seconds(of: start.duration(to: clock.now))
    guard
      let function = library.library.functions.first(where: {
        $0.name.prefix(1).lowercased() + $0.name.dropFirst() == name
      })
    else { return nil }
    return CompiledOriginal(function: function, compileSeconds: seconds)
  }
}
