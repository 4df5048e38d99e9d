import Foundation
import LayerFX
import LayerFXMath
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// Taps on any shader with a position parameter (`apply … --tap`, a config's triggers), and the
/// `maxSampleOffset` a `.metal` layer or distortion effect must be given, through the built
/// binary.
@Suite("layerfx apply --tap and a .metal effect's maxSampleOffset")
struct MetalTapsTests {
  static let ripple = MetalAnimationTests.ripple

  /// The WWDC24 ripple's values; `Ripple.metal` declares no defaults, so they are given.
  static let rippleValues = ["amplitude=12", "frequency=15", "decay=8", "speed=1200"]

  /// Colour effects whose output is worked out by hand: `mark` paints the pixel under `p`
  /// red while its `time` is running, `pair` has two position-named `float2`s.
  static let source = """
    [[ stitchable ]] half4 mark(float2 position, half4 color, float2 p, float time) {
        return distance(position, p) < 1.0 ? half4(1.0, 0.0, 0.0, 1.0) : color;
    }
    [[ stitchable ]] half4 pair(float2 position, half4 color, float2 origin, float2 center,
                                float time) {
        return color;
    }

    """

  /// Runs `layerfx` in `directory` and expects exit 0.
  @discardableResult
  static func run(_ arguments: [String], in directory: TemporaryDirectory) throws
    -> LayerFXTool.Result
  {
    let result = try LayerFXTool.run(arguments, in: directory.url)
    #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.standardError)")
    return result
  }

  /// Runs `apply --config c.json` in `directory` on a config of `m.metal:function` with one
  /// trigger at (2, 2) points, 0 s in, for one frame at 0.5 s.
  static func runTriggers(on function: String, in directory: TemporaryDirectory) throws
    -> LayerFXTool.Result
  {
    try """
    {"version": 1, "input": "testcard:8x8", "effects": [{"kernel": "m.metal:\(function)"}],
     "triggers": [{"point": [2, 2], "time": 0}], "output": {"time": 0.5, "path": "o.png"}}
    """.write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    return try LayerFXTool.run(["apply", "--config", "c.json"], in: directory.url)
  }

  /// The frames of `folder` from `range`, decoded.
  static func frames(_ folder: String, _ range: ClosedRange<Int>) throws -> [Image] {
    try range.map { k in
      try PNGDecoder().decode(contentsOf: folder + String(format: "/frame_%04d.png", k)).image
    }
  }

  @Test(
    "Apple's Ripple.metal tapped twice equals the built-in ripple's frames within 1 code")
  func metalRippleTaps() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // The second tap starts at 0.4 s = frame 12; frames 10 to 16 hold one ripple, then two.
    let common = [
      "testcard:400x260", "--tap", "100,80@0", "--tap", "300,200@0.4", "--fps", "30",
      "--frame-range", "10..16",
    ]
    try Self.run(
      ["apply", Self.ripple + ":Ripple"] + common
        + Self.rippleValues.flatMap { ["--arg", $0] } + [
          "--max-sample-offset", "12,12", "-o", "metal/",
        ], in: directory)
    // The independent implementation: the built-in Swift port, by its own command.
    try Self.run(["ripple"] + common + ["-o", "swift/"], in: directory)
    try Self.run(
      [
        "ripple", "testcard:400x260", "--tap", "100,80@0", "--fps", "30", "--frame-range",
        "10..16", "-o", "one/",
      ], in: directory)
    let metal = try Self.frames(directory.path("metal"), 10...16)
    let swift = try Self.frames(directory.path("swift"), 10...16)
    let one = try Self.frames(directory.path("one"), 10...16)
    for (k, (m, s)) in zip(metal, swift).enumerated() {
      // Semantics §8.4: a compiled original and its port agree within 1 code (issue 24's bar).
      #expect(compare(m, s, tolerance: 1.0 / 255).mismatchFraction == 0, "frame \(k + 10)")
    }
    // Both points ripple: until the second tap's time passes 0 (frame 13) the frames are the
    // first tap's alone; after it they are not.
    for k in 0...2 { #expect(metal[k].pixels == one[k].pixels, "frame \(k + 10)") }
    for k in 3...6 { #expect(metal[k].pixels != one[k].pixels, "frame \(k + 10)") }
  }

  @Test("a config's triggers drive Ripple.metal's origin as they drive the built-in's")
  func configTriggers() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try """
    {"version": 1, "input": "testcard:160x100",
     "effects": [{"kernel": "\(Self.ripple):Ripple", "amplitude": 12, "frequency": 15,
                  "decay": 8, "speed": 1200, "maxSampleOffset": [12, 12]}],
     "triggers": [{"point": [40, 30], "time": 0}, {"point": [120, 70], "time": 0.1}],
     "output": {"time": 0.25, "path": "metal.png"}}
    """.write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    try Self.run(["apply", "--config", "c.json"], in: directory)
    try Self.run(
      [
        "ripple", "testcard:160x100", "--tap", "40,30@0", "--tap", "120,70@0.1", "--time",
        "0.25", "-o", "swift.png",
      ], in: directory)
    let metal = try PNGDecoder().decode(contentsOf: directory.path("metal.png")).image
    let swift = try PNGDecoder().decode(contentsOf: directory.path("swift.png")).image
    // Semantics §8.4: within 1 code.
    #expect(compare(metal, swift, tolerance: 1.0 / 255).mismatchFraction == 0)
  }

