import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A long-running child (a server, a browser) started with `posix_spawn` in a process group of
/// its own, with chosen descriptors of this process placed at chosen numbers in the child.
///
/// Released or ``stop(signal:within:)``-ped, the whole group is sent SIGKILL and the child is
/// reaped, so no path out of a test (a failed `#require`, a thrown error) leaves it running.
final class ChildProcess {
  /// The child's process ID, also its process group's ID.
  let pid: pid_t
  private var isReaped = false
  private var exitStatus: Int32?

  /// Starts `executable` with `arguments`.
  ///
  /// `descriptors` maps a descriptor number in the child to a descriptor of this process
  /// (`[1: pipeWriteEnd]`); a number of 0…2 not in it opens `/dev/null` (standard input) or
  /// `standardErrorPath` (standard output and error, created empty). Every other descriptor
  /// is closed in the child.
  init(
    executable: String, arguments: [String], descriptors: [Int32: Int32],
    standardErrorPath: String
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Copies numbered 10 and up, closed on exec: a source can then never be one of the target
    // numbers 0…4 that an earlier dup2 of the list has already replaced.
    let sources = descriptors.mapValues { fcntl($0, F_DUPFD_CLOEXEC, 10) }
    defer { sources.values.forEach { close($0) } }
    guard sources.values.allSatisfy({ $0 >= 0 }) else { throw POSIXError(.EMFILE) }
    for number: Int32 in 0...2 where sources[number] == nil {
      if number == 0 {
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      } else {
        posix_spawn_file_actions_addopen(
          &actions, number, standardErrorPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
      }
    }
    for (number, source) in sources.sorted(by: { $0.key < $1.key }) {
      posix_spawn_file_actions_adddup2(&actions, source, number)
    }
    let attributes = SpawnAttributes(ownProcessGroup: true)
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var pointers = argv + [nil]
    var child: pid_t = 0
    let spawned = posix_spawnp(&child, executable, &actions, &attributes.value, &pointers, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
    pid = child
  }

  /// Sends `signal` to the child, waits up to `seconds` for it to exit, then kills its group;
  /// returns the exit status (128 + N for a death by signal N, as a shell reports it), or nil
  /// when it had to be killed.
  @discardableResult
  func stop(signal: Int32 = SIGTERM, within seconds: Double = 10) -> Int32? {
    if !isReaped {
      kill(pid, signal)
      let deadline = Date().addingTimeInterval(seconds)
      var raw: Int32 = 0
      while !isReaped && Date() < deadline {
        if waitpid(pid, &raw, WNOHANG) == pid {
          isReaped = true
          exitStatus = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        } else {
          usleep(10_000)
        }
      }
    }
    // The group too: a browser's helper processes, or whatever outlived the child.
    kill(-pid, SIGKILL)
    if !isReaped {
      var raw: Int32 = 0
      while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
      isReaped = true
    }
    return exitStatus
  }

  deinit { stop(signal: SIGKILL, within: 0) }

  /// A new pipe whose two ends are closed on exec (so that only a descriptor placed in a
  /// child's `descriptors` reaches it).
  static func pipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard Glibc.pipe(&ends) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE)
    }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    return (ends[0], ends[1])
  }
}
