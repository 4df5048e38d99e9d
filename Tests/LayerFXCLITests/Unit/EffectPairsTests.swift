import LayerFXArguments
import Testing

@testable import LayerFXCLI

/// How a chain's `--effect` argument text splits into pairs.
@Suite struct EffectPairsTests {
  @Test("pairs keep commas inside a value: origin=1,2 stays one pair")
  func pairs() throws {
    #expect(
      try ApplyCommand.pairs("origin=1,2,amplitude=3", in: "e") == ["origin=1,2", "amplitude=3"])
    #expect(try ApplyCommand.pairs(nil, in: "e") == [])
  }

  @Test(
    "an empty argument list or item is refused, not dropped", arguments: ["", ",,", "a=1,", ",a=1"])
  func emptyItems(text: String) {
    #expect(throws: UsageError.self) { try ApplyCommand.pairs(Substring(text), in: "e:" + text) }
  }
}
