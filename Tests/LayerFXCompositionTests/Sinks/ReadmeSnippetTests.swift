import Foundation
import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels
import Testing

@Suite struct ReadmeSnippetTests {
  @Test("the writing-kernels guide's animated chain renders a PNG sequence")
  func readmeSnippet() throws {
    let directory = NSTemporaryDirectory() + "layerfx-readme-\(UInt64.random(in: 0...UInt64.max))/"
    defer { try? FileManager.default.removeItem(atPath: directory) }

    // From Sources/LayerFX/LayerFX.docc/WritingKernels.md, "Animated chains in Swift" (size,
    // taps, frame count and directory changed; the sink creates the directory).
    let image = Image.testCard(width: 32, height: 24)
    let taps: [AnimatedEffect.Trigger] = [
      .init(time: 0, payload: [8, 8]), .init(time: 0.5, payload: [24, 16]),
    ]
    let chain = EffectChain([.triggered(.ripple, duration: 1, triggers: taps)])
    let schedule = FrameSchedule(fps: 4, frameCount: 6)
    var frames = try PNGSequenceSink(directory: directory, frameCount: schedule.frameCount)
    try ChainRenderer(image: image, chain: chain).render(schedule, into: &frames)

    let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(names == (0..<6).map { "frame_000\($0).png" })
  }
}
