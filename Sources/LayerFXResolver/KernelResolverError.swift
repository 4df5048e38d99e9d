/// A kernel text that ``KernelResolver`` cannot make a function of, before any `.metal`
/// function runs.
public enum KernelResolverError: Error, Equatable, CustomStringConvertible {
  /// `FILE.metal` names a file but not one of its functions (`FILE.metal:FUNCTION`);
  /// `functions` are the names the file's library has, in order.
  case functionNotNamed(path: String, functions: [String])

  /// One line naming the file and the problem:
  /// `ripple.metal: name a function, FILE.metal:FUNCTION (one of Ripple, Wave)`.
  public var description: String {
    switch self {
    case .functionNotNamed(let path, let functions):
      "\(path): name a function, FILE.metal:FUNCTION (one of "
        + "\(functions.joined(separator: ", ")))"
    }
  }
}
