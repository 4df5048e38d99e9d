import Foundation
import LayerFX
import LayerFXArguments
import LayerFXCLI
import LayerFXMetal

// `metal-fill-bench FILE.metal:FUNCTION --size WxH --threads N --frames N [--arg NAME=VALUE]…`:
// times a `.metal` fill as `layerfx render` runs it (compiled by LayerFXMetal, called in the
// sandboxed shader worker, the renderer's bands over N threads), without the store and the PNG
// encoder, so the figure is the shader's frame time. A frame in which the shader faulted or was
// stopped at the worker's time limit (a frame's, as in `layerfx render`; MetalFaults) ends the
// run with the fault. Prints one JSON line: the compile (or cache lookup) seconds, the untimed
// first frame's milliseconds (it pays for the row-form trial of a function not yet measured,
// MetalFormTrial), each frame's milliseconds, their median and minimum, and an FNV-1a hash of the frame's float pixels (bit
// patterns), so two builds can be checked for identical output. Used by
// Benchmarks/peers/speed_vs_llvmpipe.py.
let options: [OptionSpec] = [
  .value("size", "WxH", "the image's size, pixels (default 1280x720)"),
  .value("threads", "N", "worker threads (default 2)"),
  .value("frames", "N", "timed frames after one untimed (default 5)"),
  .value("arg", "NAME=VALUE", "a fill argument (repeatable)", repeatable: true),
]

/// `duration` in milliseconds.
func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) * 1e-15
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("metal-fill-bench: error: \(message)\n".utf8))
  exit(1)
}

do {
  let arguments = try ParsedArguments(Array(CommandLine.arguments.dropFirst()), options: options)
  guard let reference = try arguments.positionals("FILE.metal:FUNCTION").first,
    let colon = reference.lastIndex(of: ":")
  else { fail("give FILE.metal:FUNCTION") }
  let path = String(reference[..<colon])
  let name = String(reference[reference.index(after: colon)...])
  let size = try arguments.value("size", as: .size) ?? SIMD2(1280, 720)
  let threads = try arguments.value("threads", as: .integer(in: 1...256), default: 2)
  let frames = try arguments.value("frames", as: .integer(in: 1...1000), default: 5)
  let clock = ContinuousClock()
  var start = clock.now
  let library = try MetalLibrary(url: URL(fileURLWithPath: path))
  let compiled = start.duration(to: clock.now)
  guard let function = library.library.functions.first(where: { $0.name == name }) else {
    fail("\(path) has no stitchable function \(name)")
  }
  let bound = try function.bind(arguments.all("arg"), pixelLimit: size.x * size.y)
  // Prepared again for every frame, untimed, as `layerfx render` prepares each frame: the
  // worker's time limit runs from a prepared shader's first request (SandboxedFrame), so a
  // heavy shader bound once would meet it after a few frames, not within one.
  func request() throws -> RenderRequest {
    let prepared = try Shader(function: function, namedArguments: bound)
      .prepared(for: .fill, sizeInPoints: SIMD2(Float(size.x), Float(size.y)))
    return RenderRequest(prepared, source: .fill(width: size.x, height: size.y))
  }
  let renderer = Renderer(threadCount: threads)
  var frame = try request()
  start = clock.now
  var image = renderer.render(frame).image
  let firstFrame = start.duration(to: clock.now)
  if let fault = MetalFaults.all.first { fail(fault.description) }
  var frameMilliseconds: [Double] = []
  for _ in 0..<frames {
    frame = try request()
    start = clock.now
    renderer.render(frame, into: &image)
    let duration = start.duration(to: clock.now)
    // A faulted or stopped band is transparent and fast: such a frame is no figure.
    if let fault = MetalFaults.all.first { fail(fault.description) }
    frameMilliseconds.append(milliseconds(duration))
  }
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for pixel in image.pixels {
    for channel in 0..<4 {
      hash = (hash ^ UInt64(pixel[channel].bitPattern)) &* 0x0000_0100_0000_01b3
    }
  }
  let sorted = frameMilliseconds.sorted()
  let seconds =
    Double(compiled.components.seconds) + Double(compiled.components.attoseconds) * 1e-18
  let fields = [
    "\"compileSeconds\": \(seconds)",
    "\"firstFrameMs\": \(milliseconds(firstFrame))",
    "\"frames\": \(frameMilliseconds)",
    "\"medianMs\": \(sorted[sorted.count / 2])", "\"minimumMs\": \(sorted[0])",
    "\"hash\": \"\(String(hash, radix: 16))\"",
  ]
  print("{" + fields.joined(separator: ", ") + "}")
} catch {
  fail("\(error)")
}
