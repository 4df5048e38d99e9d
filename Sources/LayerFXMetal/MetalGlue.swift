/// Generates the C++ translation units of a `.metal` file: the assembled source
/// (``MetalSource``) in namespace `lfx_user` with, per stitchable function, an `extern "C"` row
/// function and pixel function that LayerFX calls; and, when the library has a layer effect,
/// a second unit with the source in namespace `lfx_probe`, whose `SwiftUI::Layer` asks LayerFX
/// for each sample (the bounds checker's pixel functions of layer effects).
///
/// Each unit holds the source once, so include guards, `#pragma once` and `static` variables
/// behave as in Metal, where each file is its own unit; the units of a library's files are
/// linked into one shared object, so a function declared in one file and defined in another
/// resolves as Xcode links a target's `.metal` files.
///
/// The row function is the renderer's fast path: a loop over a run of a destination row, with each
/// pixel's position computed as LayerFX computes it, vectorised by clang (the loop carries
/// `vectorize(assume_safety)`: a destination never overlaps what a layer effect reads, and a colour
/// effect reads each pixel before writing it). It shades sixteen pixels an iteration at every CPU
/// level (`vectorize_width(16)`), as the Swift lane path does: one 512-bit vector on x86-64-v4, two
/// 256-bit on v3, four 128-bit on the portable build, so a shader's long dependency chains (a
/// sine's polynomial) overlap where eight lanes left the core waiting (the compiled ripple's row
/// 23.1 → 18.5 ms at 1920 × 1080 on AVX2, portable 48.5 → 36.0, the same bytes:
/// Benchmarks/HISTORY.md, "Sixteen pixels an iteration"). The column goes to `float` through `int`,
/// exact as for LayerFX's `Float(x)` (a row is far narrower than 2³¹ pixels) and one vector
/// conversion per group of lanes, where AVX2 has none from 64-bit integers. Every function of the
/// source and of the stand-in is inlined into the row function (`always_inline` over both), so
/// a shader whose helpers hold no loop left after unrolling vectorises whole. The pixel function
/// serves the bounds checker and the per-pixel closure form.
enum MetalGlue {
  /// The unit that runs `source`'s functions: the source in `lfx_user`, the row functions, and
  /// the pixel functions of every kind but layer effects (those are in
  /// ``probingUnit(source:signatures:)``).
  ///
  /// With `lanes`, its text follows the source, and the functions it has an entry for get the
  /// lane row function (``laneRowFunction(for:)``) in place of the scalar one.
  static func unit(
    source: MetalSource, signatures: [MetalSignature], lanes: MetalLaneForm? = nil
  ) -> String {
    var unit =
      inliningStart + prelude(source) + "namespace lfx_user {\n\(source.text)}\n"
      + (lanes?.text ?? "") + inliningEnd + glueStart
    for signature in signatures {
      let hasLanes = lanes?.functions.contains(signature.name) ?? false
      unit += hasLanes ? laneRowFunction(for: signature) : rowFunction(for: signature)
      if signature.kind != .layer {
        unit += pixelFunction(for: signature, namespace: "lfx_user")
      }
    }
    return unit + glueEnd
  }

  /// The unit of the bounds checker's probing copy: the source in `lfx_probe`, and the pixel
  /// functions of the layer effects, whose `SwiftUI::Layer` asks LayerFX for each sample.
  static func probingUnit(source: MetalSource, signatures: [MetalSignature]) -> String {
    var unit = prelude(source) + "namespace lfx_probe {\n\(source.text)}\n" + glueStart
    for signature in signatures where signature.kind == .layer {
      unit += pixelFunction(for: signature, namespace: "lfx_probe")
    }
    return unit + glueEnd
  }

  /// The bytes of `source`'s text in ``unit(source:signatures:lanes:)``'s result: where the
  /// syntax tree's offsets of the user's functions lie.
  static func sourceRange(in source: MetalSource) -> Range<Int> {
    let start = (inliningStart + prelude(source) + "namespace lfx_user {\n").utf8.count
    return start..<start + source.text.utf8.count
  }

  /// The stand-in headers, included before the namespace the source goes into, so the
  /// source's own `#include <…>` of them (each `#pragma once`) adds nothing inside it; each at
  /// the line that includes it, so a missing one is reported there.
  private static func prelude(_ source: MetalSource) -> String {
    var text = "#include <metal_stdlib>\n#include <SwiftUI/SwiftUI_Metal.h>\n"
    for header in source.standInHeaders
    where !["metal_stdlib", "SwiftUI/SwiftUI_Metal.h"].contains(header.name) {
      text += "#line \(header.line) \(MetalSource.quoted(header.file))\n#include <\(header.name)>\n"
    }
    return text
  }

