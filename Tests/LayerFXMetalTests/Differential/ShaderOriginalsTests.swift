import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXMetal
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// The Metal originals in `Shaders/` as references.
///
/// Each `.metal` file there is compiled and every stitchable function in it compared with its
/// Swift port in `ShaderLibrary.default` (the
/// built-in named the lowerCamel form of the Metal name), with the port's own parameters and
/// defaults. New files are picked up as they are added.
@Suite("Shaders/**/*.metal against their Swift ports")
struct ShaderOriginalsTests {
  static let files = MetalTestSupport.shaderFiles

  /// The images each pair is compared on: the test card, and a photo when the shared test data
  /// is present.
  static func images() throws -> [(name: String, image: Image)] {
    var images = [("test card 256×192", Image.testCard(width: 256, height: 192))]
    if TestData.isAvailable {
      // A 240 × 160 crop of the middle of the photo: real image content at a test's cost.
      let photo = try PNGDecoder().decode(contentsOf: TestData.path("photos/coffee.png")).image
      let (width, height) = (min(240, photo.width), min(160, photo.height))
      let (left, top) = ((photo.width - width) / 2, (photo.height - height) / 2)
      var pixels: [half4] = []
      pixels.reserveCapacity(width * height)
      for y in top..<(top + height) {
        pixels += photo.pixels[(y * photo.width + left)..<(y * photo.width + left + width)]
      }
      images.append(
        ("coffee.png, middle 240×160", Image(width: width, height: height, pixels: pixels)))
    }
    return images
  }

  @Test("the Shaders folder has Metal originals")
  func hasOriginals() {
    #expect(Self.files.contains { $0.lastPathComponent == "Ripple.metal" })
  }

  @Test(
    "each original is within 1/255 of its port on 99.9 % of pixels, 3/255 on all",
    arguments: files)
  func matchesPort(_ file: URL) throws {
    let library = try MetalLibrary(url: file, options: MetalTestSupport.options)
    for metal in library.library.functions {
      let portName = metal.name.prefix(1).lowercased() + metal.name.dropFirst()
      let port = try ShaderLibrary.default.function(named: portName)
      #expect(port.kind == metal.kind, "\(metal.name)")
      for (imageName, image) in try Self.images() {
        let size = float2(Float(image.width), Float(image.height)) / image.scale
        let arguments = Self.arguments(for: port, size: size)
        let portShader = Shader(function: port, namedArguments: arguments)
        let metalShader = Shader(function: metal, namedArguments: arguments)
        let offset = try portShader.prepared(sizeInPoints: size).maxSampleOffset
        let expected: Image
        let actual: Image
        switch port.kind {
        case .color:
          (expected, actual) = (
            try image.colorEffect(portShader), try image.colorEffect(metalShader)
          )
        case .layer:
          expected = try image.layerEffect(portShader, maxSampleOffset: offset)
          actual = try image.layerEffect(metalShader, maxSampleOffset: offset)
        case .distortion:
          expected = try image.distortionEffect(portShader, maxSampleOffset: offset)
          actual = try image.distortionEffect(metalShader, maxSampleOffset: offset)
        case .fill:
          let fill = RenderRequest.Source.fill(
            width: image.width, height: image.height, scale: image.scale)
          let port = try portShader.prepared(sizeInPoints: size)
          let compiled = try metalShader.prepared(sizeInPoints: size)
          expected = Renderer().render(RenderRequest(port, source: fill)).image
          actual = Renderer().render(RenderRequest(compiled, source: fill)).image
        }
        // Documentation/Semantics.md §3's tolerance for every kernel: 1 code on ≥ 99.9 %, 3 codes everywhere.
        let fine = compare(actual, expected, tolerance: 1.0 / 255)
        #expect(fine.mismatchFraction <= 0.001, "\(metal.name) on \(imageName): \(fine)")
        let coarse = compare(actual, expected, tolerance: 3.0 / 255)
        #expect(coarse.mismatchFraction == 0, "\(metal.name) on \(imageName): \(coarse)")
      }
    }
  }

  /// Arguments by name from the port's declaration: defaults, a time a little after the
  /// trigger, positions at the centre, the view's size and bounding rectangle.
  static func arguments(for function: ShaderFunction, size: float2) -> [(
    name: String, value: Shader.Argument
  )] {
    function.parameters.compactMap { parameter in
      switch parameter.role {
      case .timeSinceTrigger: return (parameter.name, .float(0.12))
      case .position: return (parameter.name, .float2(size / 2 - float2(17, 9)))
      case .viewSize: return (parameter.name, .float2(size))
      case .boundingRect: return (parameter.name, .boundingRect)
      case nil: break
      }
      if let value = parameter.defaultValue { return (parameter.name, value) }
      if parameter.type == .float {
        // The middle of the suggested range, else a value the valid range accepts.
        let suggested = parameter.suggestedRange.map { ($0.lowerBound + $0.upperBound) / 2 }
        let lower = parameter.validRange?.lower?.value
        let candidates = [suggested, 0.5, lower.map { $0 + 1 }].compactMap { $0 }
        let valid = candidates.first { parameter.validRange?.contains($0) ?? true }
        return (parameter.name, .float(valid ?? 0.5))
      }
      switch parameter.type {
      case .float: return (parameter.name, .float(0.5))
      case .float2: return (parameter.name, .float2(size / 3))
      case .float3: return (parameter.name, .float3(float3(0.2, 0.5, 0.8)))
      case .float4: return (parameter.name, .float4(float4(0.1, 0.2, 0.3, 0.4)))
      case .color: return (parameter.name, .color(half4(0.1, 0.3, 0.5, 0.8)))
      case .floatArray: return (parameter.name, .floatArray([0.25, 0.5, 0.75]))
      case .colorArray: return (parameter.name, .colorArray([half4(0.5, 0, 0, 0.5)]))
      case .data: return (parameter.name, .data([1, 2, 3, 4]))
      case .image: return (parameter.name, .image(.testCard(width: 32, height: 24)))
      }
    }
  }
}
