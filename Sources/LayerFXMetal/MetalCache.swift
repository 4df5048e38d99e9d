import Foundation
import LayerFXFiles

#if canImport(Glibc)
  import Glibc
#endif

/// The compile cache's folder and its entries: private to the user, verified on load, bounded.
///
/// - The folder is `$LAYERFX_CACHE`, else `$XDG_CACHE_HOME/layerfx/metal` (when absolute),
///   else `$HOME/.cache/layerfx/metal`, else (no `HOME`: services, some CI runners) a per-user
///   folder `layerfx-metal-UID` in `$TMPDIR` (when an existing folder) or `/tmp`
///   (``location(options:environment:)``). It is created with mode 0700 and must be a
///   real folder (not a link) owned by this user that nobody else can write: a folder another
///   user prepared, or one open to others' writes, is refused (exit 73), never used; one that
///   others could only read (an older LayerFX made it 0755) is made 0700.
/// - A compiled object is stored with its hash (`NAME.so.sum`: the 128-bit FNV-1a of its bytes,
///   ``MetalCompiler/hash(bytes:)``), checked before the object is used: a corrupt or truncated
///   entry is removed and compiled again.
/// - The folder is held under ``byteLimit``: after a compile, the least recently used objects
///   (by modification time, which a cache hit renews) are removed first.
enum MetalCache {
  /// The most the folder's objects may take, bytes (256 MiB).
  static let byteLimit = 256 << 20

  /// The cache folder, created if needed and checked.
  ///
  /// - Throws: ``MetalCompileError/cacheUnavailable(_:)`` (exit 73) when it cannot be created or
  ///   is not a private folder of this user.
  static func directory(options: MetalCompileOptions, environment: [String: String])
    throws(MetalCompileError) -> String
  {
    let directory = location(options: options, environment: environment)
    try makePrivate(directory)
    return directory
  }

  /// The cache folder `options` and `environment` name, not yet created.
  ///
  /// A relative `XDG_CACHE_HOME` is ignored, as the XDG Base Directory Specification requires
  /// ("If an implementation encounters a relative path in any of these variables it should
  /// consider the path invalid and ignore it"). Without `HOME` the folder is
  /// `layerfx-metal-UID` in ``temporaryFolder(environment:)``, the only part created there.
  static func location(options: MetalCompileOptions, environment: [String: String]) -> String {
    if let explicit = options.cacheDirectory {
      return explicit
    } else if let explicit = environment["LAYERFX_CACHE"], !explicit.isEmpty {
      return explicit
    } else if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return xdg + "/layerfx/metal"
    } else if let home = environment["HOME"], !home.isEmpty {
      return home + "/.cache/layerfx/metal"
    }
    return temporaryFolder(environment: environment) + "/layerfx-metal-\(geteuid())"
  }

  /// The temporary folder: `$TMPDIR` when it is an absolute path to an existing folder.
  ///
  /// Else `/tmp` (POSIX, XBD 8.3: `TMPDIR` names "a directory made available for programs
  /// that need a place to create temporary files"; one that is not a folder is ignored, never
  /// created). The compiler runs with it too (``BoundedProcess``), so clang can make its
  /// temporary files.
  static func temporaryFolder(environment: [String: String]) -> String {
    var status = stat()
    guard let temporary = environment["TMPDIR"], temporary.hasPrefix("/"),
      stat(temporary, &status) == 0, status.st_mode & S_IFMT == S_IFDIR
    else { return "/tmp" }
    return temporary
  }

  /// Creates `path` (and missing parents) with mode 0700, then checks it is a folder (not a
  /// link) owned by this user that group and others cannot write, and takes away their read
  /// and search access.
  static func makePrivate(_ path: String) throws(MetalCompileError) {
    var components: [String] = []
    for component in path.split(separator: "/") {
      components.append(String(component))
      let partial = (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/")
      if mkdir(partial, 0o700) != 0 && errno != EEXIST {
        throw .cacheUnavailable(
          "cannot create the compile cache \(path): \(String(cString: strerror(errno)))")
      }
    }
    var status = stat()
    guard lstat(path, &status) == 0 else {
      throw .cacheUnavailable(
        "cannot create the compile cache \(path): \(String(cString: strerror(errno)))")
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw .cacheUnavailable("the compile cache \(path) is not a folder (a link or a file)")
    }
    guard status.st_uid == geteuid() else {
      throw .cacheUnavailable(
        "the compile cache \(path) belongs to user \(status.st_uid), not to this user "
          + "(\(geteuid())); refusing to use it")
    }
    // Writable by others: anything in it may have been planted. Readable only (an older
    // LayerFX made it 0755): this user's own folder, made private.
    guard status.st_mode & 0o022 == 0 else {
      throw .cacheUnavailable(
        "the compile cache \(path) is open to other users (mode "
          + String(status.st_mode & 0o777, radix: 8) + "); it must be 0700")
    }
    if status.st_mode & 0o077 != 0 && chmod(path, 0o700) != 0 {
      throw .cacheUnavailable(
        "cannot make the compile cache \(path) private (mode 0700): "
          + String(cString: strerror(errno)))
    }
  }

  /// Whether `object` is whole: its bytes hash to what its `.sum` file says.
  ///
  /// A failed check removes both, so the caller compiles again; a good one renews the
  /// object's time (LRU).
  static func isIntact(_ object: String) -> Bool {
    guard let bytes = FileManager.default.contents(atPath: object),
      let sum = try? String(contentsOfFile: object + ".sum", encoding: .utf8),
      sum == MetalCompiler.hash(bytes: [Array(bytes)])
    else {
      unlink(object)
      unlink(object + ".sum")
      return false
    }
    utimes(object, nil)
    return true
  }

  /// Writes the `.sum` of `object`, the compiled file about to be renamed to `name`, as
  /// `name.sum`: written before the object is in place, so an object in the cache always has
  /// its sum (``isIntact(_:)`` removes one without, as torn).
  ///
  /// - Throws: ``MetalCompileError/cacheFailed(_:)`` (exit 74) when it cannot be read or written.
  static func seal(_ object: String, as name: String) throws(MetalCompileError) {
    guard let bytes = FileManager.default.contents(atPath: object) else {
      throw .cacheFailed("cannot read the compiled library \(object)")
    }
    do {
      try AtomicFile.write(MetalCompiler.hash(bytes: [Array(bytes)]), to: name + ".sum")
    } catch {
      throw .cacheFailed("cannot write \(name).sum: \(error.description)")
    }
  }

  /// Removes the least recently used objects (with their sums, units and overlays: every
  /// `KEY.*` beside `KEY.so`) until the folder's objects take at most ``byteLimit``, keeping
  /// `keep`.
  static func evict(in directory: String, keeping keep: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    var objects: [(path: String, time: Int, size: Int)] = []
    for name in names where name.hasSuffix(".so") {
      var status = stat()
      let path = directory + "/" + name
      guard lstat(path, &status) == 0 else { continue }
      objects.append((path, status.st_mtim.tv_sec, Int(status.st_size)))
    }
    var total = objects.reduce(0) { $0 + $1.size }
    for object in objects.sorted(by: { $0.time < $1.time }) where total > byteLimit {
      guard object.path != keep else { continue }
      let key = String(object.path.dropLast(3)) + "."
      for name in names where (directory + "/" + name).hasPrefix(key) {
        unlink(directory + "/" + name)
      }
      total -= object.size
    }
  }
}
