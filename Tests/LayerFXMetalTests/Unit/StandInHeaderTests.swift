import LayerFX
import LayerFXMath
import LayerFXMetal
import Testing

/// Source as Metal reads it: the headers Apple ships and a file that also holds pipeline
/// functions (MSL 3.2 §5.1) compile, and its `[[ stitchable ]]` function runs.
@Suite("stand-in headers and pipeline functions")
struct StandInHeaderTests {
  static let headers = [
    "metal_stdlib", "SwiftUI/SwiftUI.h", "SwiftUI/SwiftUI_Metal.h", "metal_math", "metal_texture",
    "metal_common", "metal_geometric", "metal_relational", "metal_integer", "metal_graphics",
    "metal_compute", "metal_atomic", "metal_matrix", "simd/simd.h",
  ]

  @Test("every header Apple ships for Metal source is found, and simd names the Metal types")
  func headersCompile() throws {
    let source =
      Self.headers.map { "#include <\($0)>\n" }.joined() + """
        using namespace metal;
        [[ stitchable ]] half4 simdNames(float2 position, SwiftUI::Layer layer) {
          simd_float2 p = position;
          matrix_float2x2 m = simd_float2x2(2.0);
          vector_float4 v = float4(m * p, 1.0, 1.0);
          return half4(v);
        }
        """
    let library = try MetalLibrary(
      source: source, path: "headers.metal", options: MetalTestSupport.options)
    #expect(library.signatures.map(\.name) == ["simdNames"])
  }

  static let pipelineSource = """
    #include <metal_stdlib>
    using namespace metal;
    struct VertexOut { float4 position [[position]]; float2 uv; };
    vertex VertexOut vertexMain(uint id [[vertex_id]], device const float2 *points [[buffer(0)]]) {
      VertexOut out;
      out.position = float4(points[id], 0.0, 1.0);
      out.uv = points[id];
      return out;
    }
    fragment float4 fragmentMain(VertexOut in [[stage_in]], constant float &iTime [[buffer(0)]],
                                 texture2d<float> image [[texture(0)]], sampler s [[sampler(0)]]) {
      constexpr sampler linear(filter::linear, address::clamp_to_edge);
      if (iTime < 0.0) discard_fragment();
      return image.sample(linear, in.uv) * iTime;
    }
    kernel void copy(texture2d<float, access::read> from [[texture(0)]],
                     texture2d<float, access::write> to [[texture(1)]],
                     threadgroup float *scratch [[threadgroup(0)]],
                     device atomic_uint *count [[buffer(0)]],
                     uint2 gid [[thread_position_in_grid]]) {
      threadgroup float local[4];
      local[0] = scratch[0];
      to.write(from.read(gid), gid);
      threadgroup_barrier(mem_flags::mem_threadgroup);
      atomic_fetch_add_explicit(count, 1u, memory_order_relaxed);
    }
    [[ stitchable ]] half4 tint(float2 position, half4 color) {
      return color * half4(0.5h, 1.0h, 1.0h, 1.0h);
    }
    """

  @Test("a file with vertex, fragment and kernel functions compiles and its stitchable one runs")
  func pipelineFunctions() throws {
    let library = try MetalLibrary(
      source: Self.pipelineSource, path: "pipeline.metal", options: MetalTestSupport.options)
    let image = Image(width: 2, height: 1, color: half4(0.5, 0.25, 1, 1))
    let out = try image.colorEffect(library.library.tint())
    // (0.5, 0.25, 1, 1) · (0.5, 1, 1, 1) per component.
    #expect(out.pixels.allSatisfy { $0 == half4(0.25, 0.25, 1, 1) })
  }
}
