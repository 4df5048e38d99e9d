import LayerFXMath
import Testing

@testable import LayerFXArguments

@Suite struct ParsedArgumentsTests {
  static let options: [OptionSpec] = [
    .value("time", "SECONDS", "time"),
    .value("output", short: "o", "PATH", "output"),
    .value("tap", "X,Y@T", "tap", repeatable: true),
    .flag("verbose", short: "v", "verbose"),
  ]

  struct Case: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var positionals: [String]
    var values: [String: [String]]
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(
    "accepted spellings parse to the same positionals and values",
    arguments: [
      Case(
        arguments: ["in.png", "--time", "0.3"], positionals: ["in.png"], values: ["time": ["0.3"]]),
      Case(
        arguments: ["--time=0.3", "in.png"], positionals: ["in.png"], values: ["time": ["0.3"]]),
      Case(arguments: ["-o", "out.png"], positionals: [], values: ["output": ["out.png"]]),
      Case(arguments: ["--time", "-2"], positionals: [], values: ["time": ["-2"]]),
      Case(arguments: ["-v", "-"], positionals: ["-"], values: ["verbose": [""]]),
      Case(arguments: ["--", "--time"], positionals: ["--time"], values: [:]),
      Case(
        arguments: ["--tap", "1,2@0", "--tap=3,4@0.5"], positionals: [],
        values: ["tap": ["1,2@0", "3,4@0.5"]]),
      Case(arguments: ["--output=a=b.png"], positionals: [], values: ["output": ["a=b.png"]]),
      // getopt(3)'s attached option-argument: the rest of the argument, whatever it holds.
      Case(arguments: ["-oout.png"], positionals: [], values: ["output": ["out.png"]]),
      Case(arguments: ["-o-", "in.png"], positionals: ["in.png"], values: ["output": ["-"]]),
      Case(arguments: ["-o=x.png"], positionals: [], values: ["output": ["=x.png"]]),
    ])
  func parses(_ c: Case) throws {
    let parsed = try ParsedArguments(c.arguments, options: Self.options)
    #expect(parsed.positionals == c.positionals)
    #expect(parsed.values == c.values)
  }

  @Test(
    "malformed command lines are usage errors naming the option",
    arguments: [
      // "tme" is "time" with one letter left out: the nearest option.
      (["--tme", "1"], UsageError.unknownOption("--tme", suggestion: "--time")),
      (["--xyzzy", "1"], UsageError.unknownOption("--xyzzy")),
      (["-x"], UsageError.unknownOption("-x")),
      // A flag takes no attached text, and there are no flag clusters.
      (["-vx"], UsageError.unknownOption("-vx")),
      (["-xo"], UsageError.unknownOption("-xo")),
      (["--time"], UsageError.missingValue(option: "time")),
      (["--verbose=yes"], UsageError.unexpectedValue(option: "verbose")),
      (["--time", "1", "--time", "2"], UsageError.repeated(option: "time")),
    ])
  func rejects(_ arguments: [String], _ expected: UsageError) {
    #expect(throws: expected) { try ParsedArguments(arguments, options: Self.options) }
  }

  @Test("typed values parse or name what was expected")
  func typedValues() throws {
    let parsed = try ParsedArguments(
      ["--time", "nan", "--output", "12.5,-3"], options: Self.options)
    #expect(
      throws: UsageError.invalidValue(option: "time", value: "nan", expected: "a finite number")
    ) {
      try parsed.value("time", as: .number)
    }
    #expect(try parsed.value("output", as: .point) == float2(12.5, -3))
    #expect(try parsed.value("missing", as: .number, default: 7) == 7)
  }

  @Test(
    "value types accept exactly their documented forms",
    arguments: [
      ("inf", false), ("1e3", true), ("-0", true), ("", false), ("1,2", false),
    ])
  func numbers(_ text: String, _ isValid: Bool) {
    #expect((ValueType<Double>.number.parse(text) != nil) == isValid)
  }

  @Test("sizes and points")
  func sizesAndPoints() {
    #expect(ValueType<SIMD2<Int>>.size.parse("1920x1080") == SIMD2(1920, 1080))
    #expect(ValueType<SIMD2<Int>>.size.parse("0x10") == nil)
    #expect(ValueType<SIMD2<Int>>.size.parse("10x") == nil)
    #expect(ValueType<SIMD2<Int>>.size.parse("70000x1") == nil)
    // A sign is no digit (Int("+5") would read 5).
    #expect(ValueType<SIMD2<Int>>.size.parse("+5x5") == nil)
    #expect(ValueType<SIMD2<Int>>.size.parse("5x+5") == nil)
    #expect(ValueType<float2>.point.parse("3,4") == float2(3, 4))
    #expect(ValueType<float2>.point.parse("3,nan") == nil)
    #expect(ValueType<float2>.point.parse("3") == nil)
  }
}