  /// Makes every function of the stand-in headers and of the source in the running unit
  /// `always_inline`.
  ///
  /// The row function's call of the stitchable function then takes in every helper it reaches,
  /// however deep, and a loop-free shader's pixel loop holds no call and vectorises. The
  /// stand-in is included: left to the inliner, the vector forms of `sin` and `cos` (three
  /// polynomials through `lfx_map`) stayed calls, and a shader calling them was not vectorised
  /// (Archetapp's prismatic-glass-edge 124 → 14 ms a frame, houndstooth 11 → 0.8 ms, the
  /// same bytes; Benchmarks/README.md, issue 26). Clang 21's
  /// `flatten` inlines direct callees only (one level, as the call-site `always_inline` in the
  /// row function already does). What stays a call: a recursive call (LLVM inlines no function
  /// into itself) and a function another file of the library defines. The probing unit is left
  /// as it is: its pixel functions serve the bounds checker, where compile time counts more.
  /// Inlining changes no arithmetic (`-ffp-contract=off`, no fast-math: the same operations in
  /// the same order), so the pixels are those of the separate calls, bit for bit.
  private static let inliningStart =
    "#pragma clang attribute push (__attribute__((always_inline)), apply_to = function)\n"
  private static let inliningEnd = "#pragma clang attribute pop\n"

  /// The file name clang's diagnostics give the generated glue.
  static let fileName = "<layerfx glue>"

  private static let glueStart =
    "#line 1 \"\(fileName)\"\nnamespace lfx_glue {\nusing namespace metal;\n"
  private static let glueEnd = "}  // namespace lfx_glue\n"

  /// Whether clang's output `remarks` (``MetalCompiler/compile(units:rewriters:binary16:remarks:)``)
  /// of `unit` say a loop of `name`'s row function was not vectorised: its pixel loop holds a
  /// loop left after unrolling, or a call, and runs one pixel at a time.
  ///
  /// Without debug information clang places the remark at the function (`<layerfx glue>:`
  /// the row function's line), so any loop of the row function, an inlined loop of the
  /// shader's included, counts. Clang says so in two ways: `loop not vectorized`, or, when its
  /// cost model weighed the loop and declined, `the cost-model indicates that vectorization is
  /// not beneficial` (spirograph's 300-step loop of distances: its lane form ran 10× faster
  /// than the scalar row it had kept).
  static func rowLoopMissed(_ name: String, unit: String, remarks: String) -> Bool {
    guard let glue = unit.range(of: glueStart),
      let row = unit.range(of: " void \(rowSymbol(name))(", range: glue.upperBound..<unit.endIndex)
    else { return false }
    // `glueStart`'s first line is the `#line` directive; the next is line 1.
    let line =
      unit[glue.upperBound..<row.lowerBound].count(where: { $0 == "\n" })
      + glueStart.count(where: { $0 == "\n" })
    return remarks.split(separator: "\n").contains {
      $0.hasPrefix("\(fileName):\(line):")
        && ($0.contains("remark: loop not vectorized")
          || $0.contains("remark: the cost-model indicates that vectorization is not beneficial"))
    }
  }

  /// The C symbol of the row function of `name`.
  static func rowSymbol(_ name: String) -> String { "lfx_row_\(name)" }
  /// The C symbol of the pixel function of `name`.
  static func pixelSymbol(_ name: String) -> String { "lfx_pixel_\(name)" }

  /// The unpacking of `signature`'s arguments from `a[]` into locals, and the locals as the
  /// tail of a call (`, u0, u1`).
  private static func arguments(for signature: MetalSignature) -> (unpack: String, tail: String) {
    var unpack = ""
    var arguments: [String] = []
    for (index, parameter) in signature.parameters.enumerated() {
      let slot = "a[\(index)]"
      let local = "u\(index)"
      // The type with aliases resolved: the glue is outside the namespace that declares them.
      let valueType = MetalSignature.bare(parameter.resolvedType)
      switch parameter.type {
      case .float:
        unpack += "  const \(valueType) \(local) = \(valueType)(\(slot).value[0]);\n"
      case .float2:
        unpack +=
          "  const \(valueType) \(local) = \(valueType)(float2(\(slot).value[0], \(slot).value[1]));\n"
      case .float3:
        unpack +=
          "  const \(valueType) \(local) = \(valueType)(float3(\(slot).value[0], \(slot).value[1], \(slot).value[2]));\n"
      case .float4, .color:
        unpack +=
          "  const \(valueType) \(local) = \(valueType)(float4(\(slot).value[0], \(slot).value[1], \(slot).value[2], \(slot).value[3]));\n"
      case .floatArray, .colorArray, .data:
        // The count converts implicitly to the count parameter's type, whatever its spelling.
        unpack +=
          "  \(parameter.resolvedType) \(local) = (\(parameter.resolvedType))\(slot).pointer;\n"
        unpack += "  const long \(local)n = \(slot).count;\n"
        arguments.append(local)
        arguments.append("\(local)n")
        continue
      case .image:
        unpack +=
          "  const \(valueType) \(local){(const float *)\(slot).pointer, (int)\(slot).width, (int)\(slot).height};\n"
      }
      arguments.append(local)
    }
    return (unpack, arguments.isEmpty ? "" : ", " + arguments.joined(separator: ", "))
  }

