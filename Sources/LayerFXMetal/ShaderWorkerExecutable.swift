import Foundation

/// Where the `layerfx-shader-worker` executable is: `$LAYERFX_SHADER_WORKER`, else beside the
/// running executable (`layerfx`, a test bundle, or any executable of a package that builds the
/// `layerfx-shader-worker` product, which SwiftPM puts in the same folder).
enum ShaderWorkerExecutable {
  /// The worker's path.
  ///
  /// - Throws: ``MetalCompileError/compilerNotFound(_:)`` naming where it looked and what to do.
  static func path(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(MetalCompileError) -> String {
    if let explicit = environment["LAYERFX_SHADER_WORKER"] {
      guard FileManager.default.isExecutableFile(atPath: explicit) else {
        throw .compilerNotFound(
          "cannot run .metal: LAYERFX_SHADER_WORKER=\(explicit) is not an executable")
      }
      return explicit
    }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let beside = executable.deletingLastPathComponent().appendingPathComponent(
      "layerfx-shader-worker"
    ).path
    guard FileManager.default.isExecutableFile(atPath: beside) else {
      throw .compilerNotFound(
        "cannot run .metal: no layerfx-shader-worker beside \(executable.path); build it "
          + "(swift build --product layerfx-shader-worker) or set LAYERFX_SHADER_WORKER")
    }
    return beside
  }

  /// How messages name the worker at `executable`: `LAYERFX_SHADER_WORKER=PATH` when the
  /// environment chose it, else `the shader worker PATH`.
  static func name(
    of executable: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    environment["LAYERFX_SHADER_WORKER"] == executable
      ? "LAYERFX_SHADER_WORKER=\(executable)" : "the shader worker \(executable)"
  }
}
