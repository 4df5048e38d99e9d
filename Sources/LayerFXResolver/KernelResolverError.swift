/// A kernel text that ``KernelResolver`` cannot make a function of, before any `.metal`
/// function runs.
public enum KernelResolverError: Error, Equatable, CustomStringConvertible {
  /// `FILE.metal` names a file but not one of its functions (`FILE.metal:FUNCTION`);
  /// `functions` are the names the file's library has, in order.
  case functionNotNamed(path: String, functions: [String])
  /// `FILE.metal` (or `list`'s file) names a folder: a library of folders is given with
  /// `--library`, which the message suggests.
  case folder(path: String)

  /// One line naming the file and the problem:
  /// `ripple.metal: name a function, FILE.metal:FUNCTION (one of Ripple, Wave)`,
  /// `'shaders' is a folder: name a .metal file, or the .metal files below it with --library
  /// shaders`.
  public var description: String {
    switch self {
    case .functionNotNamed(let path, let functions):
      "\(path): name a function, FILE.metal:FUNCTION (one of "
        + "\(functions.joined(separator: ", ")))"
    case .folder(let path):
      "'\(path)' is a folder: name a .metal file, or the .metal files below it with "
        + "--library \(path)"
    }
  }
}
