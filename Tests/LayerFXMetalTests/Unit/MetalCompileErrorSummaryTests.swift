import Testing

@testable import LayerFXMetal

/// The one line and cause of a `.metal` library that cannot be built or loaded
/// (`MetalCompileError.summary`), for the texts dlopen(3), Foundation and AtomicFile give; the
/// CLI maps the causes to sysexits codes (out of memory 71, cannot create 73, disk 74,
/// unrecognised 70).
@Suite struct MetalCompileErrorSummaryTests {
  @Test("static data the system cannot map is out of memory, the loader's line kept")
  func unmappable() {
    // glibc's dlopen text for a 4 TiB .bss (static float t[1L << 40]), as the CLI printed it.
    let text =
      "cannot load the library compiled from big.metal: /c/0123.so: cannot map zero-fill pages"
    let report = MetalCompileError.loadFailed(text).summary
    #expect(report.cause == .outOfMemory)
    #expect(report.line == text)
  }

  @Test("Foundation's error dump becomes strerror's text: a missing folder, a full disk")
  func cacheErrors() {
    let missing = MetalCompileError.loadFailed(
      "cannot write the compile cache at /proc/x: Error Domain=NSCocoaErrorDomain Code=4 \"The "
        + "file doesn’t exist.\"UserInfo={NSFilePath=/proc/x, NSUnderlyingError=Error "
        + "Domain=NSPOSIXErrorDomain Code=2 \"No such file or directory\"}"
    ).summary
    #expect(missing.cause == .cannotCreate)
    #expect(missing.line == "cannot write the compile cache at /proc/x: No such file or directory")
    // ENOSPC is 28 on Linux (asm-generic/errno-base.h).
    let full = MetalCompileError.loadFailed(
      "cannot write the compile cache at /c: Error Domain=NSCocoaErrorDomain Code=640 \"x\" "
        + "UserInfo={NSUnderlyingError=Error Domain=NSPOSIXErrorDomain Code=28 \"y\"}"
    ).summary
    #expect(full.cause == .diskFailing)
    #expect(full.line == "cannot write the compile cache at /c: No space left on device")
  }

  @Test("an error LayerFX does not recognise keeps its own text")
  func other() {
    let report = MetalCompileError.loadFailed("f.metal: the compiled library lacks g").summary
    #expect(report.cause == .unrecognised)
    #expect(report.line == "f.metal: the compiled library lacks g")
  }
}
