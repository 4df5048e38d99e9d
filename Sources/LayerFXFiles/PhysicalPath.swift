#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths as the file system resolves them, for a path whose last components may not exist yet
/// (an output about to be written).
public enum PhysicalPath {
  /// The most symbolic links followed in one path, as Linux's `MAXSYMLINKS` (40; path_resolution(7)).
  static let linkLimit = 40

  /// The absolute path that `path` names once every symbolic link on the way is followed and
  /// `.` and `..` are applied, as open(2) would resolve it.
  ///
  /// Components that exist are resolved by lstat(2) and readlink(2), in order, so a link
  /// anywhere (a folder, the last name, a dangling link whose target does not exist yet) is
  /// followed; once a component does not exist, the rest is applied by name (`..` removes the
  /// previous component), as `mkdir -p` and a later create would. A relative path starts at the
  /// working directory (getcwd(3), itself free of links).
  ///
  /// Source: path_resolution(7).
  ///
  /// - Parameter path: A path, absolute or relative; not empty.
  /// - Returns: The absolute path, `/` for the root; `nil` for more than `linkLimit` links
  ///   (a loop) or an unreadable working directory.
  public static func resolve(_ path: String) -> String? {
    var start = path
    if !path.hasPrefix("/") {
      guard let directory = getcwd(nil, 0) else { return nil }
      defer { free(directory) }
      start = RawBytes.string(cString: directory) + "/" + path
    }
    var pending = Array(start.split(separator: "/").reversed())
    var resolved: [Substring] = []
    var exists = true
    var links = 0
    while let component = pending.popLast() {
      if component == "." { continue }
      if component == ".." {
        _ = resolved.popLast()
        continue
      }
      let candidate = "/" + (resolved + [component]).joined(separator: "/")
      var status = stat()
      if exists && lstat(RawBytes.cString(candidate), &status) != 0 { exists = false }
      if exists && (status.st_mode & S_IFMT) == S_IFLNK {
        links += 1
        guard links <= linkLimit, let target = linkTarget(candidate) else { return nil }
        if target.hasPrefix("/") { resolved = [] }
        pending += target.split(separator: "/").reversed()
        continue
      }
      resolved.append(component)
    }
    return "/" + resolved.joined(separator: "/")
  }

  /// Whether `path`, resolved (``resolve(_:)``), is `folder` or inside it, `folder` resolved
  /// the same way.
  ///
  /// - Parameters:
  ///   - path: A path that may not exist yet.
  ///   - folder: A folder.
  /// - Returns: `false` also when either cannot be resolved.
  public static func isInside(_ path: String, folder: String) -> Bool {
    guard let path = resolve(path), let folder = resolve(folder) else { return false }
    return path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
  }

  /// The text of the symbolic link at `path`, or `nil` when it cannot be read.
  private static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink(RawBytes.cString(path), &buffer, Int(PATH_MAX))
    guard length > 0 else { return nil }
    return RawBytes.string(decoding: buffer[..<length].map { UInt8(bitPattern: $0) })
  }
}
