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

  // Semantics §1.2: a left-out `float2` view size is the image's size and the one position the
  // image's centre, in points (new-user trial 17: Inferno's unit `center` got 300,200 and the
  // text listing had said only `center: float2`).
  @Test("the listing says which float2 parameters the image fills when left out, and with what")
  func imageDefaults() throws {
    let source =
      "[[ stitchable ]] half4 wave(float2 position, half4 color, half2 center, float2 size,\n"
      + "                          float2 offset) { return color; }\n"
    let library = try MetalLibrary(
      source: source, path: "wave.metal", options: MetalTestSupport.options)
    #expect(
      library.listing == [
        "wave (color effect, line 1)",
        "  center: half2 (float2; default: the image's centre, points)",
        "  size: float2 (default: the image's size, points)", "  offset: float2",
      ])
  }
}
