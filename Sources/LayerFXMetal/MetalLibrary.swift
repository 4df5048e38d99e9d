import CLayerFXMetalGuard
import Foundation
import LayerFX
import LayerFXFiles
import LayerFXMath

/// A `.metal` source compiled for this CPU: its `[[ stitchable ]]` functions as
/// ``LayerFX/ShaderFunction``s that work wherever a built-in does (effects, chains, the bounds
/// checker, animation).
///
/// The compiled code never runs in this process: a sandboxed worker process loads and runs it
/// (Sources/LayerFXMetal/README.md, "The sandbox"); its faults, system calls and endless loops
/// are reported as ``MetalFaults``.
///
/// Each function's parameters are the Metal ones after SwiftUI's (`position`, and `color` or
/// `layer`), typed as SwiftUI passes `Shader.Argument`s; a number written as a default in the
/// signature (`float windSize = 0.2`) is the parameter's default. A layer or distortion
/// function declares no `maxSampleOffset` (SwiftUI takes it from the modifier): give one to
/// `layerEffect(_:maxSampleOffset:)`, or the layer is not padded.
public struct MetalLibrary: Sendable {
  /// The source's path (or the name given to a source string).
  public let path: String
  /// The stitchable functions found, in source order.
  public let signatures: [MetalSignature]
  /// The functions as a library, looked up by their Metal names.
  public let library: ShaderLibrary
  /// Whether the compiled object came from the on-disk cache.
  public let wasCached: Bool
  /// How long the compile (or the cache lookup) and load took, seconds.
  public let seconds: Double

  /// Compiles the `.metal` file at `url`.
  ///
  /// - Parameters:
  ///   - url: A `.metal` file.
  ///   - options: Precision and cache location.
  /// - Throws: ``MetalCompileError``: the file cannot be read, no compiler, clang's diagnostics
  ///   (file, line, column), a stitchable signature SwiftUI could not call, or no stitchable
  ///   function at all (`noStitchableFunctions`).
  public init(url: URL, options: MetalCompileOptions = MetalCompileOptions())
    throws(MetalCompileError)
  {
    let bytes: [UInt8]
    do {
      // Through the one input opener: a regular file, checked before it is read.
      bytes = try InputFile.read(url.path, limit: 16 << 20)
    } catch {
      throw .cannotRead(path: url.path, reason: error.reason)
    }
    guard let source = String(validating: bytes, as: UTF8.self) else {
      throw .cannotRead(path: url.path, reason: "not UTF-8 text")
    }
    try self.init(source: source, path: url.path, options: options)
  }

  /// Compiles Metal `source`, named `path` in diagnostics.
  ///
  /// - Parameters:
  ///   - source: Metal source with `[[ stitchable ]]` functions.
  ///   - path: The name diagnostics give the source.
  ///   - options: Precision and cache location.
  /// - Throws: As ``init(url:options:)``.
  public init(
    source: String, path: String = "<source>.metal",
    options: MetalCompileOptions = MetalCompileOptions()
  ) throws(MetalCompileError) {
    let start = Date()
    let binary16 = options.half == .binary16
    let (signatures, problems) = MetalSignature.find(in: source)
    if let problem = problems.first {
      throw .unsupportedSignature(
        file: path, function: problem.function, line: problem.line, message: problem.message)
    }
    // Refused before clang runs: a library without functions can be neither run nor listed.
    guard !signatures.isEmpty else { throw .noStitchableFunctions(path: path) }
    let rewriter = MetalSourceRewriter(source, binary16: binary16)
    let unit = MetalGlue.translationUnit(source: rewriter, path: path, signatures: signatures)
    let compiler = try MetalCompiler(options: options)
    let (object, cached) = try compiler.compile(
      unit: unit, rewriter: rewriter, sourcePath: path, binary16: binary16)
    // Nothing compiled from the source is loaded here: the library is checked, then a worker
    // process loads it (ShaderWorker).
    let pool = ShaderWorkerPool(
      executable: try ShaderWorkerExecutable.path(), libraryPath: try MetalSandboxCheck.check(object, path: path),
      functions: signatures.map(\.name))
    let functions = signatures.enumerated().map { index, signature in
      Self.function(
        signature, index: index, path: path, binary16: binary16, pool: pool,
        timeLimit: options.shaderTimeout)
    }
    self.path = path
    self.signatures = signatures
    self.library = ShaderLibrary(functions)
    self.wasCached = cached
    self.seconds = Date().timeIntervalSince(start)
  }

