import CLayerFXSandbox
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program, clang, as a bounded child: its own process group, `RLIMIT_AS` and
/// `RLIMIT_CPU`, killed (the whole group) past a wall-clock limit, and killed with LayerFX
/// (`PR_SET_PDEATHSIG`, which Foundation's `Process` cannot set), so no compiler outlives it,
/// Ctrl-C included.
///
/// Its `TMPDIR` is ``MetalCache/temporaryFolder(environment:)``: clang
/// cannot compile when `TMPDIR` names no folder (`unable to make temporary file`).
enum BoundedProcess {
  /// How the run ended.
  enum Outcome {
    /// It exited or was killed by a signal: the wait status and its output (standard output
    /// and error together, at most the run's capacity).
    case finished(status: Int32, output: String)
    /// The wall-clock limit passed; the group was killed.
    case timedOut
  }

  /// Runs `path` with `arguments`.
  ///
  /// - Parameters:
  ///   - path: The program.
  ///   - arguments: Its arguments, after its name.
  ///   - seconds: CPU limit, seconds (`RLIMIT_CPU`).
  ///   - wallSeconds: Wall-clock limit, seconds: past it the group is killed.
  ///   - addressSpace: `RLIMIT_AS`, bytes.
  ///   - capacity: The most output kept, bytes; the rest is read and dropped.
  /// - Returns: The outcome, or `nil` when the program could not be started.
  static func run(
    _ path: String, _ arguments: [String], seconds: Int, wallSeconds: Int, addressSpace: UInt64,
    capacity: Int = 1 << 20
  ) -> Outcome? {
    var pipe: [Int32] = [-1, -1]
    guard Glibc.pipe(&pipe) == 0 else { return nil }
    for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var limits = lfx_spawn_limits(
      address_space: addressSpace, cpu_seconds: UInt64(seconds), input: -1, output: pipe[1],
      error: pipe[1], keep: (-1, -1))
    let strings = [path] + arguments
    var argv = strings.map { strdup($0) } + [nil]
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = MetalCache.temporaryFolder(environment: environment)
    var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    let pid = lfx_spawn(path, &argv, &envp, &limits)
    close(pipe[1])
    defer { close(pipe[0]) }
    guard pid > 0 else { return nil }
    var buffer = [CChar](repeating: 0, count: capacity)
    var length = 0
    let status = lfx_wait_bounded(
      pid, pipe[0], Int32(wallSeconds * 1000), &buffer, capacity, &length)
    guard status != -1 else { return .timedOut }
    let output = String(
      decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return .finished(status: status, output: output)
  }
}
