/// A file that a config's setting names cannot be read or made (its `input` does not exist, its
/// `output.path` is in a folder that cannot be written): the file's own error, prefixed with
/// the config file and the key that named it, so the message says where to fix it.
///
/// It exits as the file's error does (66, 73, 74: sysexits' `EX_NOINPUT`, `EX_CANTCREAT`,
/// `EX_IOERR`), unlike a wrong value in a config (65).
struct ConfigFileSettingError: ExitCoded {
  /// The config file, as given.
  let file: String
  /// The key path inside it (`input`, `output.path`).
  let path: String
  /// The file's error.
  let underlying: SettingError

  var exitCode: ExitCode { underlying.exitCode }
  /// One line: `config.json: input: photo.png: no such file`.
  var description: String { "\(file): \(path): \(underlying.line)" }
}
