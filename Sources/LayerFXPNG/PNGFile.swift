import LayerFXFiles

/// Whole-file reads through ``LayerFXFiles/InputFile``, with its errors as ``PNGError``s.
enum PNGFile {
  /// Returns every byte of the file at `path` (standard input for `-`).
  ///
  /// - Parameters:
  ///   - path: A file path, or `-`.
  ///   - limit: The most bytes accepted (``PNGDecoder/maxFileByteCount``).
  /// - Returns: The whole file.
  /// - Throws: ``PNGError/fileNotFound(path:)`` when nothing exists at `path`;
  ///   ``PNGError/fileTooLarge(path:byteCount:limit:)`` before reading a file over `limit`;
  ///   ``PNGError/readFailed(path:reason:)`` for an I/O error part way;
  ///   ``PNGError/unreadable(path:reason:)`` for any other failure (a directory, a FIFO, no
  ///   permission, standard input closed).
  static func contents(atPath path: String, limit: Int) throws(PNGError) -> [UInt8] {
    do {
      return try InputFile.read(path, limit: limit)
    } catch {
      switch error {
      case .notFound(let path): throw .fileNotFound(path: path)
      case .notRegularFile(let path, let kind):
        throw .unreadable(path: path, reason: "not a regular file: \(kind)")
      case .standardInputClosed:
        throw .unreadable(path: InputFile.standardInputName, reason: "standard input is closed")
      case .tooLarge(let path, let byteCount, let limit):
        throw .fileTooLarge(path: path, byteCount: byteCount, limit: limit)
      case .cannotOpen(let path, let reason): throw .unreadable(path: path, reason: reason)
      case .readFailed(let path, let reason): throw .readFailed(path: path, reason: reason)
      }
    }
  }
}
