import Foundation
import LayerFXTestSupport
import Testing

/// `layerfx list FILE.metal --json` has the layout of `layerfx list --json` (issue 11, item 4):
/// the same keys for each function and each parameter, the type as the file writes it.
@Suite struct MetalListJSONTests {
  /// The objects of a `--json` listing.
  static func listing(_ arguments: [String], in directory: URL? = nil) throws -> [[String: Any]] {
    let result = try LayerFXTool.run(["list"] + arguments + ["--json"], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    return try #require(
      try JSONSerialization.jsonObject(with: result.outputData) as? [[String: Any]])
  }

  @Test("a .metal listing has the built-ins' keys, and an array's type as written in Metal")
  func sameLayout() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source =
      "[[ stitchable ]] half4 g(float2 position, half4 color, device const float *v, int n) "
      + "{ return color * half(v[0]); }\n"
    try source.write(toFile: directory.path("arr.metal"), atomically: true, encoding: .utf8)
    let builtIn = try Self.listing([])
    let metal = try Self.listing(["arr.metal"], in: directory.url)
    let functionKeys = Set(try #require(builtIn.first).keys)
    #expect(functionKeys == ["name", "kind", "summary", "parameters"])
    let builtInParameters = try #require(builtIn.first?["parameters"] as? [[String: Any]])
    let parameterKeys = Set(try #require(builtInParameters.first).keys)
    #expect(metal.count == 1)
    for function in metal {
      #expect(Set(function.keys) == functionKeys)
      #expect(function["name"] as? String == "g")
      #expect(function["kind"] as? String == "color")
      let parameters = try #require(function["parameters"] as? [[String: Any]])
      #expect(parameters.map { Set($0.keys) } == [parameterKeys])
      #expect(parameters.first?["name"] as? String == "v")
      #expect(parameters.first?["type"] as? String == "device const float *")
    }
  }
}
