import Foundation
import LayerFXTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `layerfx timeline`: tracks as CSV at hand-computed times, and as an SVG chart.
@Suite struct TimelineCommandTests {
  /// Amplitude jumps to 10, then runs linearly to 20 over 1 s; speed runs linearly from its
  /// default 1200 to 600 over 0.5 s; no time track, so the clock is 0 → 2 over 2 s.
  static let linear = #"""
    {"version": 1, "duration": 2, "keyframes": {
      "amplitude": [{"type": "move", "value": 10}, {"type": "linear", "value": 20, "duration": 1}],
      "speed": [{"type": "linear", "value": 600, "duration": 0.5}]}}
    """#

  func write(_ text: String, in directory: TemporaryDirectory) throws -> String {
    let path = directory.path("config.json")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test("linear and move tracks print their hand-computed values; 1.2 is off the 0.25 grid")
  func linearCSV() throws {
    let directory = try TemporaryDirectory()
    let path = try write(Self.linear, in: directory)
    let result = try LayerFXTool.run([
      "timeline", path, "--from", "0", "--to", "1.2", "--step", "0.25",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty)
    // amplitude = 10 + 10 t up to 1 s; speed = 1200 − 1200 t up to 0.5 s, then 600.
    #expect(
      result.standardOutput == """
        time,keyframes.time,keyframes.amplitude,keyframes.speed
        0.000000,0.000000,10.000000,1200.000000
        0.250000,0.250000,12.500000,900.000000
        0.500000,0.500000,15.000000,600.000000
        0.750000,0.750000,17.500000,600.000000
        1.000000,1.000000,20.000000,600.000000

        """)
  }

  @Test("a timeline of moves lasts 0 s and prints its one row, at 0, without --to")
  func zeroLengthTimeline() throws {
    let directory = try TemporaryDirectory()
    let path = try write(
      #"{"version": 1, "duration": 3, "keyframes": {"time": [{"type": "move", "value": 5}]}}"#,
      in: directory)
    let result = try LayerFXTool.run(["timeline", path])
    // Trial 11: exit 64, '--from (0) must be less than --to (0.000, …)', flags nobody typed.
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty)
    // A move takes effect at its own start (Documentation/Semantics.md §7.3): 5 at t = 0.
    #expect(result.standardOutput == "time,keyframes.time\n0.000000,5.000000\n")
  }

  // Trial 17 expected rows to the file's duration, 1, as "--to default: the timeline's
  // duration" suggested: the timeline's duration is its longest track's end (SwiftUI's
  // KeyframeTimeline.duration), 0.5 here, and --help says so. The time track runs 0 → 100
  // over 0.5 s: 50 at 0.25 s.
  @Test("without --to the rows end with the longest track, not the file's duration, as --help says")
  func defaultRangeIsTheLongestTrack() throws {
    let directory = try TemporaryDirectory()
    let path = try write(
      #"{"version": 1, "duration": 1, "keyframes": {"time": [{"type": "linear", "value": 100, "duration": 0.5}]}}"#,
      in: directory)
    let result = try LayerFXTool.run(["timeline", path, "--step", "0.25"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput
        == "time,keyframes.time\n0.000000,0.000000\n0.250000,50.000000\n0.500000,100.000000\n")
    let help = try LayerFXTool.run(["timeline", "--help"]).standardOutput
    #expect(help.contains("the end of its longest"))
    #expect(help.contains("the file's duration is the clock"))
  }

  @Test(
    "a spring track from 0 to 1 follows Documentation/Semantics.md §6's table for Spring(0.5, 0)")
  func springTrack() throws {
    let directory = try TemporaryDirectory()
    let path = try write(
      #"""
      {"version": 1, "keyframes": {"amplitude": [{"type": "move", "value": 0},
        {"type": "spring", "value": 1, "springDuration": 0.5, "bounce": 0}]}}
      """#, in: directory)
    let result = try LayerFXTool.run(["timeline", path, "--to", "0.5", "--step", "0.05"])
    #expect(result.status == 0, "\(result.standardError)")
    let rows = result.standardOutput.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",").compactMap { Double($0) }
    }
    #expect(rows.count == 11)
    for (time, expected) in [(0.1, 0.35774), (0.25, 0.82103), (0.5, 0.98640)] {
      let row = try #require(rows.first { abs($0[0] - time) < 1e-9 })
      #expect(abs(row[2] - expected) <= 1e-5, "x(\(time)) = \(row[2])")
    }
  }

  @Test("--svg writes well-formed XML with one polyline per track and one point per row")
  func svg() throws {
    let directory = try TemporaryDirectory()
    let path = try write(Self.linear, in: directory)
    let result = try LayerFXTool.run([
      "timeline", path, "--to", "1", "--step", "0.05", "--svg", directory.path("chart.svg"),
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let data = try Data(contentsOf: URL(fileURLWithPath: directory.path("chart.svg")))
    let collector = ElementCollector()
    let parser = XMLParser(data: data)
    parser.delegate = collector
    #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
    #expect(collector.elements.first?.name == "svg")
    let polylines = collector.elements.filter { $0.name == "polyline" }
    #expect(polylines.count == 3)
    for polyline in polylines {
      let points = polyline.attributes["points"]?.split(separator: " ") ?? []
      #expect(points.count == 21)  // 0, 0.05, …, 1
    }
    for name in ["keyframes.time", "keyframes.amplitude", "keyframes.speed", "time (seconds)"] {
      #expect(collector.text.contains(name), "no label \(name)")
    }
    #expect(try directory.contents() == ["chart.svg", "config.json"])
  }

  @Test("an SVG in a missing directory exits 73, prints nothing and writes nothing")
  func svgCannotWrite() throws {
    let directory = try TemporaryDirectory()
    let path = try write(Self.linear, in: directory)
    let svg = directory.path("no/such/chart.svg")
    let result = try LayerFXTool.run(["timeline", path, "--svg", svg])
    #expect(result.status == 73)
    #expect(result.standardOutput.isEmpty)
    // Checked before anything is written, as --png's and -o's folders are, in their words.
    #expect(
      result.errorLines == [
        "layerfx: error: \(svg): cannot write file (No such file or directory)"
      ])
    #expect(try directory.contents() == ["config.json"])
  }

  @Test("--help gives the units")
  func help() throws {
    let result = try LayerFXTool.run(["timeline", "--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("Usage: layerfx timeline FILE.json"))
    for fragment in [
      "--from SECONDS", "--to SECONDS", "--step SECONDS", "--svg OUT.svg", "seconds",
      // The choice TimelineDebugConfigTests.debugConfigTracks checks (trial 11: the option
      // said "its first effect", which is grayscale there, not the ripple charted).
      "in a debug config, its first effect with tracks or a clock",
    ] {
      #expect(result.standardOutput.contains(fragment), "missing \(fragment)")
    }
  }
}

/// Collects every element's name and attributes, and all text, from an XML document.
final class ElementCollector: NSObject, XMLParserDelegate {
  var elements: [(name: String, attributes: [String: String])] = []
  var text = ""

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    elements.append((elementName, attributes))
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
}
