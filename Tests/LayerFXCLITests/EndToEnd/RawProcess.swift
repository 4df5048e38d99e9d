import Foundation
import LayerFXTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `layerfx` with arguments given as raw bytes (names that are not UTF-8, which
/// `Process` cannot pass) and with standard input and output set up as a test needs.
enum RawProcess {
  /// What standard input or output is in the child.
  enum Stream {
    /// Closed: no descriptor at all.
    case closed
    /// Opened from this path.
    case file(String)
    /// The write end of a pipe whose read end is already closed (so writes fail with EPIPE).
    case brokenPipe
  }

  /// Runs `layerfx` with `arguments`; standard output and standard error go to files unless
  /// given (at most one of the three streams a `brokenPipe`).
  ///
  /// `whileRunning` is called with the child's process ID before it is waited for (to signal
  /// it); an exit by signal N is status 128 + N, as a shell reports it. The result holds the
  /// child's peak resident memory.
  static func run(
    _ arguments: [[UInt8]], standardInput: Stream = .file("/dev/null"),
    standardOutput: Stream? = nil, standardError: Stream? = nil,
    whileRunning: (pid_t) -> Void = { _ in }
  ) throws -> LayerFXTool.Result {
    let scratch = try TemporaryDirectory()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var pipeEnds: [Int32] = [-1, -1]
    try configure(&actions, descriptor: 0, standardInput, flags: O_RDONLY, pipe: &pipeEnds)
    try configure(
      &actions, descriptor: 1, standardOutput ?? .file(scratch.path("out")),
      flags: O_WRONLY | O_CREAT | O_TRUNC, pipe: &pipeEnds)
    try configure(
      &actions, descriptor: 2, standardError ?? .file(scratch.path("err")),
      flags: O_WRONLY | O_CREAT | O_TRUNC, pipe: &pipeEnds)
    let program = Array(LayerFXTool.executable.path.utf8)
    let argv = ([program] + arguments).map { bytes in
      strdup(bytes.map { CChar(bitPattern: $0) } + [0])
    }
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    var pointers = argv + [nil]
    let attributes = SpawnAttributes(ownProcessGroup: false)
    let spawned = posix_spawn(
      &pid, LayerFXTool.executable.path, &actions, &attributes.value, &pointers, environ)
    for end in pipeEnds where end >= 0 { close(end) }
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
    whileRunning(pid)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let output = (try? Data(contentsOf: URL(fileURLWithPath: scratch.path("out")))) ?? Data()
    return LayerFXTool.Result(
      status: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
      outputData: output,
      standardError: (try? String(contentsOfFile: scratch.path("err"), encoding: .utf8)) ?? "")
  }

  private static func configure(
    _ actions: inout posix_spawn_file_actions_t, descriptor: Int32, _ stream: Stream,
    flags: Int32, pipe pipeEnds: inout [Int32]
  ) throws {
    switch stream {
    case .closed:
      posix_spawn_file_actions_addclose(&actions, descriptor)
    case .file(let path):
      posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o644)
    case .brokenPipe:
      guard pipe(&pipeEnds) == 0 else { throw POSIXError(.EMFILE) }
      // The read end is closed in the parent right after the spawn and never reaches the
      // child, so nothing ever reads.
      posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], descriptor)
    }
  }
}