  /// The start of `signature`'s row function: its arguments unpacked, the layer, the source
  /// and destination, the scale, margins, row, count and first column.
  private static func rowStart(_ signature: MetalSignature) -> String {
    let (unpack, _) = arguments(for: signature)
    return """
      extern "C" __attribute__((visibility("default"))) void \(rowSymbol(signature.name))(const lfx_row *r, const lfx_argument *a) {
      \(unpack)  const SwiftUI::Layer layer = r->texels ? SwiftUI::lfx_layer(r) : SwiftUI::Layer{};
        const float *src = r->source;
        float *d = r->destination;
        const float s = r->scale, mx = float(r->margin_x);
        const float y = (float(r->row) - float(r->margin_y) + 0.5f) / s;
        const long n = r->count, c0 = r->column;
        (void)src; (void)layer;
      """
  }

  /// The row function of `signature`, calling `lfx_user`'s function.
  private static func rowFunction(for signature: MetalSignature) -> String {
    let (_, tail) = arguments(for: signature)
    let name = signature.name
    let call: String
    switch signature.kind {
    case .color:
      call =
        "lfx_user::\(name)(pos, half4(float4(src[4 * i], src[4 * i + 1], src[4 * i + 2], src[4 * i + 3]))\(tail))"
    case .layer: call = "lfx_user::\(name)(pos, layer\(tail))"
    case .distortion: call = "layer.sample(float2(lfx_user::\(name)(pos\(tail))))"
    case .fill: call = "lfx_user::\(name)(pos\(tail))"
    }
    return """
      \(rowStart(signature))
        _Pragma("clang loop vectorize(assume_safety) vectorize_width(16)")
        for (long i = 0; i < n; ++i) {
          const float2 pos((float(int(c0 + i)) - mx + 0.5f) / s, y);
          float4 c;
          [[clang::always_inline]] c = float4(\(call));
          d[4 * i] = c.x; d[4 * i + 1] = c.y; d[4 * i + 2] = c.z; d[4 * i + 3] = c.w;
        }
      }

      """
  }

  /// The row function of `signature` through its lane form (``MetalLaneForm``): the run in
  /// groups of 16 pixels, each group's positions (and a colour effect's colours) in per-lane
  /// arrays, one call of the entry, the results written as ``rowFunction(for:)`` writes them;
  /// the last group's lanes past the run are masked off (no source read, nothing written).
  private static func laneRowFunction(for signature: MetalSignature) -> String {
    let (_, tail) = arguments(for: signature)
    let name = signature.name
    var load = ""
    var supplied = "m, out, pos"
    var write = "const float4 c = out[lfx_l];"
    switch signature.kind {
    case .color:
      load =
        " col[lfx_l] = m[lfx_l] ? float4(src[4 * i], src[4 * i + 1], src[4 * i + 2], src[4 * i + 3]) : float4(0.0f);"
      supplied += ", col"
    case .layer: supplied += ", layer"
    case .distortion: write = "const float4 c = float4(layer.sample(out[lfx_l]));"
    case .fill: break
    }
    let output = signature.kind == .distortion ? "float2" : "float4"
    return """
      \(rowStart(signature))
        for (long g = 0; g < n; g += 16) {
          bool m[16]; float2 pos[16]; float4 col[16]; \(output) out[16];
          (void)col;
          LFX_LANES {
            const long i = g + lfx_l;
            m[lfx_l] = i < n;
            pos[lfx_l] = float2((float(int(c0 + i)) - mx + 0.5f) / s, y);\(load)
          }
          lfx_user::\(MetalLaneForm.entrySymbol(name))(\(supplied)\(tail));
          LFX_LANES {
            if (!m[lfx_l]) continue;
            const long i = g + lfx_l;
            \(write)
            d[4 * i] = c.x; d[4 * i + 1] = c.y; d[4 * i + 2] = c.z; d[4 * i + 3] = c.w;
          }
        }
      }

      """
  }

  /// The pixel function of `signature`, calling the function of `namespace` (`lfx_probe` for
  /// a layer effect, whose layer is then the probing one).
  private static func pixelFunction(for signature: MetalSignature, namespace: String) -> String {
    let (unpack, tail) = arguments(for: signature)
    let name = "\(namespace)::\(signature.name)"
    let pixelCall: String
    switch signature.kind {
    case .color:
      pixelCall =
        "float4 c = float4(\(name)(pos, half4(float4(p->color[0], p->color[1], p->color[2], p->color[3]))\(tail)));"
    case .layer:
      pixelCall =
        "\(namespace)::SwiftUI::Layer layer{p->context, p->sample, p->layer};\n  float4 c = float4(\(name)(pos, layer\(tail)));"
    case .distortion:
      pixelCall =
        "float2 q = float2(\(name)(pos\(tail)));\n  out[0] = q.x; out[1] = q.y; return;\n  float4 c(0.0f);"
    case .fill:
      pixelCall = "float4 c = float4(\(name)(pos\(tail)));"
    }
    return """
      extern "C" __attribute__((visibility("default"))) void \(pixelSymbol(signature.name))(const lfx_pixel *p, const lfx_argument *a, float *out) {
      \(unpack)  const float2 pos(p->x, p->y);
        \(pixelCall)
        out[0] = c.x; out[1] = c.y; out[2] = c.z; out[3] = c.w;
      }

      """
  }
}
