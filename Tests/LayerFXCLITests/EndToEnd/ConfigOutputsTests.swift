import Foundation
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// The config's `output.format`, `output.frameRange` and `debug.overlays`: each renders the
/// bytes its flag (`--format`, `--frame-range`, `--overlay`) renders, a flag overrides it, and
/// an unknown name fails with exit 65.
@Suite struct ConfigOutputsTests {
  /// The bytes of `name` in `directory`, or `nil` when it is missing.
  private func bytes(_ directory: TemporaryDirectory, _ name: String) -> Data? {
    FileManager.default.contents(atPath: directory.path(name))
  }

  /// Writes `text` to `name` in `directory`.
  private func write(_ text: String, _ name: String, in directory: TemporaryDirectory) throws {
    try text.write(toFile: directory.path(name), atomically: true, encoding: .utf8)
  }

  /// A small ripple tapped at (24, 16) with `output` and `debug` as the sections' JSON.
  private func config(output: String, debug: String = "{}") -> String {
    #"""
    {"version": 1, "input": "testcard:48x32", "effects": [{"kernel": "ripple"}],
     "triggers": [{"point": [24, 16], "time": 0}], "output": \#(output), "debug": \#(debug)}
    """#
  }

  /// The flags that say what ``config(output:debug:)`` says but the sections.
  private let flags = ["testcard:48x32", "--tap", "24,16@0"]

  @Test(#"ripple and apply: "overlays": ["origins"] renders the bytes of --overlay origins"#)
  func overlaysAsFlag() throws {
    let directory = try TemporaryDirectory()
    try write(
      config(output: #"{"time": 0.3}"#, debug: #"{"overlays": ["origins"]}"#), "o.json",
      in: directory)
    try write(config(output: #"{"time": 0.3}"#), "p.json", in: directory)
    for command in ["ripple", "apply"] {
      let configured = try LayerFXTool.run(
        [command, "--config", "o.json", "-o", "\(command)-c.png"], in: directory.url)
      let flagged = try LayerFXTool.run(
        [command, "--config", "p.json", "--overlay", "origins", "-o", "\(command)-f.png"],
        in: directory.url)
      #expect(configured.status == 0, "\(configured.standardError)")
      #expect(flagged.status == 0, "\(flagged.standardError)")
      let a = bytes(directory, "\(command)-c.png")
      #expect(a != nil && a == bytes(directory, "\(command)-f.png"), "\(command)")
    }
    // The same frame from flags alone; without the overlay the frame differs.
    let flagsOnly = try LayerFXTool.run(
      ["ripple"] + flags + ["--time", "0.3", "--overlay", "origins", "-o", "flags.png"],
      in: directory.url)
    let plain = try LayerFXTool.run(
      ["ripple"] + flags + ["--time", "0.3", "-o", "plain.png"], in: directory.url)
    #expect(flagsOnly.status == 0 && plain.status == 0, "\(flagsOnly.standardError)")
    #expect(bytes(directory, "flags.png") == bytes(directory, "ripple-c.png"))
    #expect(bytes(directory, "plain.png") != bytes(directory, "ripple-c.png"))
  }

  @Test("a flag overrides the config's overlays")
  func overlayFlagWins() throws {
    let directory = try TemporaryDirectory()
    try write(
      config(output: #"{"time": 0.3}"#, debug: #"{"overlays": ["origins"]}"#), "o.json",
      in: directory)
    let configured = try LayerFXTool.run(
      ["ripple", "--config", "o.json", "--overlay", "tiles", "-o", "c.png"], in: directory.url)
    let flagged = try LayerFXTool.run(
      ["ripple"] + flags + ["--time", "0.3", "--overlay", "tiles", "-o", "f.png"],
      in: directory.url)
    #expect(configured.status == 0 && flagged.status == 0, "\(configured.standardError)")
    #expect(
      bytes(directory, "c.png") != nil && bytes(directory, "c.png") == bytes(directory, "f.png"))
  }

  @Test(#""format": "apng" writes the APNG that --format apng writes"#)
  func formatAsFlag() throws {
    let directory = try TemporaryDirectory()
    // A name without .apng, so only the format makes it an APNG.
    try write(
      config(output: #"{"fps": 10, "frames": 3, "format": "apng", "path": "c.bin"}"#), "a.json",
      in: directory)
    let configured = try LayerFXTool.run(["ripple", "--config", "a.json"], in: directory.url)
    let flagged = try LayerFXTool.run(
      ["ripple"] + flags + ["--fps", "10", "--frames", "3", "--format", "apng", "-o", "f.bin"],
      in: directory.url)
    #expect(configured.status == 0 && flagged.status == 0, "\(configured.standardError)")
    let a = try #require(bytes(directory, "c.bin"))
    #expect(a == bytes(directory, "f.bin"))
    // PNG signature, then IHDR (PNG §5.2, §11.2.2), then acTL with 3 frames (APNG §acTL).
    #expect(Array(a.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let acTL = try #require(a.range(of: Data("acTL".utf8)))
    #expect(Array(a[acTL.upperBound..<acTL.upperBound + 4]) == [0, 0, 0, 3])
  }

  @Test(#""frameRange": "1..2" renders the frames --frame-range 1..2 renders"#)
  func frameRangeAsFlag() throws {
    let directory = try TemporaryDirectory()
    try write(
      config(output: #"{"fps": 10, "frames": 4, "frameRange": "1..2", "path": "c/"}"#),
      "r.json", in: directory)
    let configured = try LayerFXTool.run(["ripple", "--config", "r.json"], in: directory.url)
    let flagged = try LayerFXTool.run(
      ["ripple"] + flags + ["--fps", "10", "--frames", "4", "--frame-range", "1..2", "-o", "f/"],
      in: directory.url)
    #expect(configured.status == 0 && flagged.status == 0, "\(configured.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path("c")).sorted()
    #expect(names.count == 2)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path("f")).sorted() == names)
    for name in names {
      #expect(bytes(directory, "c/\(name)") != nil)
      #expect(bytes(directory, "c/\(name)") == bytes(directory, "f/\(name)"), "\(name)")
    }
  }

  /// Writes a config of one frame with `debug` as `name`, and expects `config check` and
  /// `ripple --config` to refuse it, exit 65, with `line` alone and no output.
  private func expectRefused(debug: String, name: String, line: String) throws {
    let directory = try TemporaryDirectory()
    try write(config(output: #"{"time": 0.3}"#, debug: debug), name, in: directory)
    for command in [["config", "check", name], ["ripple", "--config", name, "-o", "out.png"]] {
      let result = try LayerFXTool.run(command, in: directory.url)
      #expect(result.status == 65, "\(command)")
      #expect(result.errorLines == [line], "\(command)")
    }
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.png")))
  }

  @Test(#""overlays": ["orgins"] fails 65 with its path and "did you mean origins""#)
  func misspeltOverlay() throws {
    try expectRefused(
      debug: #"{"overlays": ["tiles", "orgins"]}"#, name: "bad.json",
      line: #"layerfx: error: bad.json: debug.overlays[1]: "orgins" is not an overlay (origins, "#
        + "displacement, bounds, tiles); did you mean origins?")
  }

  @Test(#""overlays": ["origins", "origins"] fails 65 at the repeat, as --overlay refuses one"#)
  func repeatedOverlay() throws {
    // The third element repeats the first; --overlay's words: 'origins' is given twice.
    try expectRefused(
      debug: #"{"overlays": ["origins", "tiles", "origins"]}"#, name: "twice.json",
      line: #"layerfx: error: twice.json: debug.overlays[2]: "origins" is given twice"#)
  }

  @Test("an unknown format, a malformed frame range, and either without fps fail 65")
  func invalidOutputKeys() throws {
    let directory = try TemporaryDirectory()
    let cases: [(String, String)] = [
      (
        #"{"fps": 10, "format": "apgn"}"#,
        #"output.format: "apgn" is not an output format (png-sequence, apng, contact-sheet, "#
          + "raw); did you mean apng?"
      ),
      (
        // The start of "png-sequence" wins over "apng", one letter away.
        #"{"fps": 10, "format": "png"}"#,
        #"output.format: "png" is not an output format (png-sequence, apng, contact-sheet, "#
          + "raw); did you mean png-sequence?"
      ),
      (
        #"{"fps": 10, "frameRange": "3..1"}"#,
        "output.frameRange: expected A..B or A.. (whole frame numbers from 0, A ≤ B)"
      ),
      (#"{"time": 0.3, "format": "raw"}"#, "output.format: needs fps"),
      (
        #"{"fps": 10, "format": "raw", "path": "r.png"}"#,
        "output.path: r.png: format raw writes RGBA bytes with no header, not a PNG file; give a "
          + "file name ending in .raw (or format apng for an animated PNG)"
      ),
      (
        #"{"fps": 10, "format": "apng", "path": "a.jpg"}"#,
        "output.path: a.jpg: format apng writes an animated PNG file, not a JPEG file; give a "
          + "file name ending in .apng or .png"
      ),
      (#"{"frameRange": "2.."}"#, "output.frameRange: needs fps"),
      (
        #"{"fps": 10, "contactSheet": 2, "format": "apng"}"#,
        "output.format: contactSheet needs format contact-sheet (or none)"
      ),
      (
        #"{"fps": 10, "bitDepth": 16, "format": "apng"}"#,
        "output.format: apng writes 8-bit samples: bitDepth 8"
      ),
    ]
    for (output, message) in cases {
      try write(config(output: output), "bad.json", in: directory)
      let result = try LayerFXTool.run(["config", "check", "bad.json"], in: directory.url)
      #expect(result.status == 65)
      #expect(result.errorLines == ["layerfx: error: bad.json: \(message)"])
    }
  }

  @Test("config dump spells out format, frameRange and overlays; the schema lists their names")
  func dumpAndSchema() throws {
    let dump = try LayerFXTool.run(["config", "dump", "ripple"])
    #expect(dump.status == 0)
    let document = try #require(
      try JSONSerialization.jsonObject(with: dump.outputData) as? [String: Any])
    let output = try #require(document["output"] as? [String: Any])
    #expect(output["format"] is NSNull)
    #expect(output["frameRange"] as? String == "0..")
    let debug = try #require(document["debug"] as? [String: Any])
    #expect((debug["overlays"] as? [Any])?.isEmpty == true)

    let schema = try LayerFXTool.run(["config", "schema"])
    #expect(schema.status == 0)
    let root = try #require(
      try JSONSerialization.jsonObject(with: schema.outputData) as? [String: Any])
    let sections = try #require(root["properties"] as? [String: Any])
    func properties(_ section: String) -> [String: Any]? {
      (sections[section] as? [String: Any])?["properties"] as? [String: Any]
    }
    let format = try #require(properties("output")?["format"] as? [String: Any])
    let formats = (format["enum"] as? [Any])?.compactMap { $0 as? String }
    #expect(formats == ["png-sequence", "apng", "contact-sheet", "raw"])
    #expect(format["description"] is String)
    let overlays = try #require(properties("debug")?["overlays"] as? [String: Any])
    let items = try #require(overlays["items"] as? [String: Any])
    #expect(items["enum"] as? [String] == ["origins", "displacement", "bounds", "tiles"])
  }

  @Test("tune draws the config's overlays on each preview frame")
  func tuneOverlays() throws {
    let directory = try TemporaryDirectory()
    try write(
      #"""
      {"version": 1, "input": "testcard:40x30", "effects": [{"kernel": "ripple"}],
       "output": {"time": 0.1},
       "debug": {"previewTimes": [0.1, 0.2], "overlays": ["origins"]}}
      """#, "t.json", in: directory)
    let tune = try LayerFXTool.run(["tune", "t.json", "--once"], in: directory.url)
    #expect(tune.status == 0, "\(tune.standardError)")
    // The first preview frame is the t = 0.1 frame that ripple renders with the same overlay.
    let still = try LayerFXTool.run(
      ["ripple", "--config", "t.json", "-o", "s.png"], in: directory.url)
    #expect(still.status == 0, "\(still.standardError)")
    let sheet = try PNGDecoder().decode(contentsOf: directory.path("t.preview.png")).image
    let frame = try PNGDecoder().decode(contentsOf: directory.path("s.png")).image
    let plain = try LayerFXTool.run(
      ["ripple", "testcard:40x30", "--time", "0.1", "-o", "p.png"], in: directory.url)
    #expect(plain.status == 0)
    let unmarked = try PNGDecoder().decode(contentsOf: directory.path("p.png")).image
    var same = true
    var marked = false
    for y in 0..<30 {
      for x in 0..<40 {
        same = same && sheet[x, y] == frame[x, y]
        marked = marked || frame[x, y] != unmarked[x, y]
      }
    }
    #expect(same && marked)
  }
}
