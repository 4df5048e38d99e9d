import CLayerFXFiles
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A hidden temporary file's name, registered with the signal handler that unlinks it
/// (``AtomicFile/installSignalHandlers()``).
struct Temporary {
  /// The prefix of every temporary name; `PNGSequenceSink` removes stale ones by it.
  static let prefix = ".layerfx-"
  /// The suffix of every temporary name.
  static let suffix = ".tmp"

  /// The path, directory included.
  let name: String
  /// The signal handler's slot, or -1 when its table was full.
  private let slot: Int32

  /// Registers `name`.
  init(_ name: String) {
    self.name = name
    slot = RawBytes.cString(name).withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { lfx_temporary_register($0) } ?? -1
    }
  }

  /// A new hidden name in `directory` (empty or ending in `/`).
  ///
  /// The name is `.layerfx-`, the process's id in decimal, `-`, 16 random hexadecimal digits and `.tmp`, at most 37 bytes whatever the
  /// destination's name (pids are below 2²²). The id says whose it is: a later run removes it
  /// once that process is gone (``removeStale(in:)``).
  static func name(in directory: String) -> String {
    let number = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    return directory + prefix + "\(getpid())-" + String(repeating: "0", count: 16 - number.count)
      + number + suffix
  }

  /// The process that made the hidden name `name` (without a directory), or `nil` for a name
  /// of another form (one made before names carried the id).
  static func owner(of name: String) -> pid_t? {
    guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
    let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
    guard let dash = middle.firstIndex(of: "-"),
      middle[middle.index(after: dash)...].count == 16,
      let pid = pid_t(middle[..<dash]), pid > 0
    else { return nil }
    return pid
  }

  /// Whether the hidden name `name` was left by a process that no longer runs.
  ///
  /// Such a process was killed by SIGKILL between writing and renaming, where the file system
  /// has no `O_TMPFILE`: kill(2) with signal 0 finds no such process (`ESRCH`). A name from before names carried the id
  /// (`.layerfx-` and 16 hexadecimal digits) is stale too; a name of another form, or one whose
  /// process runs (or whose id was reused: the file is then kept), is not.
  static func isStale(_ name: String) -> Bool {
    guard let pid = owner(of: name) else {
      let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
      return name.hasPrefix(prefix) && name.hasSuffix(suffix) && middle.count == 16
        && middle.allSatisfy(\.isHexDigit)
    }
    return pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
  }

  /// The folders swept this run, so a folder is read once however many files go there.
  private static let swept = Mutex<Set<String>>([])

  /// Removes the stale hidden temporaries (``isStale(_:)``) in `directory` (empty or ending in
  /// `/`), the first time this process writes there.
  static func removeStale(in directory: String) {
    guard swept.withLock({ $0.insert(directory).inserted }) else { return }
    let folder = directory.isEmpty ? "." : directory
    for name in Directory.names(in: folder) where isStale(name) {
      Directory.removeFile(name, in: folder)
    }
  }

  /// Forgets the name (it was renamed, or removed).
  func release() {
    lfx_temporary_unregister(slot)
  }

  /// Unlinks the file and forgets the name.
  func remove() {
    unlink(RawBytes.cString(name))
    release()
  }
}
