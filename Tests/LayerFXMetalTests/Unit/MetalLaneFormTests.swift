import Foundation
import LayerFX
import LayerFXMath
import LayerFXMetal
import Testing

/// The lane form (`MetalLaneForm`): a shader whose pixel runs a loop with per-pixel exits
/// runs 16 pixels at once under per-lane masks, and gives, in every lane and in the last
/// group's remainder, the values worked out by hand; a construct the transform does not handle
/// leaves the scalar form, with the same values.
@Suite("MetalLaneForm")
struct MetalLaneFormTests {
  /// 40 pixels: two 16-lane groups and a remainder of 8.
  static let width = 40

  /// The pixels of `function` in `source` on a row of `width` pixels (pixel i at x = i + 0.5),
  /// and whether it ran in lane form.
  static func render(
    _ source: String, function: String, arguments: [Shader.Argument] = [],
    usesLaneForm: Bool = true
  ) throws -> (pixels: [half4], lanes: Bool) {
    let (pixels, library) = try StandInProbe.render(
      source, function: function, arguments: arguments, width: width, usesLaneForm: usesLaneForm)
    return (pixels, library.laneFunctions.contains(function))
  }

  static let control = """
    #include <metal_stdlib>
    using namespace metal;
    float steps(float x, float limit) {
      float n = 0.0;
      while (x < limit) { x *= 2.0; n += 1.0; }
      return n;
    }
    [[ stitchable ]] half4 control(float2 position, float limit) {
      float x = position.x;
      if (x > 36.0) return half4(-1.0);
      float odd = 0.0;
      float firstOver = -1.0;
      for (int k = 0; k < 100; k++) {
        if (k % 2 == 0) continue;
        odd += 1.0;
        if (float(k) > x) { firstOver = float(k); break; }
      }
      float count = 0.0;
      int j = 0;
      do {
        j++;
        if (j > int(x)) break;
        if (j % 3 == 0) continue;
        count += 1.0;
      } while (j < 10);
      float branch;
      if (x < 10.0) branch = 1.0; else if (x < 20.0) branch = 2.0; else branch = 3.0;
      return half4(firstOver, odd, steps(x, limit) + 100.0 * count, branch);
    }
    """

  @Test(
    "masked if, break, continue, do-while, an early return and a helper's loop give the hand values"
  )
  func controlFlow() throws {
    let (pixels, lanes) = try Self.render(
      Self.control, function: "control", arguments: [.float(64)])
    #expect(lanes)
    #expect(pixels.count == Self.width)
    for (i, pixel) in pixels.enumerated() {
      let x = Double(i) + 0.5
      if x > 36 {
        // The early return: pixels 36 … 39, in the remainder group.
        #expect(pixel == half4(-1, -1, -1, -1), "pixel \(i): \(pixel)")
        continue
      }
      // The least odd k above x (i + 1 for even i, i + 2 for odd i), and the odd k up to it.
      let firstOver = Float(i % 2 == 0 ? i + 1 : i + 2)
      let odd = (firstOver + 1) / 2
      // Doublings of x up to 64: 64 / x ≤ 2ⁿ.
      let steps = Float(Int(log2(64 / x).rounded(.up)))
      // j = 1 … min(int(x), 10), multiples of 3 skipped.
      let count = Float((1...max(1, min(i, 10))).filter { $0 <= i && $0 % 3 != 0 }.count)
      let branch: Float = x < 10 ? 1 : x < 20 ? 2 : 3
      let expected = half4(firstOver, odd, steps + 100 * count, branch)
      #expect(pixel == expected, "pixel \(i): \(pixel) vs \(expected)")
    }
    // Worked by hand: pixel 0 (x = 0.5): k = 1 > 0.5, one odd k; 0.5 → 64 in 7 doublings; j = 1
    // > 0 breaks at once. Pixel 13 (x = 13.5): k = 15, 8 odd k; 13.5 → 108 in 3; j = 1 … 10
    // without 3, 6, 9 is 7.
    #expect(pixels[0] == half4(1, 1, 7, 1))
    #expect(pixels[13] == half4(15, 8, 703, 2))
  }

