import CReference
import LayerFX
import LayerFXMath
import LayerFXMetal

/// Times one kernel on one source image: the Swift engine (lane form and closure form), the
/// kernel's user-style twin, its compiled Metal original and the C reference, interleaved run
/// by run, after checking that their outputs agree.
struct BenchmarkRunner {
  let options: BenchmarkOptions

  /// Runs every thread count of ``BenchmarkOptions/threadCounts`` for `function` on `source`,
  /// with its compiled Metal original as a variant when `original` is given.
  func cases(_ function: ShaderFunction, source: Image, original: CompiledOriginal? = nil) throws
    -> [BenchmarkReport.CaseResult]
  {
    let setup = try Setup(
      function, source: source, time: options.time, overrides: options.arguments,
      original: original)
    return options.threadCounts.map { threads in
      measureCase(setup, threads: threads)
    }
  }

  /// Times the Swift engine alone at every tile size of the sweep, on all cores.
  func tileSweep(_ function: ShaderFunction, source: Image) throws -> [BenchmarkReport.SweepResult]
  {
    let setup = try Setup(
      function, source: source, time: options.time, overrides: options.arguments)
    let threads = Renderer.defaultThreadCount
    return ([nil] + options.sweepTileSizes.map(Optional.some)).map { tileSize in
      let renderer = Renderer(tileSize: tileSize, threadCount: threads)
      var output = Image(width: source.width, height: source.height, scale: source.scale)
      let timing = time(pixels: setup.pixelCount) { setup.renderSwift(renderer, into: &output) }
      return .init(
        name: "\(setup.name)/\(threads)t/" + (tileSize.map { "tile\($0)" } ?? "bands"),
        tileSize: tileSize, swift: timing)
    }
  }

  private func measureCase(_ setup: Setup, threads: Int) -> BenchmarkReport.CaseResult {
    let renderer = Renderer(tileSize: options.tileSize, threadCount: threads)
    var closureRenderer = renderer
    closureRenderer.usesLaneKernels = false
    let source = setup.source
    var swiftOutput = Image(width: source.width, height: source.height, scale: source.scale)
    var closureOutput = swiftOutput
    var cOutput = [Float](repeating: 0, count: setup.pixelCount * 4)
    let hasLanes = setup.shader.hasLaneForm
    let reference = setup.reference
    let twin = setup.twin
    var twinOutput = swiftOutput
    let hasMetal = setup.metal != nil
    var metalOutput = swiftOutput

    // A compiled original that faults or meets its time limit leaves rows unrendered and returns
    // early (its output keeps the last whole render), so its faults are counted per case.
    MetalFaults.reset()
    // Check before timing: every variant renders once and is compared with the others.
    setup.renderSwift(renderer, into: &swiftOutput)
    var result = BenchmarkReport.CaseResult(
      name: "\(setup.name)/\(threads)t", kernel: setup.shader.function.name, width: source.width,
      height: source.height, threads: threads, tileSize: options.tileSize,
      swift: Timing(seconds: [0], pixels: 1))
    result.swiftHash = OutputHash.of(swiftOutput)
    if hasLanes {
      setup.renderSwift(closureRenderer, into: &closureOutput)
      result.agreementWithClosure = Self.agreement(swiftOutput, closureOutput.pixels)
    }
    if let twin {
      setup.render(twin, renderer, into: &twinOutput)
      result.agreementWithUserKernel = Self.agreement(swiftOutput, twinOutput.pixels)
    }
    if let metal = setup.metalFrame() {
      setup.render(metal, renderer, into: &metalOutput)
      result.agreementWithMetal = Self.agreement(swiftOutput, metalOutput.pixels)
      result.metalCompileSeconds = setup.metalCompileSeconds
    }
    if let reference {
      setup.renderC(reference, into: &cOutput, threads: threads)
      result.agreementWithC = swiftOutput.pixels.withUnsafeBufferPointer { swift in
        swift.withMemoryRebound(to: Float.self) { swiftFloats in
          cOutput.withUnsafeBufferPointer { CodeValueAgreement(swiftFloats, $0) }
        }
      }
    }

    // Interleaved: each repetition runs every variant once, so a slow spell of a shared
    // machine hits all of them alike.
    var swiftSeconds: [Double] = []
    var closureSeconds: [Double] = []
    var cSeconds: [Double] = []
    var twinSeconds: [Double] = []
    var metalSeconds: [Double] = []
    for repetition in 0..<(options.warmUps + options.repeats) {
      let isTimed = repetition >= options.warmUps
      let s = Timing.seconds { setup.renderSwift(renderer, into: &swiftOutput) }
      if isTimed { swiftSeconds.append(s) }
      // The user-style twin right after the built-in it is compared with.
      if let twin {
        let u = Timing.seconds { setup.render(twin, renderer, into: &twinOutput) }
        if isTimed { twinSeconds.append(u) }
      }
      if let metal = setup.metalFrame() {
        let m = Timing.seconds { setup.render(metal, renderer, into: &metalOutput) }
        if isTimed { metalSeconds.append(m) }
      }
      if hasLanes {
        let k = Timing.seconds { setup.renderSwift(closureRenderer, into: &closureOutput) }
        if isTimed { closureSeconds.append(k) }
      }
      if let reference {
        let c = Timing.seconds { setup.renderC(reference, into: &cOutput, threads: threads) }
        if isTimed { cSeconds.append(c) }
      }
    }
    blackHole(swiftOutput)
    blackHole(closureOutput)
    blackHole(cOutput)
    blackHole(twinOutput)
    blackHole(metalOutput)
    result.swift = Timing(seconds: swiftSeconds, pixels: setup.pixelCount)
    if hasLanes { result.swiftClosure = Timing(seconds: closureSeconds, pixels: setup.pixelCount) }
    if let twin {
      let user = Timing(seconds: twinSeconds, pixels: setup.pixelCount)
      result.userKernel = user
      result.userKernelName = twin.shader.function.name
      result.userKernelOverBuiltIn = user.median / result.swift.median
    }
    let faults = MetalFaults.all
    if hasMetal, !faults.isEmpty { result.metalFaults = faults.map(\.description) }
    if hasMetal {
      let compiled = Timing(seconds: metalSeconds, pixels: setup.pixelCount)
      result.metal = compiled
      result.swiftOverMetal = compiled.median / result.swift.median
    }
    if reference != nil {
      let c = Timing(seconds: cSeconds, pixels: setup.pixelCount)
      result.c = c
      result.swiftOverC = c.median / result.swift.median
    }
    return result
  }

