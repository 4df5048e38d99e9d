/// Why ``InputFile`` did not read a file.
public enum InputFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing exists at `path`.
  case notFound(path: String)
  /// `path` is not a regular file; `kind` says what it is ("a directory", "a FIFO").
  case notRegularFile(path: String, kind: String)
  /// Standard input (`-`) is closed: there is no descriptor 0 to read.
  case standardInputClosed
  /// The file holds more than `limit` bytes; `byteCount` is its size, or `nil` for a stream
  /// that went past the limit.
  case tooLarge(path: String, byteCount: Int?, limit: Int)
  /// The file cannot be opened (`EACCES`, `ELOOP`…); `reason` is the system's text.
  case cannotOpen(path: String, reason: String)
  /// Reading failed part way (`EIO`…); `reason` is the system's text.
  case readFailed(path: String, reason: String)

  /// The problem without the file's name ("no such file", "Is a directory"), for an error
  /// of another domain that names the file itself.
  public var reason: String {
    switch self {
    case .notFound: "no such file"
    case .notRegularFile(_, let kind): "not a regular file: \(kind)"
    case .standardInputClosed: "standard input is closed"
    case .tooLarge(_, let byteCount, let limit):
      "file too large (\(byteCount.map { "\($0) bytes" } ?? "more bytes"), limit \(limit))"
    case .cannotOpen(_, let reason), .readFailed(_, let reason): reason
    }
  }

  /// The message, one line naming the file.
  public var description: String {
    switch self {
    case .notFound(let path): "\(path): no such file"
    case .notRegularFile(let path, let kind):
      "\(path): not a regular file (\(kind)); give a file, or - to read standard input"
    case .standardInputClosed: "standard input: closed (no descriptor 0)"
    case .tooLarge(let path, _, _): "\(path): \(reason)"
    case .cannotOpen(let path, let reason): "\(path): cannot read file (\(reason))"
    case .readFailed(let path, let reason): "\(path): read error (\(reason))"
    }
  }
}
