import CLayerFXSandbox
import Foundation
import LayerFX
import Testing

@testable import LayerFXMetal

/// The worker's seccomp filter, the wall behind the compiler's refusal of `asm`: a library that
/// reaches the worker with a raw system call in its row function (built here with clang from C,
/// which no `.metal` file can become) is killed with SIGSYS at the call, and LayerFX says so.
///
/// The system calls are numbered as in Linux's x86-64 table (arch/x86/entry/syscalls/
/// syscall_64.tbl); what the filter allows is listed in Sources/layerfx-shader-worker/main.c.
@Suite("the shader worker's seccomp filter")
struct ShaderWorkerSeccompTests {
  /// A row function `lfx_row_call` that runs `body` (C, with `call(number, a0, …, a5)` making
  /// a raw system call), then writes one opaque white pixel (so a body that completes shows in
  /// the destination).
  static func library(body: String) -> String {
    """
    typedef struct { float *destination; } row_t;
    static long call(long number, long a0, long a1, long a2, long a3, long a4, long a5) {
      register long r10 __asm__("r10") = a3;
      register long r8 __asm__("r8") = a4;
      register long r9 __asm__("r9") = a5;
      long result;
      __asm__ volatile("syscall" : "=a"(result)
                       : "a"(number), "D"(a0), "S"(a1), "d"(a2), "r"(r10), "r"(r8), "r"(r9)
                       : "rcx", "r11", "memory");
      return result;
    }
    __attribute__((visibility("default"))) void lfx_row_call(const row_t *row, const void *a) {
      (void)a;
      \(body)
      for (int i = 0; i < 4; ++i) row->destination[i] = 1.0f;
    }
    """
  }

  /// A row function that makes system call `number` with `arguments` (the rest 0).
  static func library(number: Int, arguments: [Int]) -> String {
    let registers = (arguments + Array(repeating: 0, count: 6)).prefix(6).map(String.init)
    return library(body: "call(\(number), \(registers.joined(separator: ", ")));")
  }

  /// Builds `source` as the runner links a shader (``MetalCompiler/linkFlags``, `-z defs`),
  /// runs its row function on one pixel in a worker, and returns how the request ended.
  static func run(_ source: String) throws -> Result<SIMD4<Float>, ShaderWorker.Failure> {
    let clang = try MetalCompiler(options: MetalTestSupport.options).clang
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "layerfx-seccomp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("call.c")
    let library = folder.appendingPathComponent("call.so")
    try source.write(to: input, atomically: true, encoding: .utf8)
    let compile = Process()
    compile.executableURL = URL(fileURLWithPath: clang)
    compile.arguments =
      ["-x", "c", "-O1", "-fPIC", "-shared", "-Wl,-z,defs"] + MetalCompiler.linkFlags
      + [input.path, "-o", library.path]
    try compile.run()
    compile.waitUntilExit()
    try #require(compile.terminationStatus == 0, "clang built the test library")

    let worker = try ShaderWorker(
      executable: ShaderWorkerExecutable.path(), libraryPath: library.path, functions: ["call"])
    do {
      let memory = try worker.memory(atLeast: 16)
      memory.initializeMemory(as: Float.self, repeating: 0, count: 4)
      var message = lfx_message()
      message.op = Int32(lfx_op_rows)
      message.rows = 1
      message.count = 1
      message.destination_stride = 1
      message.source = -1
      let deadline = lfx_monotonic_ns() + 10_000_000_000
      _ = try worker.request(message, deadline: deadline)
      let pixel = memory.load(as: SIMD4<Float>.self)
      return .success(pixel)
    } catch {
      return .failure(error)
    }
  }