  private func time(pixels: Int, _ body: () -> Void) -> Timing {
    for _ in 0..<options.warmUps { body() }
    let seconds = (0..<options.repeats).map { _ in Timing.seconds(body) }
    return Timing(seconds: seconds, pixels: pixels)
  }

  private static func agreement(_ a: Image, _ b: [half4]) -> CodeValueAgreement {
    a.pixels.withUnsafeBufferPointer { first in
      b.withUnsafeBufferPointer { second in
        first.withMemoryRebound(to: Float.self) { firstFloats in
          second.withMemoryRebound(to: Float.self) { CodeValueAgreement(firstFloats, $0) }
        }
      }
    }
  }
}

extension BenchmarkRunner {
  /// A kernel prepared with its benchmark arguments, with the Swift and C layers of one source,
  /// and its user-style twin and compiled Metal original prepared with the same arguments.
  struct Setup {
    let shader: PreparedShader
    let source: Image
    let layer: Layer?
    let reference: (kernel: CReferenceKernel, layer: ReferenceLayer)?
    let twin: (shader: PreparedShader, layer: Layer?)?
    /// The compiled Metal original with the benchmark's arguments and the built-in's layer; each
    /// render prepares it anew (``metalFrame()``).
    let metal: (shader: Shader, layer: Layer?)?
    let metalCompileSeconds: Double?

    var pixelCount: Int { source.width * source.height }
    var name: String { "\(shader.function.name)/\(source.width)x\(source.height)" }

    init(
      _ function: ShaderFunction, source: Image, time: Float,
      overrides: [String: Shader.Argument] = [:], original: CompiledOriginal? = nil
    ) throws {
      shader = try BenchmarkScenario(function, source: source, time: time, overrides: overrides)
        .shader
        .prepared(sizeInPoints: source.sizeInPoints)
      self.source = source
      // A colour effect reads the source in place; the others read it padded, built once.
      layer = function.kind == .color ? nil : Layer(source, maxSampleOffset: shader.maxSampleOffset)
      if let kernel = CReferenceKernel.all[function.name],
        let referenceLayer = ReferenceLayer(source, padding: layer?.padding ?? .zero)
      {
        reference = (kernel, referenceLayer)
      } else {
        reference = nil
      }
      if let twinFunction = UserKernelTwin.all[function.name] {
        let twinShader = try UserKernelTwin.shader(twinFunction, like: shader)
          .prepared(for: function.kind, sizeInPoints: source.sizeInPoints)
        // The twin declares the same offset rule, so it normally shares the built-in's layer.
        let twinLayer =
          function.kind == .color || twinShader.maxSampleOffset == shader.maxSampleOffset
          ? layer : Layer(source, maxSampleOffset: twinShader.maxSampleOffset)
        twin = (twinShader, twinLayer)
      } else {
        twin = nil
      }
      if let original {
        let metalShader = try UserKernelTwin.shader(original.function, like: shader)
        // Checked here, so a bad argument stops the run as before (``metalFrame()`` prepares
        // the same arguments again).
        _ = try metalShader.prepared(for: function.kind, sizeInPoints: source.sizeInPoints)
        metal = (metalShader, layer)
        metalCompileSeconds = original.compileSeconds
      } else {
        metal = nil
        metalCompileSeconds = nil
      }
    }

    /// The compiled original prepared for one render, with the built-in's `maxSampleOffset` (a
    /// `.metal` function declares none), so it reads the built-in's layer.
    ///
    /// A frame per render, as `layerfx render` and `apply` prepare one per frame: a compiled
    /// shader's time limit runs from its prepared frame's first request, so one frame reused
    /// for every repetition stopped bloom's 4K original at the limit after two renders (it
    /// read 0.05× Swift's speed) and let nothing more render.
    func metalFrame() -> (shader: PreparedShader, layer: Layer?)? {
      guard let metal,
        var prepared = try? metal.shader.prepared(
          for: shader.function.kind, sizeInPoints: source.sizeInPoints)
      else { return nil }
      prepared.maxSampleOffset = shader.maxSampleOffset
      return (prepared, metal.layer)
    }

    func renderSwift(_ renderer: Renderer, into output: inout Image) {
      render((shader, layer), renderer, into: &output)
    }

    /// Renders `prepared` (this kernel or its twin) with `renderer` into `output`.
    func render(
      _ prepared: (shader: PreparedShader, layer: Layer?), _ renderer: Renderer,
      into output: inout Image
    ) {
      let input = prepared.layer.map(RenderRequest.Source.layer) ?? .image(source)
      renderer.render(RenderRequest(prepared.shader, source: input), into: &output)
    }

    func renderC(
      _ reference: (kernel: CReferenceKernel, layer: ReferenceLayer), into output: inout [Float],
      threads: Int
    ) {
      var layer = reference.layer.layer
      output.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        reference.kernel.render(&layer, base, shader.arguments, Int32(threads))
      }
    }
  }
}
