#if canImport(Glibc)
  import Glibc
#endif

/// What identifies a file's version: modification time, size and inode, so a file saved in
/// place (new time or size) and one saved by rename (new inode) both read as changed.
///
/// Source: stat(2).
public struct FileStamp: Equatable, Sendable {
  /// The modification time, seconds since the epoch and nanoseconds.
  let seconds: Int
  let nanoseconds: Int
  /// The size, bytes.
  let size: Int64
  /// The inode number.
  let inode: UInt64

  /// The file's stamp, or `nil` when it cannot be read.
  ///
  /// - Parameter path: The file (a symbolic link is followed).
  public init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    seconds = Int(info.st_mtim.tv_sec)
    nanoseconds = Int(info.st_mtim.tv_nsec)
    size = Int64(info.st_size)
    inode = UInt64(info.st_ino)
  }
}