  static let nested = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 nested(float2 position) {
      float total = 0.0;
      for (int a = 1; a <= 3; a++) {
        float v = position.x;
        while (v > 1.0) {
          v -= float(a) * 4.0;
          total += 1.0;
        }
      }
      return half4(total, 0.0, 0.0, 1.0);
    }
    """

  @Test("a per-pixel while inside a uniform for gives the hand count in every lane")
  func nestedLoops() throws {
    let (pixels, lanes) = try Self.render(Self.nested, function: "nested")
    #expect(lanes)
    for (i, pixel) in pixels.enumerated() {
      // Steps of 4a from x = i + 0.5 down to 1 or less: ⌈(x − 1) / 4a⌉ for x > 1.
      let x = Double(i) + 0.5
      let total = (1...3).reduce(0) {
        $0 + (x > 1 ? Int(((x - 1) / Double(4 * $1)).rounded(.up)) : 0)
      }
      #expect(pixel == half4(Float(total), 0, 0, 1), "pixel \(i): \(pixel)")
    }
    // Pixel 39 (x = 39.5): 10 steps of 4, 5 of 8, 4 of 12.
    #expect(pixels[39] == half4(19, 0, 0, 1))
  }

  static let tint = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 halve(float2 position, half4 color) {
      half4 c = color;
      int n = 0;
      while (c.r > 0.1h && n < 8) { c *= 0.5h; n++; }
      return half4(c.r, float(n) / 8.0, color.g, 1.0h);
    }
    """

  @Test("a colour effect's lane form reads each pixel's colour and writes only the row")
  func colorEffect() throws {
    var options = MetalTestSupport.options
    var results: [[half4]] = []
    // A 40-pixel row whose red is i / 40.
    let image = Image(
      width: Self.width, height: 1,
      pixels: (0..<Self.width).map { half4(Float($0) / 40, 0.25, 0, 1) })
    for usesLaneForm in [true, false] {
      options.usesLaneForm = usesLaneForm
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("layerfx-lanes-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let library = try MetalLibrary(
        source: Self.tint, path: directory.appendingPathComponent("tint.metal").path,
        options: options)
      #expect(library.laneFunctions.contains("halve") == usesLaneForm)
      results.append(try image.colorEffect(library.library.halve()).pixels)
    }
    for (i, pixel) in results[0].enumerated() {
      // Halvings of i / 40 until 0.1 or below: 4 / 40 = 0.1 needs none, 5 / 40 one.
      var red = Float(i) / 40
      var n: Float = 0
      while red > 0.1 && n < 8 {
        red *= 0.5
        n += 1
      }
      #expect(pixel == half4(red, n / 8, 0.25, 1), "pixel \(i): \(pixel)")
    }
    #expect(results[0] == results[1])
  }

