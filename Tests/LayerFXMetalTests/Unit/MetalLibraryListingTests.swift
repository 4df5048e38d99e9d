import LayerFX
import LayerFXMetal
import Testing

@Suite struct MetalLibraryListingTests {
  @Test("the listing names each function's kind, line and parameters as the source writes them")
  func listing() throws {
    // Line 3 declares tint, whose colour arrives as half4 (a colour effect).
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 tint(float2 position, half4 color, float amount, half4 to) {
        return mix(color, to, half(amount));
      }
      """
    let library = try MetalLibrary(
      source: source, path: "tint.metal", options: MetalTestSupport.options)
    #expect(
      library.listing == [
        // The --arg type in parentheses only where it is not the Metal type as written.
        "tint (color effect, line 3)", "  amount: float", "  to: half4 (color)",
      ])
    let named = library.namedFunctions
    #expect(named.map(\.function.name) == ["tint"])
    #expect(named.first?.metalTypes["to"] == "half4")
  }
}
