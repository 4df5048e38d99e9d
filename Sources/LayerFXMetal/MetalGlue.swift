/// Generates the C++ translation unit for a `.metal` source: the rewritten source (once as it
/// is, and once more against the probing `SwiftUI::Layer` when a layer effect is present) and,
/// per stitchable function, an `extern "C"` row function and pixel function that LayerFX calls.
///
/// The row function is the renderer's fast path: a loop over a run of a destination row, with
/// each pixel's position computed as LayerFX computes it, vectorised by clang (the loop carries
/// `vectorize(assume_safety)`: a destination never overlaps what a layer effect reads, and a
/// colour effect reads each pixel before writing it). The column goes to `float` through `int`,
/// exact as for LayerFX's `Float(x)` (a row is far narrower than 2³¹ pixels) and one vector
/// conversion per group of lanes, where AVX2 has none from 64-bit integers. The pixel function
/// serves the bounds checker and the per-pixel closure form.
enum MetalGlue {
  /// The whole translation unit.
  static func translationUnit(
    source: MetalSourceRewriter, path: String, signatures: [MetalSignature]
  ) -> String {
    let quoted = path.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    var unit = """
      #include <metal_stdlib>
      #include <SwiftUI/SwiftUI_Metal.h>
      namespace lfx_user {
      #line 1 "\(quoted)"
      \(source.text)
      }

      """
    if signatures.contains(where: { $0.kind == .layer }) {
      unit += """
        namespace lfx_probe {
        #line 1 "\(quoted)"
        \(source.text)
        }

        """
    }
    unit += "#line 1 \"<layerfx glue>\"\nnamespace lfx_glue {\nusing namespace metal;\n"
    for signature in signatures {
      unit += functions(for: signature)
    }
    unit += "}  // namespace lfx_glue\n"
    return unit
  }

  /// The C symbol of the row function of `name`.
  static func rowSymbol(_ name: String) -> String { "lfx_row_\(name)" }
  /// The C symbol of the pixel function of `name`.
  static func pixelSymbol(_ name: String) -> String { "lfx_pixel_\(name)" }

  private static func functions(for signature: MetalSignature) -> String {
    var unpack = ""
    var arguments: [String] = []
    for (index, parameter) in signature.parameters.enumerated() {
      let slot = "a[\(index)]"
      let local = "u\(index)"
      let valueType = MetalSignature.bare(parameter.metalType)
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
        let countType = parameter.countParameter?.metalType ?? "int"
        unpack += "  \(parameter.metalType) \(local) = (\(parameter.metalType))\(slot).pointer;\n"
        unpack += "  const \(countType) \(local)n = (\(countType))\(slot).count;\n"
        arguments.append(local)
        arguments.append("\(local)n")
        continue
      case .image:
        unpack +=
          "  const \(valueType) \(local){(const float *)\(slot).pointer, (int)\(slot).width, (int)\(slot).height};\n"
      }
      arguments.append(local)
    }
    let name = signature.name
    let tail = arguments.isEmpty ? "" : ", " + arguments.joined(separator: ", ")
    let call: (String, String) -> String
    let pixelCall: String
    switch signature.kind {
    case .color:
      call = { position, _ in
        "lfx_user::\(name)(\(position), half4(float4(src[4 * i], src[4 * i + 1], src[4 * i + 2], src[4 * i + 3]))\(tail))"
      }
      pixelCall =
        "float4 c = float4(lfx_user::\(name)(pos, half4(float4(p->color[0], p->color[1], p->color[2], p->color[3]))\(tail)));"
    case .layer:
      call = { position, layer in "lfx_user::\(name)(\(position), \(layer)\(tail))" }
      pixelCall =
        "lfx_probe::SwiftUI::Layer layer{p->context, p->sample};\n  float4 c = float4(lfx_probe::\(name)(pos, layer\(tail)));"
    case .distortion:
      call = { position, layer in "\(layer).sample(float2(lfx_user::\(name)(\(position)\(tail))))" }
      pixelCall =
        "float2 q = float2(lfx_user::\(name)(pos\(tail)));\n  out[0] = q.x; out[1] = q.y; return;\n  float4 c(0.0f);"
    case .fill:
      call = { position, _ in "lfx_user::\(name)(\(position)\(tail))" }
      pixelCall = "float4 c = float4(lfx_user::\(name)(pos\(tail)));"
    }
    return """
      extern "C" __attribute__((visibility("default"))) void \(rowSymbol(name))(const lfx_row *r, const lfx_argument *a) {
      \(unpack)  const SwiftUI::Layer layer = r->texels ? SwiftUI::lfx_layer(r) : SwiftUI::Layer{};
        const float *src = r->source;
        float *d = r->destination;
        const float s = r->scale, mx = float(r->margin_x);
        const float y = (float(r->row) - float(r->margin_y) + 0.5f) / s;
        const long n = r->count, c0 = r->column;
        (void)src; (void)layer;
        _Pragma("clang loop vectorize(assume_safety)")
        for (long i = 0; i < n; ++i) {
          const float2 pos((float(int(c0 + i)) - mx + 0.5f) / s, y);
          float4 c;
          [[clang::always_inline]] c = float4(\(call("pos", "layer")));
          d[4 * i] = c.x; d[4 * i + 1] = c.y; d[4 * i + 2] = c.z; d[4 * i + 3] = c.w;
        }
      }
      extern "C" __attribute__((visibility("default"))) void \(pixelSymbol(name))(const lfx_pixel *p, const lfx_argument *a, float *out) {
      \(unpack)  const float2 pos(p->x, p->y);
        \(pixelCall)
        out[0] = c.x; out[1] = c.y; out[2] = c.z; out[3] = c.w;
      }

      """
  }
}