  @Test(
    "a system call outside the filter's list kills the worker with SIGSYS",
    arguments: [
      (39, [], "getpid"),
      (257, [-100, 0, 0], "openat"),
      (59, [0, 0, 0], "execve"),
      (62, [1, 0], "kill"),  // signal 0: only asks whether process 1 exists
      // Streams: no read or write on any descriptor, messages on the socket (3) alone.
      (0, [0, 0, 0], "read(standard input)"),
      (1, [1, 0, 0], "write(standard output)"),
      (1, [2, 0, 0], "write(standard error)"),
      (1, [3, 0, 0], "write(the socket)"),
      (46, [1, 0, 0], "sendmsg(standard output)"),
      (47, [0, 0, 0], "recvmsg(standard input)"),
      // mmap of a new executable page: mmap is allowed only without PROT_EXEC.
      (9, [0, 4096, 0x1 | 0x4, 0x02 | 0x20, -1, 0], "mmap(PROT_EXEC)"),
    ] as [(Int, [Int], String)])
  func refused(number: Int, arguments: [Int], name: String) throws {
    let result = try Self.run(Self.library(number: number, arguments: arguments))
    guard case .failure(.died(let reason)) = result else {
      Issue.record("\(name): expected the worker killed by the filter, got \(result)")
      return
    }
    #expect(reason.hasPrefix("SIGSYS"), "\(name): \(reason)")
  }

  @Test("a system call on the filter's list is allowed: the row completes")
  func allowed() throws {
    // clock_gettime(CLOCK_MONOTONIC, NULL) fails with EFAULT but is allowed: the pixel is
    // written after it.
    let result = try Self.run(Self.library(number: 228, arguments: [1, 0]))
    guard case .success(let pixel) = result else {
      Issue.record("expected the row to complete, got \(result)")
      return
    }
    #expect(pixel == SIMD4<Float>(1, 1, 1, 1))
  }

  /// A row body that sends `length` bytes of `record` (a C array) on the worker's socket with
  /// sendmsg, which the filter allows there, as shader code that forged a pointer into its own
  /// compiled code could.
  static func sending(_ record: String, length: Int) -> String {
    """
    \(record)
    struct { const void *base; unsigned long length; } part = {record, \(length)};
    struct {
      void *name; unsigned int name_length; void *parts; unsigned long count;
      void *control; unsigned long control_length; int flags;
    } header = {0, 0, &part, 1, 0, 0, 0};
    call(46, 3, (long)&header, 0, 0, 0, 0);
    """
  }

  /// A five-byte record, and a whole message that reports a fault no guard reports (signal
  /// 123456): the parent takes each for what the worker never sends, kills the worker and says
  /// so. (The short record used to read as the worker's end, and the parent waited for it to
  /// exit while the worker waited for the next request; the forged fault was reported as
  /// "signal 123456".)
  @Test(
    "a record on the worker's socket that the worker never sends ends the worker, with a reason",
    .timeLimit(.minutes(1)),
    arguments: [
      ("static const char record[] = \"short\";", 5),
      (
        "static const int record[\(MemoryLayout<lfx_message>.size / 4)] = {\(lfx_reply_fault), 123456};",
        MemoryLayout<lfx_message>.size
      ),
    ])
  func malformedRecord(record: String, length: Int) throws {
    let result = try Self.run(Self.library(body: Self.sending(record, length: length)))
    guard case .failure(.died(let reason)) = result else {
      Issue.record("expected the worker ended for a malformed message, got \(result)")
      return
    }
    #expect(reason.contains("malformed message"), "\(reason)")
  }

  /// The row closes the worker's socket and runs on for ever: the parent, seeing the socket
  /// closed, gives the worker ``ShaderWorker/endingGrace`` to end, then kills it.
  @Test(
    "a shader that closes its socket and runs on is killed after the grace",
    .timeLimit(.minutes(1)))
  func closedSocket() throws {
    let result = try Self.run(
      Self.library(body: "call(3, 3, 0, 0, 0, 0, 0);\n  for (;;) __asm__ volatile(\"\");"))
    guard case .failure(.died(let reason)) = result else {
      Issue.record("expected the worker killed, got \(result)")
      return
    }
    #expect(reason == "the shader closed its worker's socket and did not end")
  }
}
