import Foundation
import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

/// A colour effect that paints the pixel within 1 point of `p` red, a stand-in for any kernel
/// whose `float2` no declaration marks as a position, with a time since the trigger.
private let mark = ShaderFunction(
  name: "mark", kind: .color,
  parameters: [
    .init("p", .float2), .init("time", .float, defaultValue: .float(0), role: .timeSinceTrigger),
  ]
) { arguments throws(ShaderArgumentError) in
  let p = try arguments.float2("p")
  return .color { position, color in distance(position, p) < 1 ? half4(1, 0, 0, 1) : color }
}

/// A layer effect whose row kernel declares no `maxSampleOffset`, as a compiled `.metal`
/// function's does.
private let undeclared = ShaderFunction(
  name: "undeclared", kind: .layer, parameters: []
) { _ throws(ShaderArgumentError) in
  (.layer { position, layer in layer.sample(position) }, RowKernel { _ in })
}

/// Decodes a config whose kernels come from a library holding ``mark`` alone.
private func markConfig(_ json: String) throws(ConfigError) -> DebugConfig {
  try DebugConfig(
    data: Data(json.utf8), file: "c.json", directory: "",
    resolve: { try ShaderLibrary([mark]).function(named: $0) })
}

@Suite struct PositionRoleTests {
  @Test("a position given by name takes each trigger's point, and only that parameter has it")
  func assignedPosition() throws {
    let function = mark.assigningRole(.position, to: "p")
    #expect(function.parameters.map(\.role) == [.position, .timeSinceTrigger])
    #expect(mark.parameters.map(\.role) == [nil, .timeSinceTrigger])
    let effect = AnimatedEffect.triggered(
      function, duration: 3,
      triggers: [
        .init(time: 0, payload: float2(2.5, 1.5)), .init(time: 0.2, payload: float2(6.5, 4.5)),
      ])
    let image = Image.testCard(width: 8, height: 6)
    // At 0.5 s both taps' times lie in (0, 3): two passes, one red pixel each, at the pixels
    // whose centres are the taps' points, (2, 1) and (6, 4) (Semantics §2.3, §5.3).
    let frame = try ChainRenderer(
      image: image, chain: EffectChain([effect]), renderer: Renderer(threadCount: 1)
    ).frame(at: 0.5)
    for j in 0..<6 {
      for i in 0..<8 {
        let expected =
          [(2, 1), (6, 4)].contains { $0 == (i, j) }
          ? half4(1, 0, 0, 1) : image.pixels[j * 8 + i]
        #expect(frame.image.pixels[j * 8 + i] == expected, "(\(i), \(j))")
      }
    }
  }

  @Test("the position names by convention: one match takes the role, two are ambiguous")
  func conventionalNames() {
    #expect(ShaderFunction.Role.conventionalPosition(among: ["size", "origin"]) == "origin")
    #expect(ShaderFunction.Role.conventionalPosition(among: ["touch"]) == "touch")
    #expect(ShaderFunction.Role.conventionalPosition(among: ["origin", "center"]) == nil)
    #expect(ShaderFunction.Role.conventionalPosition(among: ["p", "uv"]) == nil)
    // The ambiguous ones, in the signature's order; none when one or none matches.
    #expect(
      ShaderFunction.Role.ambiguousPositions(among: ["center", "p", "origin", "touch"])
        == ["center", "origin", "touch"])
    #expect(ShaderFunction.Role.ambiguousPositions(among: ["size", "origin"]).isEmpty)
    #expect(ShaderFunction.Role.ambiguousPositions(among: ["p", "uv"]).isEmpty)
  }

  @Test("a layer effect whose function declares no maxSampleOffset throws without one")
  func missingOffset() throws {
    #expect(undeclared.requiresMaxSampleOffset)
    #expect(!ShaderFunction.ripple.requiresMaxSampleOffset)
    let size = float2(8, 8)
    #expect(
      throws: ShaderArgumentError.missingMaxSampleOffset(function: "undeclared", kind: .layer)
    ) {
      try AnimatedEffect(undeclared).passes(at: 0, sizeInPoints: size)
    }
    do {
      _ = try AnimatedEffect(undeclared).passes(at: 0, sizeInPoints: size)
    } catch {
      #expect(
        error.description
          == "undeclared: a layer effect that declares no maxSampleOffset needs one from its "
          + "caller, as SwiftUI's layerEffect(_:maxSampleOffset:) requires; the bounds checker "
          + "measures one (Renderer's checksSampleBounds, layerfx --check-bounds)")
    }
    let given = try AnimatedEffect(undeclared, maxSampleOffset: float2(3, 2)).passes(
      at: 0, sizeInPoints: size)
    #expect(given.map(\.maxSampleOffset) == [float2(3, 2)])
  }

  @Test("a config's positionParameter takes the triggers' points; triggers with none are refused")
  func configPositionParameter() throws {
    let named = try markConfig(
      #"""
      {"version": 1, "effects": [{"kernel": "mark", "positionParameter": "p"}],
       "triggers": [{"point": [5, 7]}]}
      """#)
    #expect(named.effects[0].function.parameter(role: .position)?.name == "p")
    #expect(named.effects[0].positionParameter == "p")
    #expect(throws: ConfigError.self) {
      try markConfig(
        #"{"version": 1, "effects": [{"kernel": "mark"}], "triggers": [{"point": [5, 7]}]}"#)
    }
    #expect(throws: ConfigError.self) {
      try markConfig(
        #"{"version": 1, "effects": [{"kernel": "mark", "positionParameter": "time"}]}"#)
    }
  }
}
