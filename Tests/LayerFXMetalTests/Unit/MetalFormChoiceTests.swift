import Foundation
import LayerFX
import LayerFXMath
import Testing

@testable import LayerFXMetal

/// The choice of a function's row form (`MetalFormChoice`, `MetalFormTrial`): the trial's
/// sample and winner by hand, the form a render settles on with timings injected, the choice
/// cached for the next compile, a fault surfacing as it does without a trial, and the same
/// bytes in every form.
@Suite("MetalFormChoice")
struct MetalFormChoiceTests {
  /// A fill whose verdict is the lane form.
  ///
  /// Its loop has a per-pixel exit, so clang's loop vectoriser leaves the pixel loop scalar.
  /// Red is the number of doublings of x up to `limit`.
  static let doublings = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 doublings(float2 position, float limit) {
      float x = position.x;
      float n = 0.0;
      while (x < limit) { x *= 2.0; n += 1.0; }
      return half4(n, position.y, 0.0, 1.0);
    }
    """

  /// A fill whose verdict is the scalar form.
  ///
  /// Its loop of four constant steps is unrolled whole and the pixel loop vectorises (the
  /// transform still gives it a lane form). Red is x · (0 + 1 + 2 + 3).
  static let sums = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 sums(float2 position) {
      float s = 0.0;
      for (int k = 0; k < 4; k++) { s += position.x * float(k); }
      return half4(s, position.y, 0.0, 1.0);
    }
    """

  /// Options with a compile cache of their own (so the first compile makes the record and a
  /// trial runs) and `choice`.
  static func options(
    cache: String, choice: MetalCompileOptions.FormChoice = .measured
  ) -> MetalCompileOptions {
    var options = MetalCompileOptions(cacheDirectory: cache)
    options.formChoice = choice
    return options
  }

