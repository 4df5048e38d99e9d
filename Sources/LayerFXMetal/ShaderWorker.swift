import CLayerFXMetalGuard
import CLayerFXSandbox
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One `layerfx-shader-worker` process: the only place a compiled `.metal` library is loaded and
/// called (Sources/layerfx-shader-worker/main.c says what its seccomp filter allows).
///
/// A worker serves one renderer thread at a time (``ShaderWorkerPool`` hands them out). Its
/// shared memory holds a request's arguments, a tile's source rows and, unless the render's
/// scratch tile is shared memory itself (``SharedTexels``, a frame on its way to PNG samples),
/// the tile's destination, which the worker writes and this process copies into the render's
/// destination; a layer's texels are ``SharedTexels`` that the worker maps once, read-only. It dies with this process
/// (`PR_SET_PDEATHSIG`), runs with `RLIMIT_AS` and `RLIMIT_CPU`, and is killed when a request
/// outlives its deadline.
final class ShaderWorker {
  /// Why a request did not complete.
  enum Failure: Error {
    /// The shader faulted (signal), caught by the worker's fault guard; the worker lives on.
    case fault(signal: Int32, row: Int?)
    /// The worker is gone: killed by a signal (SIGSYS: the filter), or it exited.
    case died(String)
    /// The deadline passed; the worker was killed.
    case timedOut
  }

  /// The worker's address-space limit (RLIMIT_AS), bytes: room for an 8K layer's texels and its
  /// tiles, far from what a runaway allocation would take of the machine.
  static let addressSpaceLimit: UInt64 = 16 << 30
  /// The worker's CPU-time limit (RLIMIT_CPU), seconds, over its life: a backstop behind the
  /// per-frame time limit, which the parent enforces.
  static let cpuSecondsLimit: UInt64 = 24 * 3600

  /// How long a worker whose socket closed has to end before it is killed, nanoseconds.
  static let endingGrace: Int64 = 1_000_000_000

  let pid: pid_t
  private let socket: Int32
  private let memoryDescriptor: Int32
  private var memory: UnsafeMutableRawPointer
  private var memorySize: Int
  private var isDead = false
  /// How the process ended once reaped after it stopped answering: `exit status N` or
  /// `signal N`; `nil` while it runs, or when it was killed here.
  private(set) var ending: String?
  /// The arguments last sent, by their frame's serial number (0: none).
  var argumentsFrame: UInt64 = 0
  /// The texel buffers the worker has mapped, oldest first (at most 8, as the worker keeps).
  private var mappedTexels: [Int64] = []

  /// Starts a worker for the library at `libraryPath` with `functions` (Metal names).
  ///
  /// - Throws: ``MetalCompileError/loadFailed(_:)`` when the worker cannot be started.
  init(executable: String, libraryPath: String, functions: [String]) throws(MetalCompileError) {
    var pair: [Int32] = [-1, -1]
    guard lfx_socket_pair(&pair) == 0 else {
      throw .loadFailed("cannot start the shader worker: no socket")
    }
    // The names, each ended by a NUL byte, are the worker's standard input, a memfd of their
    // own, and its arguments say how many and how long (layerfx-shader-worker/main.c): as
    // arguments, one of 1014 characters or more had overrun the worker's name buffer, and one
    // past 128 KiB would be refused by execve. Not the shared memory, which the first request
    // overwrites, maybe before the worker has read them.
    let names = functions.reduce(into: [UInt8]()) { bytes, name in bytes += name.utf8 + [0] }
    var input: Int32 = -1
    guard let namesMemory = lfx_shared_map(max(names.count, 1), &input) else {
      close(pair[0])
      close(pair[1])
      throw .loadFailed("cannot start the shader worker: no memory for its function names")
    }
    names.withUnsafeBytes { bytes in
      if let base = bytes.baseAddress { namesMemory.copyMemory(from: base, byteCount: bytes.count) }
    }
    munmap(namesMemory, max(names.count, 1))
    defer { close(input) }
    var descriptor: Int32 = -1
    guard let memory = lfx_shared_map(1 << 20, &descriptor) else {
      close(pair[0])
      close(pair[1])
      throw .loadFailed("cannot start the shader worker: no shared memory")
    }
    let arguments = [executable, libraryPath, String(functions.count), String(names.count)]
    var limits = lfx_spawn_limits(
      address_space: Self.addressSpaceLimit, cpu_seconds: Self.cpuSecondsLimit, input: input,
      output: -1, error: 2, keep: (pair[1], descriptor))
    let pid = Self.withCStrings(arguments) { argv in
      Self.withCStrings(["PATH=/usr/bin:/bin"]) { envp in
        lfx_spawn(executable, argv, envp, &limits)
      }
    }
    close(pair[1])
    guard pid > 0 else {
      close(pair[0])
      throw .loadFailed(
        "cannot start the shader worker \(executable): \(String(cString: strerror(-pid)))")
    }
    self.pid = pid
    self.socket = pair[0]
    self.memoryDescriptor = descriptor
    self.memory = memory
    self.memorySize = 1 << 20
  }

