import LayerFX
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

/// The memory estimate against byte counts worked out by hand from the buffers a render holds.
@Suite struct RenderMemoryTests {
  @Test("one pass stored into samples: the input, the samples and a band per worker")
  func onePass() {
    let memory = RenderMemory(
      width: 100, height: 50, output: .samples, passCount: 1, threadCount: 2)
    // N = 5000. Input 16 N = 80000; samples 4 N = 20000; min(50, 2 × 16) = 32 bands, the
    // largest ⌈50 / 32⌉ = 2 rows of 100 pixels, 16 bytes each, for 2 workers: 6400.
    #expect(memory.inputBytes == 80_000)
    #expect(memory.chainBytes == 0)
    #expect(memory.outputBytes == 20_000)
    #expect(memory.scratchBytes == 6_400)
    #expect(memory.renderBytes == 106_400)
    // Encoding: the samples 20000; the PNG at most 45 + 60 + IDAT: raw 50 × 401 = 20050,
    // zlib 20050 + 5 × 2 + 6 = 20066, chunks 20066 + 12 × 3 = 20102, so 20207; libpng's
    // buffer 65536 (its first capacity), the array copy 20207, row pointers 8 × 50 = 400.
    #expect(memory.encodeBytes == 20_000 + 65_536 + 20_207 + 400)
    #expect(memory.peakBytes == 106_400)
  }

  @Test("a chain's working copies: none, one, then two; a Float output one more, up to two")
  func chainCopies() {
    func chain(_ passes: Int, _ output: RenderMemory.Output) -> Double {
      RenderMemory(width: 100, height: 50, output: output, passCount: passes, threadCount: 1)
        .chainBytes
    }
    // 16 N = 80000 bytes a copy.
    #expect([1, 2, 3, 5].map { chain($0, .samples) } == [0, 80_000, 160_000, 160_000])
    #expect([1, 2, 3].map { chain($0, .floatImage) } == [80_000, 160_000, 160_000])
    // A Float output has no scratch tiles: three passes hold 80000 + 160000 + 20000.
    let float = RenderMemory(
      width: 100, height: 50, output: .floatImage, passCount: 3, threadCount: 2)
    #expect(float.scratchBytes == 0)
    #expect(float.renderBytes == 260_000)
  }

  @Test("a fill holds no input: its Float image and the samples")
  func fill() {
    var memory = RenderMemory(
      width: 100, height: 50, output: .floatImage, passCount: 1, threadCount: 2)
    memory.holdsInput = false
    // N = 5000: no input; the fill's Float image 16 N = 80000; samples 4 N = 20000.
    #expect(memory.inputBytes == 0)
    #expect(memory.renderBytes == 100_000)
  }

  @Test("square tiles: the largest tile per worker that gets one; 16-bit samples 8 bytes")
  func tilesAndBitDepth() {
    // 64-pixel tiles over 100 × 50: 2 tiles, the largest 64 × 50 = 3200 pixels; 2 workers.
    let tiled = RenderMemory(
      width: 100, height: 50, output: .samples, passCount: 1, threadCount: 8, tileSize: 64)
    #expect(tiled.scratchBytes == 2 * 3200 * 16)
    // One tile larger than the image: 5000 pixels, one worker.
    let whole = RenderMemory(
      width: 100, height: 50, output: .samples, passCount: 1, threadCount: 2, tileSize: 4096)
    #expect(whole.scratchBytes == 5000 * 16)
    let deep = RenderMemory(
      width: 100, height: 50, bitDepth: 16, output: .samples, passCount: 1, threadCount: 1)
    #expect(deep.outputBytes == 40_000)
  }

  @Test("a stored padding is (w + 2 pad + 1) × (h + 2 pad + 1) texels of 16 bytes")
  func storedPadding() {
    // 100 × 50 at scale 2 with 1.5, 0.5 points: pads of 3 and 1 pixels: 107 × 53 texels.
    let image = Image(width: 100, height: 50, scale: 2)
    #expect(ChainRenderer.paddedTexels(of: image, maxSampleOffset: float2(1.5, 0.5)) == 107 * 53)
    let memory = RenderMemory(
      width: 100, height: 50, output: .samples, passCount: 1, storedPaddingTexels: 5885,
      threadCount: 1)
    #expect(memory.storedPaddingBytes == 5885 * 16)
  }