  @Test("--position-parameter gives a float2 the tap's point: the pixel under it turns red")
  func positionParameter() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.source.write(toFile: directory.path("m.metal"), atomically: true, encoding: .utf8)
    let tapped = [
      "apply", "m.metal:mark", "testcard:16x8", "--tap", "5.5,2.5@0", "--time", "0.5",
    ]
    // `p` is no conventional name: no role, so --tap has nowhere to go.
    let refused = try LayerFXTool.run(tapped + ["-o", "x.png"], in: directory.url)
    #expect(refused.status == 64)
    #expect(
      refused.standardError.hasPrefix(
        "layerfx: error: --tap puts its point in an effect's position parameter, but mark has "
          + "no position parameter: a float2 named origin, center, touch, point, location, "
          + "tapLocation, touchLocation, or the one --position-parameter NAME names\n"))
    try Self.run(tapped + ["--position-parameter", "p", "-o", "red.png"], in: directory)
    let red = try PNGDecoder().decode(contentsOf: directory.path("red.png")).image
    let card = Image.testCard(width: 16, height: 8)
    // By hand: only pixel (5, 2), centre (5.5, 2.5), lies within 1 point of the tap; t = 0.5 s
    // is inside the tap's window (0, 3), so it is painted; every other pixel is the card.
    for j in 0..<8 {
      for i in 0..<16 {
        let pixel = red.pixels[j * 16 + i]
        if (i, j) == (5, 2) {
          #expect(pixel == half4(1, 0, 0, 1))
        } else {
          let difference: half4 = abs(pixel - card.pixels[j * 16 + i])
          #expect(difference.max() <= Float(1.0 / 255), "(\(i), \(j))")
        }
      }
    }
  }

  @Test("two position-named float2s are ambiguous: neither takes a tap, and the error names both")
  func ambiguousNames() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.source.write(toFile: directory.path("m.metal"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(
      [
        "apply", "m.metal:pair", "testcard:8x8", "--arg", "origin=1,1", "--arg", "center=2,2",
        "--tap", "1,1@0", "--time", "0.5", "-o", "x.png",
      ], in: directory.url)
    #expect(result.status == 64)
    #expect(
      result.usageErrorLines == [
        "layerfx: error: --tap puts its point in an effect's position parameter, but pair's is "
          + "ambiguous: its float2 parameters origin and center both have a position's name; "
          + "choose one with --position-parameter NAME (origin or center)"
      ])
    #expect(try !directory.contents().contains("x.png"))
    // A config's triggers are refused in the same words, with its key.
    let config = try Self.runTriggers(on: "pair", in: directory)
    #expect(config.status == 65)
    #expect(
      config.standardError
        == "layerfx: error: c.json: triggers: a trigger's point goes to an effect's position "
        + "parameter, but pair's is ambiguous: its float2 parameters origin and center both have "
        + "a position's name; choose one with \"positionParameter\" (origin or center), or "
        + "leave triggers out\n")
    // Choosing one takes the tap.
    try Self.run(
      [
        "apply", "m.metal:pair", "testcard:8x8", "--arg", "origin=1,1", "--tap", "1,1@0",
        "--time", "0.5", "--position-parameter", "center", "-o", "x.png",
      ], in: directory)
  }

  @Test("triggers in a config for an effect with no position parameter are refused, exit 65")
  func configTriggersWithoutPosition() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.source.write(toFile: directory.path("m.metal"), atomically: true, encoding: .utf8)
    let result = try Self.runTriggers(on: "mark", in: directory)
    #expect(result.status == 65)
    #expect(
      result.standardError
        == "layerfx: error: c.json: triggers: a trigger's point goes to an effect's position "
        + "parameter, but mark has no position parameter (a float2 named origin, center, touch, "
        + "point, location, tapLocation, touchLocation, or the one \"positionParameter\" names): "
        + "name one of its float2 parameters with \"positionParameter\" (p), or leave triggers "
        + "out\n")
    // The key names it, and the point lands there: the same run with it writes a red pixel.
    try """
    {"version": 1, "input": "testcard:8x8",
     "effects": [{"kernel": "m.metal:mark", "positionParameter": "p"}],
     "triggers": [{"point": [2.5, 3.5], "time": 0}], "output": {"time": 0.5, "path": "o.png"}}
    """.write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    try Self.run(["apply", "--config", "c.json"], in: directory)
    let image = try PNGDecoder().decode(contentsOf: directory.path("o.png")).image
    #expect(image.pixels[3 * 8 + 2] == half4(1, 0, 0, 1))
  }

  /// The measuring hint every refusal of a missing offset ends with.
  static let measure =
    "to measure one, run with --max-sample-offset 0,0 --check-bounds, whose report names the "
    + "maxSampleOffset that would be enough\n"

  /// The three ways to run Ripple.metal without an offset, each with its exit status and message.
  static let missingOffsetCases: [(arguments: [String], status: Int32, message: String)] = [
    (
      ["apply", ripple + ":Ripple", "testcard:8x8", "--time", "0.1"]
        + (["origin=4,4"] + rippleValues).flatMap { ["--arg", $0] },
      64,
      "layerfx: error: Ripple is a layer effect that declares no maxSampleOffset (a .metal "
        + "function cannot): give --max-sample-offset X,Y (points), as SwiftUI's "
        + "layerEffect(_:maxSampleOffset:) requires; " + measure
    ),
    (
      [
        "apply", "testcard:8x8", "--time", "0.1", "--effect",
        ripple + ":Ripple:" + (["origin=4,4"] + rippleValues).joined(separator: ","),
      ],
      64,
      "layerfx: error: Ripple is a layer effect that declares no maxSampleOffset (a .metal "
        + "function cannot): give --max-sample-offset X,Y or --effect "
        + "…:Ripple:maxSampleOffset=X,Y (points), as SwiftUI's layerEffect(_:maxSampleOffset:) "
        + "requires; " + measure
    ),
    (
      ["apply", "--config", "c.json"],
      65,
      "layerfx: error: c.json: effects[0].maxSampleOffset: missing: Ripple is a layer effect "
        + "that declares no maxSampleOffset (a .metal function cannot), so give [x, y] points "
        + "here or in debug.maxSampleOffset, as SwiftUI's layerEffect(_:maxSampleOffset:) "
        + "requires; to measure one, render once with [0, 0] and debug.checkBounds: its report "
        + "names the maxSampleOffset that would be enough\n"
    ),
  ]

  @Test("a .metal layer effect without maxSampleOffset is refused naming the option or key")
  func missingOffset() throws {
    for (arguments, status, message) in Self.missingOffsetCases {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      try """
      {"version": 1, "input": "testcard:8x8",
       "effects": [{"kernel": "\(Self.ripple):Ripple", "amplitude": 12, "frequency": 15,
                    "decay": 8, "speed": 1200}],
       "output": {"time": 0.1, "path": "o.png"}}
      """.write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
      let result = try LayerFXTool.run(arguments + ["-o", "o.png"], in: directory.url)
      #expect(result.status == status, "\(arguments)")
      #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
      #expect(try !directory.contents().contains("o.png"))
    }
  }
}
