import LayerFXMetal
import Testing

@testable import LayerFXCLI

/// The one line and sysexits code of a `.metal` library that cannot be built or loaded
/// (`MetalCompileError.report`), for the texts dlopen(3), Foundation and AtomicFile give.
@Suite struct MetalCompileErrorReportTests {
  @Test("static data the system cannot map is EX_OSERR (71), the loader's line kept")
  func unmappable() {
    // glibc's dlopen text for a 4 TiB .bss (static float t[1L << 40]), as the CLI printed it.
    let text =
      "cannot load the library compiled from big.metal: /c/0123.so: cannot map zero-fill pages"
    let report = MetalCompileError.loadFailed(text).report
    #expect(report.exitCode == .osError)
    #expect(report.line == text)
  }

  @Test("Foundation's error dump becomes strerror's text: a missing folder is 73, a full disk 74")
  func cacheErrors() {
    let missing = MetalCompileError.loadFailed(
      "cannot write the compile cache at /proc/x: Error Domain=NSCocoaErrorDomain Code=4 \"The "
        + "file doesn’t exist.\"UserInfo={NSFilePath=/proc/x, NSUnderlyingError=Error "
        + "Domain=NSPOSIXErrorDomain Code=2 \"No such file or directory\"}"
    ).report
    #expect(missing.exitCode == .cannotCreate)
    #expect(missing.line == "cannot write the compile cache at /proc/x: No such file or directory")
    // ENOSPC is 28 on Linux (asm-generic/errno-base.h).
    let full = MetalCompileError.loadFailed(
      "cannot write the compile cache at /c: Error Domain=NSCocoaErrorDomain Code=640 \"x\" "
        + "UserInfo={NSUnderlyingError=Error Domain=NSPOSIXErrorDomain Code=28 \"y\"}"
    ).report
    #expect(full.exitCode == .ioError)
    #expect(full.line == "cannot write the compile cache at /c: No space left on device")
  }

  @Test("an error LayerFX does not recognise stays EX_SOFTWARE (70) with its own text")
  func other() {
    let report = MetalCompileError.loadFailed("f.metal: the compiled library lacks g").report
    #expect(report.exitCode == .software)
    #expect(report.line == "f.metal: the compiled library lacks g")
  }
}
