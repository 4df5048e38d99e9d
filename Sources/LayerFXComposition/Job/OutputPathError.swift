/// An output path that does not fit what the render writes, found before anything renders.
///
/// A front end reports ``misnamed(commandLine:inConfig:)`` in its own words: the command line's
/// names the flags (`-o`, `--format`), the config's only the problem, since the key path names
/// the setting.
public enum OutputPathError: Error, Equatable, CustomStringConvertible {
  /// The path names the wrong kind of output (a directory for one image, a PNG file for a
  /// directory of frames, an empty or extensionless name): the problem in the command line's
  /// words and in a config's.
  case misnamed(commandLine: String, inConfig: String)
  /// The folder that would hold the output is missing or not a directory; `reason` is
  /// strerror(3)'s text.
  case cannotWrite(path: String, reason: String)

  /// The problem in the command line's words.
  public var description: String {
    switch self {
    case .misnamed(let commandLine, _): commandLine
    case .cannotWrite(let path, let reason): "\(path): cannot write file (\(reason))"
    }
  }
}
