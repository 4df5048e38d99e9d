/// An image argument (`--arg NAME=FILE.png`, `NAME=testcard:WxH`) that cannot be loaded: the
/// loader's error, prefixed with the option and the parameter, so the message says which
/// argument to fix: `--arg mask: testcard:100000x100000: 100000 × 100000 exceeds the limit of
/// 100000000 pixels …`.
///
/// It exits as the loader's error does (66 for a missing file, 65 for a PNG or card over the
/// pixel limit, as an input's pixels are bad data).
struct ImageArgumentError: ExitCoded {
  /// The option and parameter as the command line names them: `--arg mask`.
  let argument: String
  /// The loader's error.
  let underlying: any Error

  var exitCode: ExitCode { (underlying as? any ExitCoded)?.exitCode ?? .software }
  var description: String {
    "\(argument): \((underlying as? any ExitCoded)?.line ?? "\(underlying)")"
  }
}
