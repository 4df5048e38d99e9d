import Foundation
import LayerFX
import LayerFXComposition
import LayerFXFiles
import LayerFXPNG
import LayerFXTestSupport
import Testing

@Suite struct APNGSinkTests {
  @Test("frames given as images or as samples make the same file, named only by finish")
  func imagesAndSamples() throws {
    let directory = try TemporaryDirectory()
    let frames = (0..<3).map { Image.testCard(width: 7, height: 5, scale: Float(1 + $0)) }
    let fromImages = directory.path("images.apng")
    let fromSamples = directory.path("samples.apng")
    let images = try APNGSink(path: fromImages, frameCount: 3, fps: 30, width: 7, height: 5)
    let samples = try APNGSink(path: fromSamples, frameCount: 3, fps: 30, width: 7, height: 5)
    for (index, frame) in frames.enumerated() {
      try images.write(frame, index: index)
      try samples.write(PNGSamples(frame, bitDepth: .eight), index: index)
    }
    #expect(try directory.contents() == [])
    try images.finish()
    try samples.finish()
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fromImages)))
    #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: fromSamples))) == bytes)
    // Signature, IHDR, acTL, then fcTL and IDAT, fcTL and fdAT twice, IEND.
    let names = try #require(RawPNG.chunks(bytes)).map(\.name)
    #expect(names == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
  }

  @Test("a frame past acTL's count fails at the next write or finish and keeps the old file")
  func failureKeepsOld() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("out.apng")
    try AtomicFile.write("old", to: path)
    let sink = try APNGSink(path: path, frameCount: 1, fps: 10, width: 2, height: 2)
    try sink.write(Image(width: 2, height: 2), index: 0)
    try sink.write(Image(width: 2, height: 2), index: 1)
    #expect(
      throws: PNGError.cannotEncode(path: path, message: "libpng: more frames than acTL announced")
    ) { try sink.finish() }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    #expect(try directory.contents() == ["out.apng"])
  }
}