  static let unsupported = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 unsupported(float2 position) {
      float s = 0.0;
      for (int k = 0; k < int(position.x); k++) {
        switch (k % 3) {
        case 0: s += 1.0; break;
        default: s += 2.0;
        }
      }
      return half4(s, 0.0, 0.0, 1.0);
    }
    """

  @Test("a switch in the loop keeps the scalar form, with the hand values")
  func switchFallsBack() throws {
    let (pixels, lanes) = try Self.render(Self.unsupported, function: "unsupported")
    #expect(!lanes)
    for (i, pixel) in pixels.enumerated() {
      // k = 0 … i − 1: 1 for each multiple of 3, else 2.
      let s = (0..<i).reduce(0) { $0 + ($1 % 3 == 0 ? 1 : 2) }
      #expect(pixel == half4(Float(s), 0, 0, 1), "pixel \(i): \(pixel)")
    }
  }

  static let sampled = """
    #include <metal_stdlib>
    #include <SwiftUI/SwiftUI_Metal.h>
    using namespace metal;
    [[ stitchable ]] half4 sampled(float2 position, SwiftUI::Layer layer, float reach) {
      half4 sum = half4(0.0h);
      for (int i = 0; i < int(reach); i++) {
        sum += layer.sample(position + float2(float(i), 0.0));
      }
      return sum;
    }
    """

  @Test("a loop that samples the layer keeps the scalar form, with the hand values")
  func samplingLoopFallsBack() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("layerfx-lanes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let library = try MetalLibrary(
      source: Self.sampled, path: directory.appendingPathComponent("sampled.metal").path,
      options: MetalTestSupport.options)
    #expect(library.laneFunctions.isEmpty)
    let image = Image(width: Self.width, height: 1, color: half4(0.25, 0.25, 0.25, 1))
    let out = try image.layerEffect(
      library.library.sampled(.float(4)), maxSampleOffset: float2(4, 0))
    // Four samples of the same colour, all inside the image up to pixel width − 4: 4 × 0.25.
    for i in 0..<(Self.width - 3) {
      #expect(out.pixels[i] == half4(1, 1, 1, 4), "pixel \(i): \(out.pixels[i])")
    }
  }

  static let redefined = """
    #include <metal_stdlib>
    using namespace metal;
    #define STEP 2.0
    [[ stitchable ]] half4 redefined(float2 position) {
      float v = position.x;
      float n = 0.0;
      while (v > 1.0) { v -= STEP; n += 1.0; }
      return half4(n, 0.0, 0.0, 1.0);
    }
    #undef STEP
    #define STEP 3.0
    """

  @Test("a macro #undef'd after a loop keeps the scalar form, with the hand values")
  func redefinedMacroFallsBack() throws {
    let (pixels, lanes) = try Self.render(Self.redefined, function: "redefined")
    #expect(!lanes)
    for (i, pixel) in pixels.enumerated() {
      // Steps of 2 from x = i + 0.5 down to 1 or less: ⌈(x − 1) / 2⌉ for x > 1.
      let x = Double(i) + 0.5
      let n = x > 1 ? ((x - 1) / 2).rounded(.up) : 0
      #expect(pixel == half4(Float(n), 0, 0, 1), "pixel \(i): \(pixel)")
    }
  }

  static let macros = """
    #include <metal_stdlib>
    using namespace metal;
    #define HALF_STEP 0.5
    #define SQUARE(v) ((v) * (v))
    [[ stitchable ]] half4 constants(float2 position) {
      float v = position.x;
      float n = 0.0;
      while (v > 1.0) { v -= 2.0 * HALF_STEP; n += 1.0; }
      float turn = n / M_PI_F;
      return half4(n, turn * M_PI_F, 0.0, 1.0);
    }
    [[ stitchable ]] half4 squared(float2 position) {
      float v = position.x;
      float n = 0.0;
      while (v > 1.0) { v -= 1.0; n += 1.0; }
      float s = n + SQUARE(n);
      return half4(n, s, 0.0, 1.0);
    }
    """

  @Test(
    "a statement ending in a constant macro keeps the lane form, one ending in a function-like macro the scalar form, both with the hand values"
  )
  func macroAtStatementEnd() throws {
    let (constants, constantLanes) = try Self.render(Self.macros, function: "constants")
    let (squared, squaredLanes) = try Self.render(Self.macros, function: "squared")
    #expect(constantLanes)
    #expect(!squaredLanes)
    for i in 0..<Self.width {
      // Steps of 1 from x = i + 0.5 down to 1 or less: ⌈x − 1⌉ = i for x > 1, else 0.
      let n = Float(i)
      // n / π · π with M_PI_F, π rounded to the nearest float (Swift's `Float.pi` is rounded
      // toward zero), in float operations.
      let pi: Float = 3.14159265358979323846
      #expect(constants[i] == half4(n, (n / pi) * pi, 0, 1), "pixel \(i): \(constants[i])")
      #expect(squared[i] == half4(n, n + n * n, 0, 1), "pixel \(i): \(squared[i])")
    }
  }

  static let guarded = """
    #include <metal_stdlib>
    using namespace metal;
    float halvings(float x) {
      float n = 0.0;
      while (x > 1.0) { x *= 0.5; n += 1.0; }
      return n;
    }
    [[ stitchable ]] half4 guarded(float2 position) {
      int d = int(position.x) - 5;
      float table[4] = {10.0, 20.0, 30.0, 40.0};
      float q = -1.0;
      float t = -1.0;
      for (int k = 0; k < int(position.x); k++) {
        if (d != 0) q = float(100 / d);
        if (d >= 0 && d < 4) t = table[d];
      }
      if (position.x > 30.0) return half4(q, t, -2.0, 1.0);
      return half4(q, t, halvings(position.x), 1.0);
    }
    """

  @Test(
    "a division by zero and a subscript out of range in lanes whose mask is off do not run, and an early return keeps its value"
  )
  func maskedFaultsAndReturns() throws {
    let (pixels, lanes) = try Self.render(Self.guarded, function: "guarded")
    #expect(lanes)
    for (i, pixel) in pixels.enumerated() {
      // The loop runs i times (pixel 0 never): d = i − 5; q = 100 / d (C's truncation) when d ≠ 0,
      // t = table[d] when 0 ≤ d < 4.
      let d = i - 5
      let q: Float = i > 0 && d != 0 ? Float(100 / d) : -1
      let t: Float = i > 0 && (0..<4).contains(d) ? Float(10 * (d + 1)) : -1
      // Halvings of x = i + 0.5 to 1 or less: ⌈log₂ x⌉ for x > 1; pixels above 30 return −2.
      let x = Double(i) + 0.5
      let third: Float = x > 30 ? -2 : x > 1 ? Float(Int(log2(x).rounded(.up))) : 0
      #expect(pixel == half4(q, t, third, 1), "pixel \(i): \(pixel)")
    }
    // Pixel 5: d = 0, neither divided nor read past the table; pixel 7: 100 / 2 and table[2].
    #expect(pixels[5] == half4(-1, 10, 3, 1))
    #expect(pixels[7] == half4(50, 30, 3, 1))
  }

  static let vectors = """
    #include <metal_stdlib>
    using namespace metal;
    float3 walk(thread float3 &p, float n) {
      float3 step = float3(1.0, 2.0, 3.0);
      for (int k = 0; k < int(n); k++) { p += step; if (p.x > 20.0) break; }
      return p * 2.0;
    }
    void twice(thread float2 &a, thread float2 &b, float n) {
      for (int k = 0; k < int(n); k++) { a.x += 1.0; b.y += a.x; }
    }
    [[ stitchable ]] half4 vectors(float2 position) {
      float2 q = position - 0.5;
      float3 p = float3(q.x, 0.0, -q.x);
      float4 acc = float4(0.0);
      int i = int(q.x);
      while (acc.w < q.x) { acc.xy += float2(1.0, 2.0); acc.w += 1.0; if (acc.w > 9.0) break; }
      float3 r = walk(p, q.x);
      if (i % 2 == 0) { p.yz = float2(7.0, 8.0); }
      return half4(r.x, p.y + p.z, acc.y, acc.w);
    }
    [[ stitchable ]] half4 aliased(float2 position) {
      float2 v = float2(0.0);
      twice(v, v, position.x - 0.5);
      return half4(v.x, v.y, 0.0, 1.0);
    }
    """

  @Test(
    "vector locals, a vector passed by reference to a helper's loop and its vector result give the hand values in lane form"
  )
  func vectorLanes() throws {
    let (pixels, lanes) = try Self.render(Self.vectors, function: "vectors")
    #expect(lanes)
    for (i, pixel) in pixels.enumerated() {
      // The while loop: acc.w counts to i, stopped after 10; acc.y = 2 acc.w.
      let w = Float(min(i, 10))
      // walk: t steps of (1, 2, 3) from (i, 0, −i), stopped once p.x passes 20.
      let t = i <= 10 ? i : max(1, 21 - i)
      let y = i % 2 == 0 ? 15 : Float(5 * t - i)
      #expect(pixel == half4(Float(2 * (i + t)), y, 2 * w, w), "pixel \(i): \(pixel)")
    }
  }

  @Test("one vector passed to two reference parameters is one variable in both")
  func aliasedReferences() throws {
    let (pixels, lanes) = try Self.render(Self.vectors, function: "aliased")
    #expect(lanes)
    for (i, pixel) in pixels.enumerated() {
      // i steps: v.x counts to i, v.y adds each count, 1 + 2 + … + i.
      #expect(pixel == half4(Float(i), Float(i * (i + 1) / 2), 0, 1), "pixel \(i): \(pixel)")
    }
  }

  static let uniforms = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 uniforms(float2 position, float steps) {
      float2 wells[2];
      wells[0] = float2(1.0, 2.0);
      wells[1] = float2(3.0, 4.0);
      float2 pos = float2(0.0);
      float hits = 0.0;
      for (int i = 0; i < int(steps); i++) {
        float2 accel = float2(0.0);
        for (int w = 0; w < 2; w++) accel += wells[w];
        pos += accel;
        if (position.x < pos.x) hits += 1.0;
        if (position.x > 30.0) return half4(-1.0);
      }
      float extra = 0.0;
      if (position.x > 100.0) {
        int zero = 7 / int(steps - 3.0);
        extra = float(zero);
      }
      int q = 7 / int(steps);
      return half4(pos.x, pos.y, hits + extra, float(q));
    }
    """

