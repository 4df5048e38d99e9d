import LayerFXFiles

extension DebugConfig {
  /// The outputs a config may name wherever its folder is: standard output and the null
  /// device, which create no file.
  public static let streamOutputs: Set<String> = ["-", "/dev/stdout", "/dev/null"]

  /// Refuses a config's output that would be written outside the config's own folder.
  ///
  /// A config is data that may come from someone else (a pull request, an upload), so it
  /// writes only inside its folder (``directory(of:)``: beside the file a symbolic link to the
  /// config names): the output, resolved with every symbolic link followed
  /// (`LayerFXFiles.PhysicalPath.resolve(_:)`: `..`, a linked folder, a link at the output's
  /// own name, a dangling link), must be the folder or lie inside it. An output named on the
  /// command line (`-o`) replaces the config's and is the user's own choice: callers check only
  /// a path the config gives. ``streamOutputs`` pass.
  ///
  /// - Parameters:
  ///   - path: The config's `output.path`, as ``Output/path`` holds it (resolved against the
  ///     config's folder).
  ///   - configFile: The config file, as given; errors name it.
  /// - Throws: ``ConfigError/invalidValue(file:path:reason:)`` at `output.path`.
  public static func checkOutputInsideFolder(_ path: String, configFile: String)
    throws(ConfigError)
  {
    guard !streamOutputs.contains(path) else { return }
    let folder = directory(of: configFile)
    guard !PhysicalPath.isInside(path, folder: folder.isEmpty ? "." : folder) else { return }
    throw .invalidValue(
      file: configFile, path: "output.path",
      reason: "\(path) is outside the config's folder \(folder.isEmpty ? "." : folder)/ "
        + "(symbolic links followed): a config writes only inside its own folder; "
        + "give -o to write elsewhere")
  }
}
