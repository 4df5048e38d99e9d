import Testing

@testable import LayerFXCLI

/// How a chain's `--effect` value splits into the kernel and its arguments.
@Suite struct MetalFunctionReferenceTests {
  @Test(
    "the function name ends at the first colon after .metal:, a built-in's at its first colon",
    arguments: [
      ("ripple", "ripple", nil),
      ("ripple:origin=1,2,amplitude=3", "ripple", "origin=1,2,amplitude=3"),
      ("Shaders/A.metal:f", "Shaders/A.metal:f", nil),
      ("Shaders/A.metal:f:x=1,y=2", "Shaders/A.metal:f", "x=1,y=2"),
      ("A.metal:f:", "A.metal:f", ""),
    ] as [(String, String, String?)])
  func splitEffect(_ text: String, name: String, arguments: String?) {
    let split = MetalFunctionReference.splitEffect(text)
    #expect(split.name == name)
    #expect(split.arguments.map(String.init) == arguments)
  }

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
