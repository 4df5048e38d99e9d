import Foundation
import LayerFX
import LayerFXMath
import Testing

@testable import LayerFXMetal

@Suite("MetalCompileError and faults")
struct MetalErrorTests {
  @Test("a compile error comes back as clang's diagnostic at the source's line and column")
  func compileError() throws {
    // Line 3, column 16 is `undefinedName` (the literal 0.5 before it on that line gains an `f`
    // before compiling, which the column mapping takes back). Vector types need no `metal::`.
    let source = """
      #include <metal_stdlib>
      [[ stitchable ]] half4 broken(float2 position, half4 color) {
        return 0.5 * undefinedName;
      }
      """
    #expect {
      _ = try MetalLibrary(source: source, path: "broken.metal", options: MetalTestSupport.options)
    } throws: { error in
      guard case .compileFailed(let diagnostics, _) = error as? MetalCompileError,
        let first = diagnostics.first
      else { return false }
      return first.file == "broken.metal" && first.line == 3 && first.column == 16
        && first.severity == "error" && first.message.contains("undefinedName")
    }
  }

  // The texts are clang 21's: its in-process crash banner, the driver's line for a compiler
  // job that died out of process (clang's Driver: err_drv_command_signalled and
  // err_drv_command_failed, printed for an exit code other than 1), and ordinary errors.
  @Test("clang's crash banner and the driver's dead-job lines read as a crash, errors do not")
  func compilerCrash() {
    #expect(
      MetalCompiler.reportsCrash(
        "PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include "
          + "the crash backtrace, preprocessed source, and associated run script.\nStack dump:\n"))
    #expect(
      MetalCompiler.reportsCrash(
        "clang++: error: clang frontend command failed due to signal (use -v to see invocation)"))
    #expect(
      MetalCompiler.reportsCrash(
        "clang++: error: clang frontend command failed with exit code 139 (use -v to see "
          + "invocation)"))
    #expect(
      !MetalCompiler.reportsCrash(
        "/c/k.0.cpp:3:10: error: use of undeclared identifier 'x'\n1 error generated.\n"))
    #expect(
      !MetalCompiler.reportsCrash("clang++: error: linker command failed with exit code 1"))
  }

  // The file is 2 lines and the empty one after its last newline; clang, reading the glue
  // inside the open `(` (byte 23 of line 2: `constant float k = max` is 22), erred at line 4
  // (the namespace's closing brace) and in the compile cache's unit. Every diagnostic left is
  // at a place of the file itself.
  @Test("a '(' left open is the one error, at it; nothing in generated code is left")
  func unclosedParenthesis() {
    let source = """
      [[ stitchable ]] half4 f(float2 position, half4 color) { return color; }
      constant float k = max(1.0,

      """
    #expect {
      _ = try MetalLibrary(source: source, path: "open.metal", options: MetalTestSupport.options)
    } throws: { error in
      guard case .compileFailed(let diagnostics, _) = error as? MetalCompileError else {
        return false
      }
      let expected = MetalCompileError.Diagnostic(
        file: "open.metal", line: 2, column: 23, severity: "error",
        message: "this '(' is not closed: expected ')' before the end of the file")
      return diagnostics.filter { $0.severity == "error" } == [expected]
        && diagnostics.allSatisfy { $0.file == "open.metal" && $0.line <= 3 }
    }
  }

  @Test("a signature SwiftUI cannot call names the function and its line, alone in its file too")
  func unsupportedSignature() throws {
    let source = """

      [[ stitchable ]] half4 odd(float2 position, half4 color, int3 bad) { return color; }
      """
    // The file compiles as in Metal, with nothing to run; the function is listed with why.
    let library = try MetalLibrary(
      source: source, path: "odd.metal", options: MetalTestSupport.options)
    #expect(
      library.uncallable == [
        .unsupportedSignature(
          file: "odd.metal", function: "odd", line: 2,
          message: "parameter 'bad' has type 'int3', which SwiftUI cannot pass")
      ])
    #expect(library.library.functions.isEmpty)
    #expect(
      library.listing == [
        "odd (not callable from SwiftUI, line 2): parameter 'bad' has type 'int3', which "
          + "SwiftUI cannot pass"
      ])
  }

  @Test("a missing compiler is one line saying what to install")
  func missingCompiler() {
    #expect(throws: MetalCompileError.self) {
      _ = try MetalCompiler(options: MetalCompileOptions(), environment: ["PATH": "/nonexistent"])
    }
    do {
      _ = try MetalCompiler(options: MetalCompileOptions(), environment: ["PATH": "/nonexistent"])
    } catch {
      #expect(error.description.contains("install the Swift toolchain"))
      #expect(!error.description.contains("\n"))
    }
  }

  @Test("an integer division by zero is reported, not fatal, and its pixels are transparent")
  func divisionByZero() throws {
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 divide(float2 position, half4 color, float divisor) {
        int d = int(divisor);
        int q = int(position.x) / d;
        return color * half(q + 1);
      }
      """
    let library = try MetalLibrary(
      source: source, path: "divide.metal", options: MetalTestSupport.options)
    let image = Image(width: 8, height: 2, color: half4(0.5, 0.5, 0.5, 1))
    for usesLanes in [true, false] {
      var renderer = Renderer()
      renderer.usesLaneKernels = usesLanes
      let out = try image.colorEffect(
        library.library.divide(.float(0)), renderer: renderer)
      #expect(out.pixels.allSatisfy { $0 == .zero })
    }
    #expect(MetalFaults.all.contains { $0.function == "divide" && $0.signal == 8 })
    // The same function with a non-zero divisor: q = x / 4 for x = 0…7 (by hand: 0 or 1),
    // so the colour is scaled by 1 or 2.
    let fine = try image.colorEffect(library.library.divide(.float(4)))
    #expect(fine.pixels[0] == half4(0.5, 0.5, 0.5, 1))
    #expect(fine.pixels[7] == half4(1, 1, 1, 2))
  }

  @Test("a read past the end of an array argument faults and is reported")
  func arrayOutOfRange() throws {
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 lookup(float2 position, half4 color, device const float *v, int n) {
        return color * v[int(position.x) * 100000];
      }
      """
    let library = try MetalLibrary(
      source: source, path: "lookup.metal", options: MetalTestSupport.options)
    let image = Image(width: 4, height: 1, color: half4(1, 1, 1, 1))
    let out = try image.colorEffect(library.library.lookup(.floatArray([0.5, 0.25])))
    #expect(out.pixels.allSatisfy { $0 == .zero })
    #expect(MetalFaults.all.contains { $0.function == "lookup" && $0.signal == 11 })
  }

  @Test("a stack overflow in shader code is reported, not fatal")
  func stackOverflow() throws {
    // Unbounded recursion with a 1 KiB frame: far past any thread's stack.
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      int deep(int n, volatile int *sink) {
        volatile int pad[256];
        pad[n & 255] = n;
        *sink = pad[(n * 7) & 255];
        return n <= 0 ? 0 : 1 + deep(n - 1, sink) + pad[3];
      }
      [[ stitchable ]] half4 overflow(float2 position, half4 color, float n) {
        volatile int sink = 0;
        return color * half(deep(int(n), &sink));
      }
      """
    let library = try MetalLibrary(
      source: source, path: "overflow.metal", options: MetalTestSupport.options)
    let image = Image(width: 4, height: 2, color: half4(1, 1, 1, 1))
    let out = try image.colorEffect(library.library.overflow(.float(100_000_000)))
    #expect(out.pixels.allSatisfy { $0 == .zero })
    #expect(MetalFaults.all.contains { $0.function == "overflow" && $0.signal == 11 })
  }

  /// Shaders C++ lets clang assume away (every loop and call ends, no divisor is zero), which
  /// a GPU runs as written: each used to render its input unchanged or transparent with no
  /// fault (a new user's trial, session 9).
  static let assumedAway = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 spinForever(float2 position, half4 color) {
      float x = 0.0;
      while (true) { x += 1.0; }
      return color;
    }
    [[ stitchable ]] half4 selfCall(float2 position, half4 color) {
      return selfCall(position, color);
    }
    [[ stitchable ]] half4 seenZero(float2 position, half4 color) {
      int z = int(position.x) - int(position.x);
      return color * half(100 / z);
    }
    """

  @Test(
    "an endless loop without side effects meets the time limit; endless recursion overflows the stack"
  )
  func endlessWithoutSideEffects() throws {
    var options = MetalTestSupport.options
    options.shaderTimeout = 0.5
    let library = try MetalLibrary(source: Self.assumedAway, path: "away.metal", options: options)
    let image = Image(width: 4, height: 2, color: half4(1, 1, 1, 1))
    let spun = try image.colorEffect(library.library.spinForever())
    #expect(spun.pixels.allSatisfy { $0 == .zero })
    #expect(
      MetalFaults.all.contains {
        $0.function == "spinForever" && $0.detail == "stopped at the shader time limit of 0.5 s"
      })
    let called = try image.colorEffect(library.library.selfCall())
    #expect(called.pixels.allSatisfy { $0 == .zero })
    #expect(MetalFaults.all.contains { $0.function == "selfCall" && $0.signal == SIGSEGV })
  }

  // Starting a worker (exec, loading the library, its filter) takes far longer than a
  // microsecond; before the start-up floor, the library's first worker had to answer within
  // the shader limit and this threw compilerNotFound ("did not answer as a LayerFX shader
  // worker (no answer within 1e-06 s)", exit 78 in the CLI).
  @Test("a shader time limit shorter than a worker's start is the frames' limit, not its start's")
  func limitShorterThanStart() throws {
    var options = MetalTestSupport.options
    options.shaderTimeout = 1e-6
    let library = try MetalLibrary(source: Self.assumedAway, path: "away.metal", options: options)
    #expect(library.signatures.map(\.name).contains("spinForever"))
  }

  @Test("a division by a zero clang can see raises SIGFPE, as one by an argument does")
  func divisionByVisibleZero() throws {
    let library = try MetalLibrary(
      source: Self.assumedAway, path: "away.metal", options: MetalTestSupport.options)
    let image = Image(width: 4, height: 2, color: half4(1, 1, 1, 1))
    for usesLanes in [true, false] {
      var renderer = Renderer()
      renderer.usesLaneKernels = usesLanes
      let out = try image.colorEffect(library.library.seenZero(), renderer: renderer)
      #expect(out.pixels.allSatisfy { $0 == .zero })
    }
    #expect(MetalFaults.all.contains { $0.function == "seenZero" && $0.signal == SIGFPE })
  }
}
