import LayerFX
import LayerFXMath
import Testing

private let first = ShaderFunction(name: "first", kind: .color, parameters: []) { _ in
  .color { _, color in color }
}

private let second = ShaderFunction(name: "second", kind: .layer, parameters: []) { _ in
  .layer { position, layer in layer.sample(position) }
}

@Suite("ShaderLibrary")
struct ShaderLibraryTests {
  let library = ShaderLibrary([second, first])

  @Test("functions are listed by name and found by name or as a member, as in SwiftUI")
  func lookUp() throws {
    #expect(library.functions.map(\.name) == ["first", "second"])
    #expect(try library.function(named: "second").kind == .layer)
    #expect(library.first.name == "first")
    #expect(library.second.kind == .layer)
  }

  @Test("a misspelt member stops at a precondition that names it")
  func misspeltMember() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let library = ShaderLibrary([
        ShaderFunction(name: "first", kind: .color, parameters: []) { _ in
          .color { _, color in color }
        }
      ])
      _ = library.frist
    }
    #if DEBUG
      let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(stderr.contains("no shader function named 'frist'"), "stderr: \(stderr)")
    #endif
  }
}
