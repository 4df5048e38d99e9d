import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The memory a render's buffers may take, and the check that refuses a render needing more
/// (``RenderMemory``) before any pixel is rendered, instead of letting an allocation fail
/// midway (Swift traps on a failed allocation).
///
/// Two limits bind, and the smaller one is the budget:
/// - the address-space limit (`getrlimit(RLIMIT_AS)`, the shell's `ulimit -v`), less what the
///   process maps besides its buffers now (its address space, `/proc/self/statm`'s first field,
///   less the buffers already held) and a stack for each thread Dispatch may start
///   (`RLIMIT_STACK`, 8 MiB when unlimited; ``current(holding:cgroup:)``);
/// - the memory the system has available (`MemAvailable` in `/proc/meminfo`,
///   ``AnimationLimits/availableMemory()``), plus the buffers already held;
/// - the room the process's control groups leave (``CGroupMemory``: cgroup v2 `memory.max`,
///   v1 `memory.limit_in_bytes`, less the group's usage), plus the buffers already held: in a
///   container the kernel kills a process past it (exit 137) whatever the other two say.
///
/// Source: `getrlimit(2)`; Linux kernel documentation, `Documentation/filesystems/proc.rst`
/// ("statm", "meminfo").
public struct MemoryBudget: Sendable, Equatable {
  /// Which limit the budget comes from.
  public enum Source: String, Sendable, Equatable {
    /// `RLIMIT_AS`.
    case addressSpaceLimit = "ulimit -v"
    /// `MemAvailable`.
    case availableMemory = "MemAvailable"
    /// A cgroup v2 limit, `memory.max`.
    case cgroupV2 = "cgroup memory.max"
    /// A cgroup v1 limit, `memory.limit_in_bytes`.
    case cgroupV1 = "cgroup memory.limit_in_bytes"
  }

  /// The bytes the buffers may take.
  public var bytes: Double
  /// Where the figure comes from, named in the refusal.
  public var source: Source

  /// Creates a budget.
  ///
  /// - Parameters:
  ///   - bytes: The bytes the buffers may take.
  ///   - source: The limit they come from.
  public init(bytes: Double, source: Source) {
    self.bytes = bytes
    self.source = source
  }

  /// The budget now, while `heldBytes` of the buffers an estimate counts (the input image) are
  /// already allocated; `nil` when neither limit is set or readable.
  ///
  /// Under the address-space limit a stack is kept for every thread Dispatch may start: one
  /// per active processor (its pool runs the tiles and the encodes, whatever `--threads` says)
  /// and its manager thread. A thread it cannot start is retried forever (libdispatch's
  /// `_dispatch_temporary_resource_shortage`): a render then hangs instead of failing. Each of
  /// those threads may also get a malloc arena of its own, which reserves
  /// `mallocArenaBytes` of address space: uncounted, an animation under `ulimit -v` passed
  /// the check and then trapped on a failed allocation.
  ///
  /// - Parameters:
  ///   - heldBytes: Bytes of counted buffers allocated already.
  ///   - cgroup: The control groups' room (``CGroupMemory/current(groups:root:)``; a test
  ///     passes one read from a folder of its own).
  /// - Returns: The smallest budget, or `nil`.
  public static func current(
    holding heldBytes: Double = 0, cgroup: CGroupMemory? = CGroupMemory.current()
  ) -> MemoryBudget? {
    var budgets: [MemoryBudget] = []
    if let addressSpace = addressSpace(holding: heldBytes) {
      budgets.append(addressSpace)
    }
    if let available = AnimationLimits.availableMemory() {
      budgets.append(MemoryBudget(bytes: Double(available) + heldBytes, source: .availableMemory))
    }
    if let cgroup {
      budgets.append(
        MemoryBudget(
          bytes: cgroup.availableBytes + heldBytes,
          source: cgroup.limitFile == "memory.max" ? .cgroupV2 : .cgroupV1))
    }
    return budgets.min { $0.bytes < $1.bytes }
  }

