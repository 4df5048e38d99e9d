/// A `--library` value that names no folder: the option takes a folder whose every `*.metal`
/// file below joins the library (``MetalOptions/checkLibraryFolders(_:)``).
///
/// It exits 66, `EX_NOINPUT`, as an input file that is missing or not a regular file does
/// (`InputFileError`).
struct LibraryFolderError: ExitCoded, Equatable {
  /// The path as `--library` gives it.
  let path: String
  /// Whether something other than a folder (a file, a FIFO) is at `path`.
  let isSomethingElse: Bool

  var exitCode: ExitCode { .noInput }

  /// `lib: no such folder`, or for a file `x.metal: not a folder; --library takes a folder of
  /// .metal files, and --metal x.metal adds one file`.
  var description: String {
    guard isSomethingElse else { return "\(path): no such folder" }
    return "\(path): not a folder; --library takes a folder of .metal files, and --metal \(path) "
      + "adds one file"
  }
}
