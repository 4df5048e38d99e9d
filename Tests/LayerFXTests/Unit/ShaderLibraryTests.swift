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

  @Test("a misspelt member does not trap: the process goes on")
  func misspeltMemberDoesNotTrap() async {
    // Before issue 29 this exit test expected a failure: the look-up trapped.
    await #expect(processExitsWith: .success) {
      let library = ShaderLibrary([
        ShaderFunction(name: "first", kind: .color, parameters: []) { _ in
          .color { _, color in color }
        }
      ])
      _ = try? Image(width: 1, height: 1).colorEffect(library.frist())
    }
  }

  @Test("a misspelt member's shader throws unknownFunction with a did-you-mean, before its kind")
  func misspeltMemberThrows() {
    let image = Image(width: 2, height: 2)
    #expect(
      throws: ShaderArgumentError.unknownFunction(
        name: "frist", suggestion: "first", available: ["first", "second"])
    ) {
      try image.layerEffect(library.frist(), maxSampleOffset: .zero)
    }
  }
}