  /// The address-space limit's budget alone, while `heldBytes` of the counted buffers are
  /// allocated: `RLIMIT_AS` less what the process maps besides them, and, when
  /// `reservingThreads`, less a stack and a malloc arena for every thread Dispatch may start
  /// (see ``current(holding:cgroup:)``); `nil` when the limit is unlimited or unreadable.
  ///
  /// `--ignore-free-memory` holds a render to this budget without the threads' reserve: an
  /// arena may never be reserved, but buffers larger than the address space left cannot be
  /// allocated whatever the system has free (`getrlimit(2)`: past `RLIMIT_AS`, `mmap` and `brk`
  /// fail with `ENOMEM`).
  ///
  /// - Parameters:
  ///   - heldBytes: Bytes of counted buffers allocated already.
  ///   - reservingThreads: Whether the threads' stacks and arenas are set aside.
  /// - Returns: The budget, sourced ``Source/addressSpaceLimit``, or `nil`.
  public static func addressSpace(
    holding heldBytes: Double = 0, reservingThreads: Bool = true
  ) -> MemoryBudget? {
    guard let limit = addressSpaceLimit(), let inUse = addressSpaceInUse() else { return nil }
    let threads = ProcessInfo.processInfo.activeProcessorCount + 1
    let reserve = reservingThreads ? Double(threads) * (stackBytes() + mallocArenaBytes) : 0
    return MemoryBudget(bytes: limit - (inUse - heldBytes) - reserve, source: .addressSpaceLimit)
  }

  /// `RLIMIT_AS`'s soft limit in bytes, or `nil` when unlimited.
  public static func addressSpaceLimit() -> Double? {
    var limit = rlimit()
    guard getrlimit(RLIMIT_AS_RESOURCE, &limit) == 0, limit.rlim_cur != rlim_t.max else {
      return nil
    }
    return Double(limit.rlim_cur)
  }

  /// The process's mapped address space in bytes (`/proc/self/statm`, first field, in pages),
  /// or `nil` where it cannot be read.
  public static func addressSpaceInUse() -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = text.split(separator: " ").first.flatMap({ Double($0) })
    else { return nil }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// The address space glibc reserves for each malloc arena a thread gets beside the main one:
  /// `HEAP_MAX_SIZE`, twice `DEFAULT_MMAP_THRESHOLD_MAX`, 64 MiB on a 64-bit system (glibc
  /// `malloc/arena.c`, `malloc/malloc.c`; mallopt(3), `M_ARENA_MAX`).
  static let mallocArenaBytes: Double = 64 * 1_048_576

  /// A thread's stack: `RLIMIT_STACK`'s soft limit, 8 MiB when unlimited or unreadable.
  static func stackBytes() -> Double {
    var limit = rlimit()
    guard getrlimit(RLIMIT_STACK_RESOURCE, &limit) == 0, limit.rlim_cur != rlim_t.max else {
      return 8 * 1_048_576
    }
    return Double(limit.rlim_cur)
  }

  /// Refuses `neededBytes` above the budget, naming `path` (the output, or the input being
  /// read), both figures and the limit.
  ///
  /// - Parameters:
  ///   - neededBytes: The estimate (``RenderMemory/peakBytes``).
  ///   - path: What the message names.
  /// - Throws: ``CompositionError/outOfMemory(_:)``: `OUT.png: needs about 9.6 GB of memory,
  ///   3.9 GB available (ulimit -v)`, with the ways out; under an address-space limit that the
  ///   process's own mappings and its threads' reserve already fill, that the limit leaves
  ///   none and why, since no smaller image would fit.
  public func check(_ neededBytes: Double, path: String) throws(CompositionError) {
    guard neededBytes > bytes else { return }
    if source == .addressSpaceLimit, bytes <= 0 {
      throw .outOfMemory(
        "\(path): needs about \(AnimationLimits.bytes(neededBytes)) of memory, but ulimit -v "
          + "leaves none: what layerfx itself maps (and reserves for each thread it may start: a "
          + "stack and a \(AnimationLimits.bytes(Self.mallocArenaBytes)) malloc arena) fills "
          + "the limit; raise ulimit -v")
    }
    let wayOut =
      switch source {
      case .addressSpaceLimit: "raise ulimit -v, or render a smaller image or a shorter chain"
      case .availableMemory:
        "render a smaller image or a shorter chain, or pass --ignore-free-memory"
      case .cgroupV2, .cgroupV1:
        "raise the container's memory limit, or render a smaller image or a shorter chain"
      }
    throw .outOfMemory(
      "\(path): needs about \(AnimationLimits.bytes(neededBytes)) of memory, "
        + "\(AnimationLimits.bytes(max(bytes, 0))) available (\(source.rawValue)); \(wayOut)")
  }
}

// RLIM_INFINITY is `(~0UL)`, which Swift imports as a literal that does not fit; `rlim_t.max`
// is the same value. Glibc's resources are an enum, passed as `__rlimit_resource_t`.
private let RLIMIT_AS_RESOURCE = __rlimit_resource_t(RLIMIT_AS.rawValue)
private let RLIMIT_STACK_RESOURCE = __rlimit_resource_t(RLIMIT_STACK.rawValue)
