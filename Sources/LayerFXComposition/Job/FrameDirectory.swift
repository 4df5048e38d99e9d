import Foundation
import LayerFXFiles

/// The folder a PNG sequence's frames go into, made for the render and removed again when the
/// render fails before writing anything into it.
public enum FrameDirectory {
  /// Creates the frames directory `path` if needed and runs `body`.
  ///
  /// When `body` throws and this call created the directory, the directory is removed again if
  /// it is still empty, so a failed render (a full disk with free space unchecked, a fault in
  /// frame 0) leaves nothing behind. A directory that was there before, or one that holds a
  /// finished frame or any other file, is kept: rmdir(2) removes only an empty one. Parents
  /// made on the way (`a/b/`) are kept.
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
    let existed = lstat(RawBytes.cString(path), &status) == 0
    let directory = try make(path)
    do {
      return try body(directory)
    } catch {
      if !existed { rmdir(RawBytes.cString(path)) }
      throw error
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
