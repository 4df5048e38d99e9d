/// Why the tune server could not start.
public enum TuneServerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `--host` is not a numeric IPv4 or IPv6 address.
  case invalidAddress(String)
  /// The address and port could not be bound (in use, not this machine's).
  case cannotBind(address: String, port: Int)
  /// A file of the page (`file`, relative to the folder of `executable`) is missing: the
  /// program's resource folder (`LayerFX_LayerFXTune.resources`) was not installed beside it.
  case pageMissing(file: String, executable: String)

  /// One line naming the address and the problem.
  public var description: String {
    switch self {
    case .invalidAddress(let address):
      "\(address): not a numeric IPv4 or IPv6 address (such as 127.0.0.1 or ::1)"
    case .cannotBind(let address, let port):
      "cannot listen on \(address) port \(port) (in use, or not an address of this machine)"
    case .pageMissing(let file, let executable):
      "the tune page is not installed: no \(file) beside \(executable); copy the "
        + "LayerFX_LayerFXTune.resources folder from the build folder (.build/release/) beside it"
    }
  }
}
