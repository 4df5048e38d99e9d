import Testing

@testable import LayerFXMetal

/// A Metal keyword used as a name is named in the error, not clang's "expected expression".
@Suite("Metal keywords used as names")
struct MetalKeywordDiagnosticTests {
  @Test(
    "a qualifier used as a variable name gets a message naming the keyword",
    arguments: [
      ("thread", "an address-space qualifier"), ("device", "an address-space qualifier"),
      ("kernel", "a function qualifier"), ("fragment", "a function qualifier"),
    ])
  func qualifierAsName(word: String, kind: String) throws {
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 named(float2 position) {
        float \(word) = position.x * 0.5;
        return half4(\(word));
      }
      """
    let error = try #require(StandInProbe.compileError(source, path: "named.metal"))
    // The declaration's line (4), at the keyword's column (9), with the keyword and its kind.
    #expect(
      error.description
        == "named.metal:4:9: error: `\(word)` is a Metal keyword (\(kind)) and cannot name a "
        + "variable, parameter or function; rename it")
  }

  @Test("a variable named thread, declared and then assigned, is named at its first use")
  func declaredThenAssigned() throws {
    // The shape of Archetapp's fabric-weave: `float thread;` alone is only a warning in C++
    // (the macro leaves `float;`), so the first error is the assignment on line 5.
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 woven(float2 position) {
        float thread;
        thread = position.x * 0.5;
        return half4(half3(0.5 - thread), 1.0);
      }
      """
    let error = try #require(StandInProbe.compileError(source, path: "woven.metal"))
    #expect(
      error.description
        == "woven.metal:5:3: error: `thread` is a Metal keyword (an address-space qualifier) and "
        + "cannot name a variable, parameter or function; rename it (and 1 more errors)")
  }

  @Test("a line that uses a qualifier as a qualifier is not blamed")
  func qualifierInPlace() {
    #expect(
      MetalKeywordDiagnostic.keywordUsedAsName(in: "device const float *p [[buffer(0)]],") == nil)
    #expect(
      MetalKeywordDiagnostic.keywordUsedAsName(
        in: "kernel void f(uint2 gid [[thread_position_in_grid]])") == nil)
    #expect(MetalKeywordDiagnostic.keywordUsedAsName(in: "return half(x) * half4(1.0h);") == nil)
    #expect(MetalKeywordDiagnostic.keywordUsedAsName(in: "x = thread * 2.0;")?.offset == 4)
    #expect(MetalKeywordDiagnostic.keywordUsedAsName(in: "float half = 1.0;")?.word == "half")
  }
}
