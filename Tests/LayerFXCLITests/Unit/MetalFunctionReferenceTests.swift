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
  func pairs() {
    #expect(ApplyCommand.pairs("origin=1,2,amplitude=3") == ["origin=1,2", "amplitude=3"])
    #expect(ApplyCommand.pairs(nil) == [])
  }
}
