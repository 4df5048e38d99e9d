import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXMetal
import Testing

/// The Metal originals in `Shaders/` compiled with and without the lane form
/// (`MetalLaneForm`): the same bytes, pixel for pixel, on the test card, with their Swift
/// ports' arguments (`ShaderOriginalsTests.arguments`). (Their loops all sample the layer, so
/// today none takes the lane form; the test holds whatever the choice.)
@Suite("Shaders/**/*.metal with and without the lane form")
struct LaneFormOriginalsTests {
  @Test(
    "each original renders the same bytes in lane form as in scalar form",
    arguments: MetalTestSupport.shaderFiles)
  func sameBytes(_ file: URL) throws {
    var options = MetalTestSupport.options
    options.usesLaneForm = false
    let scalar = try MetalLibrary(url: file, options: options)
    options.usesLaneForm = true
    let lanes = try MetalLibrary(url: file, options: options)
    let image = Image.testCard(width: 200, height: 120)
    let size = float2(Float(image.width), Float(image.height)) / image.scale
    for function in lanes.library.functions {
      let portName = function.name.prefix(1).lowercased() + function.name.dropFirst()
      let port = try ShaderLibrary.default.function(named: portName)
      let arguments = ShaderOriginalsTests.arguments(for: port, size: size)
      var rendered: [[UInt32]] = []
      for library in [scalar, lanes] {
        let shader = Shader(
          function: try library.library.function(named: function.name),
          namedArguments: arguments)
        let offset = try Shader(function: port, namedArguments: arguments)
          .prepared(sizeInPoints: size).maxSampleOffset
        let out: Image
        switch function.kind {
        case .color: out = try image.colorEffect(shader)
        case .layer: out = try image.layerEffect(shader, maxSampleOffset: offset)
        case .distortion: out = try image.distortionEffect(shader, maxSampleOffset: offset)
        case .fill:
          let prepared = try shader.prepared(sizeInPoints: size)
          out =
            Renderer().render(
              RenderRequest(
                prepared,
                source: .fill(width: image.width, height: image.height, scale: image.scale))
            ).image
        }
        rendered.append(out.pixels.flatMap { [$0.x, $0.y, $0.z, $0.w].map(\.bitPattern) })
      }
      #expect(rendered[0] == rendered[1], "\(function.name) in \(file.lastPathComponent)")
    }
  }
}
