import Foundation
import LayerFX
import LayerFXComposition
import LayerFXFiles
import LayerFXKernels
import LayerFXTestSupport
import Testing

@testable import LayerFXTune

/// File-based `tune`'s render: a decoded config's preview sheet written as a PNG.
@Suite struct TunePreviewSheetFileTests {
  /// Two preview frames of a 16 × 12 test card under a built-in colour effect.
  static let document =
    #"{"version": 1, "input": "testcard:16x12", "effects": [{"kernel": "grayscale"}], "#
    + #""debug": {"previewTimes": [0, 0.5]}}"#

  static func decode(_ text: String, file: String) throws -> DebugConfig {
    try DebugConfig(
      data: Data(text.utf8), file: file, directory: "/",
      resolve: { try ShaderLibrary.default.function(named: $0) })
  }

  /// Writes the preview of ``document`` (decoded as the file `configPath`) to `path`.
  static func write(
    to path: String, configPath: String = "tune.json", reads: [String] = [],
    events: RenderJobEvents = RenderJobEvents()
  ) throws -> Int {
    try TunePreviewSheet.write(
      decode(document, file: configPath), file: configPath, to: RenderJob.Output(path: path),
      columns: 2, limits: RenderJob.Limits(pixelLimit: 1 << 20), reads: reads, events: events,
      loadInput: {
        try RenderJob.Input(
          loading: $0, scale: 1, limits: RenderJob.Limits(pixelLimit: 1 << 20), warn: { _, _ in })
      })
  }

  /// The IHDR width of the PNG at `path`: bytes 16 to 19, big-endian (PNG spec §11.2.2, after
  /// the 8-byte signature, the chunk's length and type).
  static func pngWidth(_ path: String) throws -> Int {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    return bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
  }

  @Test("the sheet holds the preview times' frames, side by side, 4 pixels apart")
  func writesSheet() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("preview.png")
    #expect(try Self.write(to: path) == 2)
    // Two 16-pixel frames in one row with the 4-pixel gutter: 16 + 4 + 16.
    #expect(try Self.pngWidth(path) == 36)
  }

  @Test("a fault reported by the front end's check leaves no preview")
  func faultWritesNothing() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("preview.png")
    let events = RenderJobEvents(checkFaults: { _ in throw CancellationError() })
    #expect(throws: CancellationError.self) { try Self.write(to: path, events: events) }
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("a preview that would replace a file the render reads is refused")
  func protectsReads() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let configPath = folder.path("tune.json")
    try Data(Self.document.utf8).write(to: URL(fileURLWithPath: configPath))
    #expect(throws: AtomicFileError.wouldOverwriteInput(path: configPath)) {
      try Self.write(to: configPath, configPath: configPath, reads: [configPath])
    }
    #expect(try String(contentsOfFile: configPath, encoding: .utf8) == Self.document)
  }

  @Test("a config without an input is refused at its top level")
  func missingInput() throws {
    let config = try Self.decode(
      #"{"version": 1, "effects": [{"kernel": "grayscale"}]}"#, file: "tune.json")
    #expect(throws: ConfigError.missingKey(file: "tune.json", path: "", key: "input")) {
      try TunePreviewSheet.write(
        config, file: "tune.json", to: RenderJob.Output(path: "/nonexistent/p.png"),
        columns: 2, limits: RenderJob.Limits(pixelLimit: 1 << 20), reads: [],
        events: RenderJobEvents(), loadInput: { _ in throw CancellationError() })
    }
  }
}
