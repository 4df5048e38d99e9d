import Foundation
import LayerFXFiles

extension OutputOptions {
  /// Creates the frames directory `path` if needed (``makeDirectory(_:)``) and runs `body`.
  ///
  /// When `body` throws and this call created the directory, the directory is removed again if
  /// it is still empty, so a failed render (a full disk under `--ignore-free-space`, a fault in
  /// frame 0) leaves nothing behind. A directory that was there before, or one that holds a
  /// finished frame or any other file, is kept: rmdir(2) removes only an empty one. Parents
  /// made on the way (`-o a/b/`) are kept.
  ///
  /// - Parameters:
  ///   - path: The `-o DIR/` path.
  ///   - body: Writes the frames into the directory, given with a trailing slash.
  /// - Returns: What `body` returns.
  /// - Throws: ``CLIError/cannotCreateDirectory(path:reason:)``, and what `body` throws.
  func intoDirectory<T>(_ path: String, _ body: (String) throws -> T) throws -> T {
    var status = stat()
    let existed = lstat(RawBytes.cString(path), &status) == 0
    let directory = try makeDirectory(path)
    do {
      return try body(directory)
    } catch {
      if !existed { rmdir(RawBytes.cString(path)) }
      throw error
    }
  }
}