  @Test("the displacement overlay counts a stored padding's copy for the first pass too")
  func displacementPadding() throws {
    // Two passes with a native row kernel (a compiled .metal function's form), which store
    // their padding: at scale 2, 1.5 × 0.5 points pads 3 × 1 pixels (107 × 53 = 5671 texels),
    // 0.5 × 0.5 points 1 × 1 (103 × 53 = 5459).
    let image = Image(width: 100, height: 50, scale: 2)
    let function = ShaderFunction(name: "native", kind: .layer, parameters: []) { _ in
      (.layer { position, layer in layer.sample(position) }, RowKernel({ _ in }))
    }
    var first = try Shader(function: function).prepared(sizeInPoints: image.sizeInPoints)
    var second = first
    first.maxSampleOffset = float2(1.5, 0.5)
    second.maxSampleOffset = float2(0.5, 0.5)
    #expect(first.storesPadding)
    // The first pass's copy, kept, and the largest later pass's.
    #expect(ChainRenderer.storedPaddingTexels(of: [first, second], image: image) == 5671 + 5459)
    // Each pass's map makes its own copy while the first's is kept: the largest is the first's.
    #expect(
      ChainRenderer.storedPaddingTexels(
        of: [first, second], image: image, measuresDisplacement: true) == 5671 + 5671)
    #expect(
      ChainRenderer.storedPaddingTexels(of: [first], image: image, measuresDisplacement: true)
        == 2 * 5671)
  }

  @Test("a chain of built-ins: boxBlur's working image, three passes, no stored padding")
  func builtInChain() throws {
    let image = Image(width: 40, height: 30)
    let effects = [AnimatedEffect(.twirl), AnimatedEffect(.boxBlur), AnimatedEffect(.grayscale)]
    let chain = EffectChain(effects.map { $0.withViewArguments(sizeInPoints: image.sizeInPoints) })
    let renderer = ChainRenderer(image: image, chain: chain, renderer: Renderer(threadCount: 1))
    let passes = try renderer.checkedPasses(at: [0, 0.1])
    let memory = renderer.memory(of: passes, output: .samples, bitDepth: 8)
    #expect(memory.passCount == 3)
    #expect(memory.workingImages == 1)
    #expect(memory.storedPaddingTexels == 0)
    // N = 1200: input 19200, two copies 38400, the working image 19200, samples 4800, and
    // one worker's band: min(30, 16) = 16 bands, ⌈30 / 16⌉ = 2 rows: 80 pixels, 1280 bytes.
    #expect(memory.renderBytes == 19_200 + 38_400 + 19_200 + 4_800 + 1_280)
  }

  @Test("decoding holds the file, libpng's samples and the Float image")
  func decode() {
    #expect(
      RenderMemory.decodeBytes(width: 100, height: 50, sampleBytes: 4, fileBytes: 1000)
        == 5000 * 20 + 1000)
    #expect(RenderMemory.decodeBytes(width: 100, height: 50, sampleBytes: 0) == 80_000)
  }

  /// The message `budget.check(needed, path:)` throws, or `nil` when it does not.
  func refusal(_ budget: MemoryBudget, _ needed: Double, _ path: String) -> String? {
    do {
      try budget.check(needed, path: path)
      return nil
    } catch {
      return error.description
    }
  }

  @Test("a need above the budget is one line naming both figures and the limit")
  func refusal() {
    let budget = MemoryBudget(bytes: 3.9e9, source: .addressSpaceLimit)
    #expect(refusal(budget, 3.9e9, "OUT.png") == nil)
    #expect(
      refusal(budget, 9.6e9, "OUT.png")
        == "OUT.png: needs about 9.6 GB of memory, 3.9 GB available (ulimit -v); raise "
        + "ulimit -v, or render a smaller image or a shorter chain")
    #expect(
      refusal(MemoryBudget(bytes: 2.5e8, source: .availableMemory), 1.2e9, "frames/")
        == "frames/: needs about 1.2 GB of memory, 250.0 MB available (MemAvailable); render "
        + "a smaller image or a shorter chain, or pass --ignore-free-memory")
  }

  @Test("an address-space limit the process already fills is refused as leaving no memory")
  func noAddressSpaceLeft() {
    // `ulimit -v 100000` (102.4 MB) under the process's own mappings and its threads' reserve
    // leaves a negative budget: no smaller image fits, so raising the limit is the way out.
    let budget = MemoryBudget(bytes: -2.0e8, source: .addressSpaceLimit)
    let expected: String =
      "in.png: needs about 6.2 MB of memory, but ulimit -v leaves none: what layerfx itself "
      + "maps (and reserves for each thread it may start: a stack and a 67.1 MB malloc arena) "
      + "fills the limit; raise ulimit -v"
    #expect(refusal(budget, 6.2e6, "in.png") == expected)
    // None left of the memory the system has available is still a figure: 0 B.
    #expect(
      refusal(MemoryBudget(bytes: -1, source: .availableMemory), 6.2e6, "in.png")
        == "in.png: needs about 6.2 MB of memory, 0 B available (MemAvailable); render a "
        + "smaller image or a shorter chain, or pass --ignore-free-memory")
  }
}
