/// A `--library` value that names no folder, or a `--metal` value that names one: `--library`
/// takes a folder whose every `*.metal` file below joins the library, `--metal` one `.metal`
/// file (``MetalOptions/checkLibraryFolders(_:)``).
///
/// It exits 66, `EX_NOINPUT`, as an input file that is missing or not a regular file does
/// (`InputFileError`).
enum LibraryFolderError: ExitCoded, Equatable {
  /// Nothing is at the path `--library` gives.
  case noFolder(String)
  /// Something other than a folder (a file, a FIFO) is at the path `--library` gives.
  case notFolder(String)
  /// A folder is at the path `--metal` gives.
  case folderForMetal(String)

  var exitCode: ExitCode { .noInput }

  /// `lib: no such folder`; for a file `x.metal: not a folder; --library takes a folder of
  /// .metal files, and --metal x.metal adds one file`; for `--metal lib`, `lib: a folder;
  /// --metal takes one .metal file, and --library lib adds a folder of them`.
  var description: String {
    switch self {
    case .noFolder(let path): "\(path): no such folder"
    case .notFolder(let path):
      "\(path): not a folder; --library takes a folder of .metal files, and --metal \(path) "
        + "adds one file"
    case .folderForMetal(let path):
      "\(path): a folder; --metal takes one .metal file, and --library \(path) adds a folder "
        + "of them"
    }
  }
}
