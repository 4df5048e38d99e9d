import Foundation
import LayerFX
import LayerFXMath
import LayerFXMetal
import Testing

/// Inferno's shaders compiled unmodified.
///
/// Inferno (github.com/twostraws/Inferno, MIT) is the best-known public SwiftUI shader
/// collection. Opt-in: set `LAYERFX_INFERNO` to a checkout (it is never copied into this
/// repository); skipped otherwise.
@Suite("Inferno's shaders compile and run unmodified")
struct InfernoTests {
  static let root = ProcessInfo.processInfo.environment["LAYERFX_INFERNO"]

  static var files: [URL] {
    guard let root else { return [] }
    let enumerator = FileManager.default.enumerator(
      at: URL(fileURLWithPath: root), includingPropertiesForKeys: nil)
    var files: [URL] = []
    while let url = enumerator?.nextObject() as? URL {
      if url.pathExtension == "metal" { files.append(url) }
    }
    return files.sorted { $0.path < $1.path }
  }

  @Test(
    "every .metal file compiles, and each function renders, with half as float and as binary16",
    .enabled(if: root != nil, "set LAYERFX_INFERNO to an Inferno checkout"),
    arguments: MetalCompileOptions.HalfPrecision.allCases)
  func compileAndRun(half: MetalCompileOptions.HalfPrecision) throws {
    var options = MetalTestSupport.options
    options.half = half
    let files = Self.files
    #expect(!files.isEmpty)
    var functions = 0
    for file in files {
      let library: MetalLibrary
      do {
        library = try MetalLibrary(url: file, options: options)
      } catch {
        Issue.record("\(file.lastPathComponent): \(error)")
        continue
      }
      for function in library.library.functions {
        functions += 1
        let result = try Self.render(function)
        #expect(result.width == 64 && result.height == 48, "\(function.name)")
      }
    }
    // Issue 11's count: 33 files, 34 stitchable functions.
    #expect(functions >= 34, "\(files.count) files, \(functions) functions")
  }

  @Test(
    "every function renders the same bytes with and without the lane form",
    .enabled(if: root != nil, "set LAYERFX_INFERNO to an Inferno checkout"))
  func laneFormSameBytes() throws {
    for file in Self.files {
      var options = MetalTestSupport.options
      options.usesLaneForm = false
      let scalar = try MetalLibrary(url: file, options: options)
      options.usesLaneForm = true
      let laneLibrary = try MetalLibrary(url: file, options: options)
      for function in laneLibrary.library.functions {
        let bits = try [scalar, laneLibrary].map { library in
          try Self.render(library.library.function(named: function.name)).pixels.flatMap {
            [$0.x, $0.y, $0.z, $0.w].map(\.bitPattern)
          }
        }
        #expect(bits[0] == bits[1], "\(function.name) in \(file.lastPathComponent)")
      }
    }
  }

  /// `function` on a 64 × 48 test card (a fill at that size), with fixed arguments of each
  /// type.
  static func render(_ function: ShaderFunction) throws -> Image {
    let image = Image.testCard(width: 64, height: 48)
    let mask = Image.testCard(width: 16, height: 16)
    let arguments: [Shader.Argument] = function.parameters.map { parameter in
      switch parameter.type {
      case .float: .float(0.5)
      case .float2: .float2(float2(64, 48))
      case .float3: .float3(float3(repeating: 0.5))
      case .float4: .boundingRect
      case .color: .color(half4(0.2, 0.4, 0.6, 1))
      case .floatArray: .floatArray([0.25, 0.5])
      case .colorArray: .colorArray([half4(1, 0, 0, 1)])
      case .data: .data([1, 2, 3])
      case .image: .image(mask)
      }
    }
    let shader = Shader(function: function, arguments: arguments)
    switch function.kind {
    case .color: return try image.colorEffect(shader)
    case .layer: return try image.layerEffect(shader, maxSampleOffset: float2(8, 8))
    case .distortion: return try image.distortionEffect(shader, maxSampleOffset: float2(8, 8))
    case .fill:
      let prepared = try shader.prepared(sizeInPoints: float2(64, 48))
      return Renderer().render(RenderRequest(prepared, source: .fill(width: 64, height: 48)))
        .image
    }
  }
}