  @Test(
    "locals written from uniform values alone (a particle's state) give the hand values, and a uniform division no lane runs does not run"
  )
  func uniformLocals() throws {
    let (pixels, lanes) = try Self.render(
      Self.uniforms, function: "uniforms", arguments: [.float(3)])
    #expect(lanes)
    for (i, pixel) in pixels.enumerated() {
      let x = Float(i) + 0.5
      // Three steps of (1, 2) + (3, 4): pos = (12, 18); a hit at step k when x < 4k; pixels
      // past 30 return at the first step; 7 / 3 = 2 in C's integer division.
      let hits = Float((1...3).filter { x < Float(4 * $0) }.count)
      let expected = x > 30 ? half4(-1, -1, -1, -1) : half4(12, 18, hits, 2)
      #expect(pixel == expected, "pixel \(i): \(pixel)")
    }
  }

  static let nearest = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 nearest(float2 position) {
      float best = 1e9;
      float2 prev = float2(0.0);
      for (int i = 1; i <= 300; i++) {
        float2 p = float2(float(i) * 0.25, 0.0);
        float2 pa = position - prev;
        float2 ba = p - prev;
        float h = clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0);
        best = min(best, length(pa - ba * h));
        prev = p;
      }
      return half4(best, 0.0, 0.0, 1.0);
    }
    """

  @Test(
    "a loop whose vectorising clang's cost model declines (a polyline's nearest segment) takes the lane form, with the hand values"
  )
  func declinedLoopTakesLanes() throws {
    let (pixels, lanes) = try Self.render(Self.nearest, function: "nearest")
    #expect(lanes)
    for (i, pixel) in pixels.enumerated() {
      // The polyline runs along y = 0 from x = 0 to 75, so the nearest point of every pixel
      // (x, 0.5) is right below it: distance 0.5, exact (steps of 0.25 divide exactly).
      #expect(pixel == half4(0.5, 0, 0, 1), "pixel \(i): \(pixel)")
    }
  }

  static let declared = """
    #include <metal_stdlib>
    using namespace metal;
    struct Pair { float a; float b; };
    [[ stitchable ]] half4 declared(float2 position) {
      float sum = 0.0;
      for (int k = 0; k < int(position.x); k++) {
        if (k % 3 == 0) continue;
        Pair p = Pair{float(k), float(k) * 2.0};
        float2 v = float2(p.a, p.b);
        sum += v.x + v.y;
      }
      return half4(sum, 0.0, 0.0, 1.0);
    }
    """

  @Test(
    "locals declared in a loop after lanes left it (a struct, a vector) give the hand values"
  )
  func declaredAfterContinue() throws {
    let (pixels, lanes) = try Self.render(Self.declared, function: "declared")
    #expect(lanes)
    for (i, pixel) in pixels.enumerated() {
      // k from 0 to i − 1, multiples of 3 skipped, each adding k + 2k.
      let sum = (0..<i).filter { $0 % 3 != 0 }.reduce(0) { $0 + 3 * $1 }
      #expect(pixel == half4(Float(sum), 0, 0, 1), "pixel \(i): \(pixel)")
    }
  }

  @Test("the lane form renders the scalar form's bytes")
  func sameBytes() throws {
    for (source, function, arguments) in [
      (Self.control, "control", [Shader.Argument.float(64)]),
      (Self.nested, "nested", []),
      (Self.guarded, "guarded", []),
      (Self.macros, "constants", []),
      (Self.vectors, "vectors", []),
      (Self.vectors, "aliased", []),
      (Self.uniforms, "uniforms", [.float(3)]),
      (Self.nearest, "nearest", []),
      (Self.declared, "declared", []),
    ] {
      let lanes = try Self.render(source, function: function, arguments: arguments)
      let scalar = try Self.render(
        source, function: function, arguments: arguments, usesLaneForm: false)
      #expect(lanes.lanes && !scalar.lanes)
      #expect(
        lanes.pixels.map { [$0.x, $0.y, $0.z, $0.w].map(\.bitPattern) }
          == scalar.pixels.map { [$0.x, $0.y, $0.z, $0.w].map(\.bitPattern) })
    }
  }
}