  private static func withCStrings<R>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
  ) -> R {
    var pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { preconditionFailure("an array of one or more") }
      return body(base)
    }
  }

  /// Shared memory of at least `bytes`, grown (and mapped again) as needed.
  func memory(atLeast bytes: Int) throws(Failure) -> UnsafeMutableRawPointer {
    if bytes > memorySize {
      let size = (bytes + (1 << 20) - 1) & ~((1 << 20) - 1)
      guard let grown = lfx_shared_grow(memoryDescriptor, memory, memorySize, size) else {
        throw .died("cannot grow the shared memory to \(size) bytes")
      }
      memory = grown
      memorySize = size
    }
    return memory
  }

  /// Sends `message` (with `descriptor` attached) and waits for the reply until `deadline`
  /// (CLOCK_MONOTONIC nanoseconds), answering a layer's sample requests with `sample` and
  /// handing the sample log (its record count) to `log` each time it is full and at the end,
  /// which returns whether the records are well formed (a malformed log kills the worker).
  func request(
    _ message: lfx_message, descriptor: Int32 = -1, deadline: Int64,
    sample: ((Float, Float) -> SIMD4<Float>)? = nil, log: ((Int) -> Bool)? = nil
  ) throws(Failure) -> lfx_message {
    guard !isDead else { throw .died("the shader worker stopped earlier") }
    var message = message
    message.memory_size = Int64(memorySize)
    guard lfx_send(socket, &message, descriptor) == 0 else { throw died() }
    while true {
      var reply = lfx_message()
      let status = lfx_receive(socket, &reply, nil, deadline)
      if status == -ETIMEDOUT {
        kill()
        throw .timedOut
      }
      if status == -EPROTO { throw malformed() }
      guard status == 0 else { throw died() }
      switch reply.op {
      case Int32(lfx_reply_done):
        // The records a batch of pixels logged after the last full log.
        if let log, !log(Int(reply.count)) { throw malformed() }
        return reply
      case Int32(lfx_reply_fault):
        // The fault guard catches these four, in a row of the request or in its one pixel.
        let rows =
          message.op == Int32(lfx_op_rows)
          ? message.row..<message.row + max(message.rows, 1) : -1..<0
        guard [SIGFPE, SIGSEGV, SIGBUS, SIGILL].contains(reply.function), rows.contains(reply.row)
        else { throw malformed() }
        throw .fault(signal: reply.function, row: reply.row >= 0 ? Int(reply.row) : nil)
      case Int32(lfx_reply_sample):
        let color = sample?(reply.x, reply.y) ?? .zero
        var answer = lfx_message()
        answer.op = Int32(lfx_reply_sample)
        answer.color = (color.x, color.y, color.z, color.w)
        guard lfx_send(socket, &answer, -1) == 0 else { throw died() }
      case Int32(lfx_reply_samples):
        guard let log, log(Int(reply.count)) else { throw malformed() }
        var answer = lfx_message()
        answer.op = Int32(lfx_reply_samples)
        guard lfx_send(socket, &answer, -1) == 0 else { throw died() }
      default: throw malformed()
      }
    }
  }

  /// The worker sent what it never sends (a record that is not a message, an unknown reply, a
  /// fault no guard reports), which only shader code writing to its socket can: kills it.
  private func malformed() -> Failure {
    kill()
    return .died("the shader worker sent a malformed message (did the shader write to its socket?)")
  }

  /// Sends a request that changes nothing (unmapping texels no one mapped, id -1) and waits for
  /// its answer until `deadline` (CLOCK_MONOTONIC nanoseconds): whether the process is a
  /// LayerFX shader worker that has loaded its library, before any shader code runs.
  ///
  /// - Throws: The failure: the process ended (``ending`` says how) or did not answer in time.
  func ping(deadline: Int64) throws(Failure) {
    var message = lfx_message()
    message.op = Int32(lfx_op_unmap_texels)
    message.texels_id = -1
    _ = try request(message, deadline: deadline)
  }

  /// Makes sure the worker has mapped `texels`, evicting its oldest mapping past eight.
  func map(_ texels: SharedTexels, deadline: Int64) throws(Failure) {
    guard !mappedTexels.contains(texels.id) else { return }
    if mappedTexels.count == 8 {
      var unmap = lfx_message()
      unmap.op = Int32(lfx_op_unmap_texels)
      unmap.texels_id = mappedTexels.removeFirst()
      _ = try request(unmap, deadline: deadline)
    }
    var message = lfx_message()
    message.op = Int32(lfx_op_map_texels)
    message.texels_id = texels.id
    message.count = Int64(texels.byteCount)
    message.writable = texels.isWritable ? 1 : 0
    _ = try request(message, descriptor: texels.descriptor, deadline: deadline)
    mappedTexels.append(texels.id)
  }

  /// The CPU time the worker has used so far, nanoseconds (user and system, from its process
  /// CPU-time clock, `clock_getcpuclockid(3)`); `nil` when the system cannot say.
  ///
  /// A timed trial of two forms (``MetalFormTrial``) compares this across a request rather
  /// than the wall-clock time, which on a shared machine counts the scheduler's waits too.
  var cpuNanoseconds: UInt64? {
    var clock = clockid_t()
    var time = timespec()
    guard !isDead, clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &time) == 0
    else { return nil }
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// Kills the worker (SIGKILL) and reaps it.
  func kill() {
    guard !isDead else { return }
    isDead = true
    Glibc.kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
  }

  /// The worker's socket is closed: reaps the worker and says how it ended.
  ///
  /// A worker whose socket closes is ending, unless its shader closed the socket itself and
  /// runs on: it is given ``endingGrace`` to end, then killed, so no wait here outlasts that.
  private func died() -> Failure {
    guard !isDead else { return .died("the shader worker stopped earlier") }
    isDead = true
    var status: Int32 = 0
    let giveUp = lfx_monotonic_ns() + Self.endingGrace
    while waitpid(pid, &status, WNOHANG) != pid {
      guard lfx_monotonic_ns() < giveUp else {
        Glibc.kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return .died("the shader closed its worker's socket and did not end")
      }
      usleep(1000)
    }
    let signal = status & 0x7f
    ending = signal == 0 ? "exit status \((status >> 8) & 0xff)" : "signal \(signal)"
    if signal == 0 {
      return .died("the shader ended its process (exit status \((status >> 8) & 0xff))")
    }
    switch signal {
    // The filter kills at a forbidden call. A shader that wrote past a local array makes one
    // too, through the fault guard: its saved state overwritten, the return from the SIGSEGV
    // calls rt_sigprocmask (strace of new-user trial 9's `a[i] = 1` for i < 100 000).
    case SIGSYS:
      return .died(
        "SIGSYS: made a system call, which the shader sandbox forbids, or corrupted its stack "
          + "(a write past a local array?)")
    case SIGXCPU, SIGKILL:
      return .died("killed (signal \(signal)) at the worker's CPU or memory limit")
    default: return .died("the shader's process ended with signal \(signal)")
    }
  }

  /// Whether the worker can take requests.
  var isAlive: Bool { !isDead }

  deinit {
    kill()
    close(socket)
    munmap(memory, memorySize)
    close(memoryDescriptor)
  }
}