  private static func function(
    _ signature: MetalSignature, index: Int, path: String, binary16: Bool,
    pool: ShaderWorkerPool, timeLimit: Double
  ) -> ShaderFunction {
    let name = signature.name
    let parameters = signature.parameters.map { parameter in
      let role = role(of: parameter)
      // The time since the trigger is seconds on a clock that starts at 0, refused below it as
      // every built-in's is (Documentation/Semantics.md §5.3).
      let isTime = role == .timeSinceTrigger
      return ShaderFunction.Parameter(
        parameter.name, parameter.type, summary: parameter.metalType,
        unit: isTime ? .seconds : nil, validRange: isTime ? .atLeast(0) : nil,
        defaultValue: parameter.defaultValue, role: role)
    }
    let kind = signature.kind
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return ShaderFunction(
      name: name, kind: kind, summary: "\(kind.rawValue) effect compiled from \(file)",
      parameters: parameters
    ) { arguments in
      let frame = SandboxedFrame(
        pool: pool, function: index, path: path, name: name, timeLimit: timeLimit,
        values: arguments.values, binary16: binary16)
      let kernel: EffectKernel
      switch kind {
      case .color:
        kernel = .color { position, color in frame.pixel(position, color: color, layer: nil) }
      case .layer:
        kernel = .layer { position, layer in frame.pixel(position, color: .zero, layer: layer) }
      case .distortion:
        kernel = .distortion { position in
          let q = frame.pixel(position, color: .zero, layer: nil)
          return float2(q.x, q.y)
        }
      case .fill:
        kernel = .fill { position in frame.pixel(position, color: .zero, layer: nil) }
      }
      let rowKernel = RowKernel(
        { run in frame.renderTile(run, rows: 1, destinationStride: 0, sourceStride: 0) },
        tile: { first, rows, destinationStride, sourceStride in
          frame.renderTile(
            first, rows: rows, destinationStride: destinationStride, sourceStride: sourceStride)
        }, allocateTexels: SharedTexels.allocator)
      return (kernel, rowKernel)
    }
  }
}

/// The role a parameter's name and type conventionally have in SwiftUI shaders, so animation
/// and tools can bind it: `float time` (or `elapsedTime`) is the time since the trigger,
/// `float2 size` (or `viewSize`) the view's size, `float4 boundingRect` the bounding rectangle.
private func role(of parameter: MetalSignature.Parameter) -> ShaderFunction.Role? {
  switch (parameter.type, parameter.name) {
  case (.float, "time"), (.float, "elapsedTime"): .timeSinceTrigger
  case (.float2, "size"), (.float2, "viewSize"): .viewSize
  case (.float4, "boundingRect"), (.float4, "bounds"): .boundingRect
  default: nil
  }
}

extension ShaderLibrary {
  /// Compiles the `.metal` file at `url` into a library of its `[[ stitchable ]]` functions,
  /// as SwiftUI's `ShaderLibrary(url:)` loads a compiled Metal library.
  ///
  /// - Parameters:
  ///   - url: A `.metal` source file.
  ///   - options: Precision and cache location.
  /// - Throws: ``MetalCompileError``, as ``MetalLibrary/init(url:options:)``.
  public init(url: URL, options: MetalCompileOptions = MetalCompileOptions())
    throws(MetalCompileError)
  {
    self = try MetalLibrary(url: url, options: options).library
  }

  /// Compiles Metal `source` into a library of its `[[ stitchable ]]` functions.
  ///
  /// - Parameters:
  ///   - metalSource: Metal source text.
  ///   - options: Precision and cache location.
  /// - Throws: ``MetalCompileError``, as ``MetalLibrary/init(source:path:options:)``.
  public init(metalSource: String, options: MetalCompileOptions = MetalCompileOptions())
    throws(MetalCompileError)
  {
    self = try MetalLibrary(source: metalSource, options: options).library
  }
}