  /// A fresh folder for a cache and the shader, removed by the caller.
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("layerfx-forms-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The `width` × `height` frame of the fill `function` of `library`.
  static func render(
    _ library: MetalLibrary, _ function: String, arguments: [Shader.Argument] = [],
    width: Int = 512, height: Int = 64
  ) throws -> [half4] {
    let prepared = try Shader(
      function: library.library[dynamicMember: function], arguments: arguments
    ).prepared(sizeInPoints: float2(Float(width), Float(height)))
    return Renderer(threadCount: 2).render(
      RenderRequest(prepared, source: .fill(width: width, height: height))
    ).image.pixels
  }

  @Test("a tile's sample is rows at the middles of equal parts, none for a small tile")
  func sample() {
    // 180 rows of 1280 pixels: 4 rows, at (2i + 1) · 180 / 8 rounded down.
    #expect(MetalFormTrial.sample(rows: 180, count: 1280) == [22, 67, 112, 157])
    // 16 rows of 64 pixels: 1,024 pixels, fewer than 2,048.
    #expect(MetalFormTrial.sample(rows: 16, count: 64).isEmpty)
    // 10 rows of 256 pixels: 2,048 / 256 = 8 rows, at (2i + 1) · 10 / 16.
    #expect(MetalFormTrial.sample(rows: 10, count: 256) == [0, 1, 3, 4, 5, 6, 8, 9])
    // 3 rows of 1,000 pixels: every row.
    #expect(MetalFormTrial.sample(rows: 3, count: 1000) == [0, 1, 2])
  }

  @Test("the other form wins only when its best run is under 0.9 times the verdict's best")
  func winner() {
    // Best 1,000 against the other's best 890 (under 900) and 910 (over).
    #expect(
      MetalFormTrial.winner(
        verdict: .lanes, verdictTimes: [1200, 1000], otherTimes: [890, 5000]) == .scalar)
    #expect(
      MetalFormTrial.winner(verdict: .lanes, verdictTimes: [1000], otherTimes: [910]) == .lanes)
    #expect(
      MetalFormTrial.winner(verdict: .scalar, verdictTimes: [300], otherTimes: [100]) == .lanes)
    // The other form failed or was stopped: no times.
    #expect(
      MetalFormTrial.winner(verdict: .scalar, verdictTimes: [300], otherTimes: []) == .scalar)
  }

  @Test("a lane record reads back what it wrote, and text it cannot have written is refused")
  func record() throws {
    let text = "a=lanes b=scalar/lanes c=lanes/scalar\nnamespace lfx_user {}\n"
    let record = try #require(MetalLaneRecord(decoding: text))
    #expect(record.form?.functions == ["a", "b", "c"])
    #expect(record.form?.text == "namespace lfx_user {}\n")
    #expect(record.verdicts == ["a": .lanes, "b": .scalar, "c": .lanes])
    #expect(record.measured == ["b": .lanes, "c": .scalar])
    #expect(record.encoded == text)
    #expect(MetalLaneRecord(decoding: "")?.form == nil)
    #expect(MetalLaneRecord(decoding: "a=fast\nx") == nil)
    #expect(MetalLaneRecord(decoding: "a=lanes/\nx") == nil)
    #expect(MetalLaneRecord(decoding: "\nx") == nil)
  }

  @Test(
    "with the lane form timed slower, a function whose verdict is the lane form settles on the scalar form, and the next compile loads only that"
  )
  func slowerLanesGiveScalar() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("doublings.metal").path
    let options = Self.options(cache: folder.appendingPathComponent("cache").path)
    let library = try MetalLibrary(source: Self.doublings, path: path, options: options)
    #expect(library.choice.state(of: 0) == .pending(.lanes))
    #expect(library.laneFunctions == ["doublings"])
    library.choice.timing.withLock { $0 = { form, _ in form == .lanes ? 2000 : 1000 } }
    let pixels = try Self.render(library, "doublings", arguments: [.float(4096)])
    #expect(library.choice.state(of: 0) == .fixed(.scalar))
    #expect(library.laneFunctions.isEmpty)
    // Doublings of x = i + 0.5 until 4096: the least n with x · 2ⁿ ≥ 4096 (exact in binary).
    for (index, pixel) in pixels.enumerated() {
      let x = Double(index % 512) + 0.5
      let n = Float(max(0, Int(log2(4096 / x).rounded(.up))))
      let y = Float(index / 512) + 0.5
      #expect(pixel == half4(n, y, 0, 1), "pixel \(index): \(pixel)")
    }
    // The next compile: the choice from the cache, only the scalar object, nothing to try.
    let again = try MetalLibrary(source: Self.doublings, path: path, options: options)
    #expect(again.wasCached)
    #expect(again.choice.state(of: 0) == .fixed(.scalar))
    #expect(Set(again.choice.pools.keys) == [.scalar])
    #expect(try Self.render(again, "doublings", arguments: [.float(4096)]) == pixels)
  }

  @Test(
    "with the lane form timed faster, a function whose verdict is the scalar form settles on the lane form, with the same bytes as forced scalar"
  )
  func fasterLanesGiveLanes() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("sums.metal").path
    let cache = folder.appendingPathComponent("cache").path
    let library = try MetalLibrary(
      source: Self.sums, path: path, options: Self.options(cache: cache))
    #expect(library.choice.state(of: 0) == .pending(.scalar))
    library.choice.timing.withLock { $0 = { form, _ in form == .lanes ? 100 : 1000 } }
    let pixels = try Self.render(library, "sums")
    #expect(library.choice.state(of: 0) == .fixed(.lanes))
    #expect(library.laneFunctions == ["sums"])
    for (index, pixel) in pixels.enumerated() {
      // x · (0 + 1 + 2 + 3), exact for x = i + 0.5 < 512.
      let x = Float(index % 512) + 0.5
      #expect(pixel == half4(6 * x, Float(index / 512) + 0.5, 0, 1), "pixel \(index): \(pixel)")
    }
    var scalar = Self.options(cache: cache)
    scalar.usesLaneForm = false
    let plain = try MetalLibrary(source: Self.sums, path: path, options: scalar)
    #expect(plain.laneFunctions.isEmpty)
    #expect(try Self.render(plain, "sums") == pixels)
    let again = try MetalLibrary(source: Self.sums, path: path, options: Self.options(cache: cache))
    #expect(again.choice.state(of: 0) == .fixed(.lanes))
    #expect(Set(again.choice.pools.keys) == [.lanes])
  }

  @Test("a tile too small for a trial runs the verdict's form and leaves the function pending")
  func smallTileKeepsVerdict() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = try MetalLibrary(
      source: Self.sums, path: folder.appendingPathComponent("sums.metal").path,
      options: Self.options(cache: folder.appendingPathComponent("cache").path))
    library.choice.timing.withLock { $0 = { form, _ in form == .lanes ? 100 : 1000 } }
    // 40 × 4 pixels: 160, under the 2,048 a trial samples.
    let pixels = try Self.render(library, "sums", width: 40, height: 4)
    #expect(library.choice.state(of: 0) == .pending(.scalar))
    #expect(pixels[39] == half4(6 * 39.5, 0.5, 0, 1))
  }

  @Test("the verdict and lanes options fix the form without a trial, the same bytes")
  func forcedForms() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("sums.metal").path
    let cache = folder.appendingPathComponent("cache").path
    let verdict = try MetalLibrary(
      source: Self.sums, path: path, options: Self.options(cache: cache, choice: .verdict))
    let lanes = try MetalLibrary(
      source: Self.sums, path: path, options: Self.options(cache: cache, choice: .lanes))
    #expect(verdict.choice.state(of: 0) == .fixed(.scalar))
    #expect(Set(verdict.choice.pools.keys) == [.scalar])
    #expect(lanes.choice.state(of: 0) == .fixed(.lanes))
    #expect(Set(lanes.choice.pools.keys) == [.lanes])
    #expect(try Self.render(verdict, "sums") == Self.render(lanes, "sums"))
  }

  /// Divides by `divisor` (0 here) on every row, inside a loop with a per-pixel count.
  static let faulting = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 faultingRows(float2 position, float divisor) {
      int s = 0;
      for (int k = 0; k < int(position.x) % 7 + 1; k++) { s += 7 / int(divisor); }
      return half4(float(s), 0.0, 0.0, 1.0);
    }
    """

  @Test(
    "a fault during a trial is reported as a render without one reports it: each band's first row, and the function stays pending"
  )
  func faultDuringTrial() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = folder.appendingPathComponent("cache").path
    for choice in [MetalCompileOptions.FormChoice.verdict, .measured] {
      let path = folder.appendingPathComponent("\(choice.rawValue).metal").path
      let library = try MetalLibrary(
        source: Self.faulting, path: path, options: Self.options(cache: cache, choice: choice))
      // 2 threads, 2 bands each (RowKernel.bandsPerWorker): 4 bands of 16 rows, each of
      // 16,384 pixels (a trial's sample: rows 2, 6, 10 and 14 of its band).
      let pixels = try Self.render(
        library, "faultingRows", arguments: [.float(0)], width: 1024, height: 64)
      let faults = MetalFaults.all.filter { $0.path == path }
      // Each band's worker stops at the band's first row: SIGFPE (8) there.
      #expect(faults.map(\.signal) == Array(repeating: SIGFPE, count: 4), "\(choice)")
      #expect(faults.compactMap(\.row).sorted() == [0, 16, 32, 48], "\(choice)")
      #expect(pixels.allSatisfy { $0 == .zero })
      if choice == .measured, case .fixed = library.choice.state(of: 0) {
        Issue.record("a trial that met a fault settled the form")
      }
    }
  }
}
