import Foundation
import LayerFXComposition
import LayerFXFiles
import LayerFXTestSupport
import Testing

/// `layerfx timeline --svg/--png`: the chart written whole, or not at all.
@Suite struct TimelineChartFileTests {
  /// One series of two samples.
  let chart = TimelineChart(
    title: "t", times: [0, 1], series: [.init(name: "keyframes.a", unit: "points", values: [0, 1])])

  @Test("the SVG is the chart's text and the PNG a PNG as wide as the chart's image")
  func writes() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try chart.writeSVG(to: folder.path("c.svg"))
    #expect(try String(contentsOfFile: folder.path("c.svg"), encoding: .utf8) == chart.svg)
    try chart.writePNG(to: folder.path("c.png"))
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path("c.png"))))
    // The signature, then IHDR's width at bytes 16 to 19, big-endian (PNG spec §11.2.2).
    #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    #expect(bytes[16..<20].reduce(0) { $0 << 8 | Int($1) } == chart.image.width)
  }

  @Test("an SVG into a missing folder, or over a file read, is refused and nothing is written")
  func refusals() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let missing = folder.path("none/c.svg")
    #expect(throws: AtomicFileError.cannotWrite(path: missing, reason: "no such directory")) {
      try chart.writeSVG(to: missing)
    }
    let read = folder.path("keys.json")
    try Data("{}".utf8).write(to: URL(fileURLWithPath: read))
    #expect(throws: AtomicFileError.wouldOverwriteInput(path: read)) {
      try chart.writeSVG(to: read, protecting: [read])
    }
    #expect(try String(contentsOfFile: read, encoding: .utf8) == "{}")
  }
}
