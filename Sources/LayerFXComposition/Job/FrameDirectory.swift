import Foundation
import LayerFXFiles

/// The folder a PNG sequence's frames go into, made for the render and removed again when the
/// render fails or is ended by a signal before writing anything into it.
public enum FrameDirectory {
  /// Creates the frames directory `path` if needed and runs `body`.
  ///
  /// When this call created the directory and `body` throws, or SIGINT, SIGTERM, SIGHUP or
  /// SIGQUIT ends the process while `body` runs (the CLI's signal handler:
  /// `LayerFXFiles.Directory.removingIfEmptyOnSignal(_:_:)`), the directory is removed again if
  /// it is still empty, so a failed or interrupted render (a full disk with free space
  /// unchecked, a fault in frame 0, Ctrl-C during frame 0) leaves nothing behind. A directory
  /// that was there before, or one that holds a finished frame or any other file, is kept:
  /// rmdir(2) removes only an empty one. Parents made on the way (`a/b/`) are kept, and so is
  /// the directory after SIGKILL.
  ///
  /// - Parameters:
  ///   - path: The folder.
  ///   - body: Writes the frames into the directory, given with a trailing slash.
  /// - Returns: What `body` returns.
  /// - Throws: ``CompositionError/cannotCreateDirectory(path:reason:)`` with the system's
  ///   reason, an `LayerFXFiles.AtomicFileError` for a path that is not a folder or is an input,
  ///   and what `body` throws.
  public static func with<T>(_ path: String, _ body: (String) throws -> T) throws -> T {
    var status = stat()
    guard lstat(RawBytes.cString(path), &status) != 0 else { return try body(make(path)) }
    // Registered before it is made, so a signal from mkdir(2) on leaves no empty directory.
    return try Directory.removingIfEmptyOnSignal(path) {
      let directory = try make(path)
      do {
        return try body(directory)
      } catch {
        rmdir(RawBytes.cString(path))
        throw error
      }
    }
  }

  /// Creates the directory `path` if needed and returns it with a trailing slash.
  private static func make(_ path: String) throws -> String {
    do {
      try Directory.create(path)
    } catch {
      switch error {
      case .cannotWrite(_, let reason), .writeFailed(_, let reason):
        throw CompositionError.cannotCreateDirectory(path: path, reason: reason)
      case .notRegularFile, .wouldOverwriteInput: throw error
      }
    }
    return path.hasSuffix("/") ? path : path + "/"
  }
}
