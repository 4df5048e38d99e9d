import Foundation
import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

@Suite struct ShaderStillTests {
  /// The ripple over `image`, its maxSampleOffset 3 points.
  func still(padded: Bool) throws -> ShaderStill {
    let shader = Shader(function: .ripple, namedArguments: [("origin", .float2(float2(4, 4)))])
    let prepared = try MaxSampleOffsetSources(given: float2(3, 3))
      .prepare(shader, sizeInPoints: float2(16, 12))
    return ShaderStill(
      prepared, isPadded: padded, output: RenderJob.Output(path: "out.png"),
      limits: RenderJob.Limits(pixelLimit: 1_000_000, memoryCheck: .off))
  }

  @Test("a padded layer effect grows the output by ⌈offset × scale⌉ pixels a side")
  func padding() throws {
    let image = Image.testCard(width: 16, height: 12)
    // 3 points at 1 pixel per point.
    #expect(try still(padded: true).outputPadding(of: image) == SIMD2(3, 3))
    #expect(try still(padded: false).outputPadding(of: image) == .zero)
    // The estimate counts the padded size: (16 + 6) × (12 + 6) output pixels.
    #expect(try still(padded: true).memory(over: image).width == 22)
  }

  @Test("the still renders and writes a PNG of the image's size")
  func run() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var job = try still(padded: false)
    job.output = RenderJob.Output(path: folder.appendingPathComponent("a.png").path)
    let input = RenderJob.Input(Image.testCard(width: 16, height: 12))
    try job.check(input)
    #expect(try job.run(input, into: job.output.open(), events: RenderJobEvents()))
    let data = try Data(contentsOf: URL(fileURLWithPath: job.output.path))
    // IHDR's width and height, big-endian, at bytes 16…23 (PNG spec §11.2.2).
    #expect(Array(data[16..<24]) == [0, 0, 0, 16, 0, 0, 0, 12])
  }
}
