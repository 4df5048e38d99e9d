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

  // RunningMetal.md: with --library, a function "may then be named alone … looked up in the
  // library before the built-ins", on list as on apply. The trial's 'list ripple --library .'
  // was "unexpected argument 'ripple'". tint is the library's (listed as 'list --library lib'
  // lists it); ripple is not, so it is the built-in, listed as 'list ripple' lists it.
  @Test("list NAME --library DIR lists the library's function of that name, else the built-in")
  func listNameWithLibrary() throws {
    let directory = try Self.library()
    defer { directory.remove() }
    let tint = try LayerFXTool.run(["list", "tint", "--library", "lib"], in: directory.url)
    #expect(tint.status == 0, "\(tint.standardError)")
    #expect(
      tint.standardOutput == "tint (color effect, lib/Tint.metal:5)\n  amount: vec1f (float)\n")
    let builtIn = try LayerFXTool.run(["list", "ripple"], in: directory.url)
    #expect(builtIn.status == 0)
    let ripple = try LayerFXTool.run(["list", "ripple", "--library", "lib"], in: directory.url)
    #expect(ripple.status == 0, "\(ripple.standardError)")
    #expect(ripple.standardOutput == builtIn.standardOutput)
    #expect(ripple.standardOutput.hasPrefix("ripple (layer effect)"))
  }

  // Metal compiles a stitchable function whatever its parameters; only SwiftUI's call needs
  // Shader.Arguments (a float3x3 has none), so the file's other functions still run.
  @Test("a function SwiftUI cannot call is listed as such; the file's others list and run")
  func uncallableFunctionBesideOthers() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try """
    [[ stitchable ]] half4 keep(float2 position, half4 color) { return color; }
    [[ stitchable ]] float2 displace(float2 position, float3x3 m) { return position; }
    """.write(toFile: directory.path("u.metal"), atomically: true, encoding: .utf8)
    let listed = try LayerFXTool.run(["list", "u.metal"], in: directory.url)
    #expect(listed.status == 0, "\(listed.standardError)")
    #expect(
      listed.standardOutput
        == "keep (color effect, line 1)\ndisplace (not callable from SwiftUI, line 2): parameter "
        + "'m' has type 'float3x3', which SwiftUI cannot pass\n")
    let kept = try LayerFXTool.run(
      ["apply", "u.metal:keep", "testcard:8x4", "-o", "k.png"], in: directory.url)
    #expect(kept.status == 0, "\(kept.standardError)")
    let refused = try LayerFXTool.run(
      ["apply", "u.metal:displace", "testcard:8x4", "--max-sample-offset", "1,1", "-o", "d.png"],
      in: directory.url)
    #expect(refused.status == 65)
    #expect(
      refused.standardError
        == "layerfx: error: u.metal:2: displace: parameter 'm' has type 'float3x3', which "
        + "SwiftUI cannot pass\n")
    #expect(!FileManager.default.fileExists(atPath: directory.path("d.png")))
  }

  // RunningMetal.md: list shows such a function with why, whether or not the file has others.
  @Test("a file whose only function SwiftUI cannot call lists it, exit 0; naming it is refused")
  func onlyUncallableFunction() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = "intparam.metal"
    try "[[ stitchable ]] half4 Div(float2 position, half4 color, int k) { return color; }\n"
      .write(toFile: directory.path(file), atomically: true, encoding: .utf8)
    let why = "parameter 'k' has type 'int', which SwiftUI cannot pass"
    let listed = try LayerFXTool.run(["list", file], in: directory.url)
    #expect(listed.status == 0, "\(listed.standardError)")
    #expect(listed.standardOutput == "Div (not callable from SwiftUI, line 1): \(why)\n")
    let json = try LayerFXTool.run(["list", "--json", file], in: directory.url)
    #expect(json.status == 0, "\(json.standardError)")
    #expect(json.standardOutput.filter { !$0.isWhitespace } == "[]")
    // Named, as FILE.metal:Div, as the file alone, or by name in a --library folder: refused.
    for (arguments, path) in [
      ([file + ":Div"], file), ([file], file), (["Div", "--library", "."], "./" + file),
    ] {
      let refused = try LayerFXTool.run(
        ["apply"] + arguments + ["testcard:8x8", "--time", "0", "-o", "d.png"], in: directory.url)
      #expect(refused.status == 65, "\(arguments)")
      #expect(refused.standardError == "layerfx: error: \(path):1: Div: \(why)\n", "\(arguments)")
    }
    #expect(!FileManager.default.fileExists(atPath: directory.path("d.png")))
  }

  // Xcode links a target's .metal files together: Tint.metal alone finds scaled(float) in
  // Helpers.metal beside it (before, the link failed: the test below), and list names only
  // the file given, not Other.metal's function.
  @Test("a file named alone finds a helper defined in another .metal file of its project")
  func helperFromProject() throws {
    let directory = try Self.library()
    defer { directory.remove() }
    try """
    [[ stitchable ]] half4 other(float2 position, half4 color) { return color; }
    """.write(toFile: directory.path("lib/Other.metal"), atomically: true, encoding: .utf8)
    let listed = try LayerFXTool.run(["list", "lib/Tint.metal"], in: directory.url)
    #expect(listed.status == 0, "\(listed.standardError)")
    #expect(listed.standardOutput == "tint (color effect, line 5)\n  amount: vec1f (float)\n")
    let applied = try LayerFXTool.run(
      ["apply", "lib/Tint.metal:tint", "testcard:4x2", "--arg", "amount=0.5", "-o", "t.png"],
      in: directory.url)
    #expect(applied.status == 0, "\(applied.standardError)")
  }

  @Test("a helper no file of the project defines is one line, exit 65")
  func missingHelper() throws {
    let directory = try Self.library()
    defer { directory.remove() }
    try FileManager.default.removeItem(atPath: directory.path("lib/Helpers.metal"))
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
    #expect(checked.standardOutput == "c.json: ok (as layerfx tune previews it)\n")
    // Without the library, `tint` is no built-in.
    let unknown = try LayerFXTool.run(["config", "check", "c.json"], in: directory.url)
    #expect(unknown.status == 65)
  }
}
