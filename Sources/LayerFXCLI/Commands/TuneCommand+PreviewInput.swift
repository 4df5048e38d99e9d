import LayerFXComposition
import LayerFXFiles

extension TuneCommand {
  /// Refuses a config whose input is the preview `tune` writes, before the first render.
  ///
  /// Each render would refuse to replace the file it reads, so no preview would ever be
  /// written and `tune` would wait for a change forever (a preview that does not exist yet
  /// cannot be read either). The paths are compared as the file system resolves them
  /// (`LayerFXFiles.PhysicalPath.resolve(_:)`: symbolic links, `.` and `..`), and by device and
  /// inode when both exist (a hard link).
  ///
  /// - Parameters:
  ///   - config: The decoded config.
  ///   - file: The config's path, named in the error.
  ///   - previewPath: The preview PNG.
  /// - Throws: ``ConfigError/invalidValue(file:path:reason:)`` at `input`, naming both paths.
  static func checkInput(of config: DebugConfig, file: String, isNot previewPath: String)
    throws(ConfigError)
  {
    guard let input = config.input?.path else { return }
    let resolved = PhysicalPath.resolve(input)
    guard
      (resolved != nil && resolved == PhysicalPath.resolve(previewPath))
        || AtomicFile.isSameFile(previewPath, asAnyOf: [input])
    else { return }
    throw .invalidValue(
      file: file, path: "input",
      reason: "\(input) is the preview this tune writes (\(previewPath)); give another input, "
        + "or another preview path with -o")
  }
}
