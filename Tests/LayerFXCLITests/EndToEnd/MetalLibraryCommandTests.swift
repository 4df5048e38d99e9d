import Foundation
import LayerFX
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// A library of `.metal` files on the command line (issue 24, Build item 2): `--metal FILE`
/// and `--library DIR` compile the files together, so one calls helpers defined in another.
@Suite struct MetalLibraryCommandTests {
  /// A folder with `Helpers.metal` (a helper) and `Tint.metal` (a colour effect calling it,
  /// its parameter written through a typedef).
  static func library() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: directory.path("lib"), withIntermediateDirectories: true)
    try "float scaled(float x) { return x * 0.5; }\n".write(
      toFile: directory.path("lib/Helpers.metal"), atomically: true, encoding: .utf8)
    try """
    #include <metal_stdlib>
    using namespace metal;
    typedef float vec1f;
    float scaled(float x);
    [[ stitchable ]] half4 tint(float2 position, half4 color, vec1f amount) {
      return color * half(scaled(amount));
    }
    """.write(toFile: directory.path("lib/Tint.metal"), atomically: true, encoding: .utf8)
    return directory
  }

  @Test("list --library DIR lists the functions with file and line, a typedef'd parameter typed")
  func listLibrary() throws {
    let directory = try Self.library()
    defer { directory.remove() }
    let result = try LayerFXTool.run(["list", "--library", "lib"], in: directory.url)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput == "tint (color effect, lib/Tint.metal:5)\n  amount: vec1f (float)\n")
    let json = try LayerFXTool.run(
      ["list", "lib/Tint.metal", "--metal", "lib/Helpers.metal", "--json"], in: directory.url)
    #expect(json.status == 0, "\(json.standardError)")
    let listing = try #require(
      try JSONSerialization.jsonObject(with: json.outputData) as? [[String: Any]])
    let parameters = try #require(listing.first?["parameters"] as? [[String: Any]])
    #expect(parameters.map { $0["type"] as? String } == ["vec1f"])
  }

  @Test("without the helper's file, the missing function is one line, exit 65")
  func missingHelper() throws {
    let directory = try Self.library()
    defer { directory.remove() }
    let result = try LayerFXTool.run(["list", "lib/Tint.metal"], in: directory.url)
    #expect(result.status == 65)
    #expect(
      result.standardError
        == "layerfx: error: lib/Tint.metal: undefined function 'scaled(float)': declared, but "
        + "no file of the library defines it\n")
  }

  @Test("apply FILE.metal:FUNCTION --metal HELPERS runs the helper; a bare name with --library")
  func applyWithLibrary() throws {
    let directory = try Self.library()
    defer { directory.remove() }
    // amount 0: scaled(0) = 0, so every pixel of the test card becomes transparent black.
    for command in [
      ["apply", "lib/Tint.metal:tint", "testcard:8x4", "--metal", "lib/Helpers.metal"],
      ["apply", "tint", "testcard:8x4", "--library", "lib"],
    ] {
      let result = try LayerFXTool.run(
        command + ["--arg", "amount=0", "-o", "out.png"], in: directory.url)
      #expect(result.status == 0, "\(command): \(result.standardError)")
      let image = try PNGDecoder().decode(contentsOf: directory.path("out.png")).image
      #expect(image.width == 8 && image.height == 4)
      #expect(image.pixels.allSatisfy { $0 == .zero }, "\(command)")
    }
  }

  @Test("a config names a library function alone when the command gives --library")
  func configWithLibrary() throws {
    let directory = try Self.library()
    defer { directory.remove() }
    try """
    {"version": 1, "input": "testcard:8x4", "effects": [{"kernel": "tint", "amount": 1}],
     "output": {"path": "out.png"}}
    """.write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    let checked = try LayerFXTool.run(
      ["config", "check", "c.json", "--library", "lib"], in: directory.url)
    #expect(checked.status == 0, "\(checked.standardError)")
    #expect(checked.standardOutput == "c.json: ok\n")
    // Without the library, `tint` is no built-in.
    let unknown = try LayerFXTool.run(["config", "check", "c.json"], in: directory.url)
    #expect(unknown.status == 65)
  }
}
