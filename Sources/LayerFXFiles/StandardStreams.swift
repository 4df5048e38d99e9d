import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The standard streams (descriptors 0, 1 and 2) that the parent process left closed
/// (`layerfx … -o - >&-`).
///
/// A closed descriptor's number is the lowest free one, so the next file the process opens
/// takes it: a shader worker's socket, a shared-memory buffer or a PNG being read would then
/// receive what the tool writes to "standard output". ``reserveClosed()`` opens `/dev/null` on
/// each closed one first (POSIX.1-2024, exec: a program started with one of them closed runs
/// in an environment that does not conform, and an implementation may open a file there), and
/// remembers them, so
/// a write to a closed standard output is reported as such (``AtomicFile`` for `/dev/stdout` and
/// `/dev/stderr`, the command line's console for `-`).
public enum StandardStreams {
  /// Bit `d` set: descriptor `d` was closed when the process started.
  private static let closedBits = Atomic<UInt8>(0)

  /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed and records it; call
  /// it first in a program's `main`, before anything opens a file.
  public static func reserveClosed() {
    var bits: UInt8 = 0
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      // The lowest free descriptor: this one, as the lower ones are open by now.
      if open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY) == descriptor {
        bits |= 1 << UInt8(descriptor)
      }
    }
    closedBits.store(bits, ordering: .relaxed)
  }

  /// Whether descriptor `descriptor` (0, 1 or 2) was closed when the process started.
  public static func wasClosed(_ descriptor: Int32) -> Bool {
    closedBits.load(ordering: .relaxed) & (1 << UInt8(descriptor)) != 0
  }
}
