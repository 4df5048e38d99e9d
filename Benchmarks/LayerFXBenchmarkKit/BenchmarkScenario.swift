import LayerFX
import LayerFXMath

/// The arguments a kernel is benchmarked with, chosen from its declaration alone so that every
/// registered kernel can be timed without an entry here.
///
/// A parameter whose role is the time since a trigger gets the benchmark's time (mid-animation,
/// so a time-driven kernel does its full work); a position gets the image's centre in points
/// (where a tap or a focus usually is); the view's size gets the image's size in points (the
/// role's meaning, ``ShaderFunction/Parameter/Role/viewSize``); others get their declared
/// default, or, without one, zero, opaque white, empty arrays, or the source image itself. An
/// argument given by name (`overrides`) replaces that choice.
struct BenchmarkScenario {
  let function: ShaderFunction
  let arguments: [Shader.Argument]

  init(
    _ function: ShaderFunction, source: Image, time: Float,
    overrides: [String: Shader.Argument] = [:]
  ) {
    self.function = function
    let centre = source.sizeInPoints / 2
    arguments = function.parameters.map { parameter in
      if let value = overrides[parameter.name] { return value }
      if parameter.role == .timeSinceTrigger, parameter.type == .float { return .float(time) }
      if parameter.role == .position, parameter.type == .float2 { return .float2(centre) }
      if parameter.role == .viewSize, parameter.type == .float2 {
        return .float2(source.sizeInPoints)
      }
      if let value = parameter.defaultValue { return value }
      switch parameter.type {
      case .float: return .float(0)
      case .float2: return .float2(centre)
      case .float3: return .float3(.zero)
      case .float4: return .float4(.zero)
      case .color: return .color(half4(1, 1, 1, 1))
      case .colorArray: return .colorArray([])
      case .floatArray: return .floatArray([])
      case .data: return .data([])
      case .image: return .image(source)
      }
    }
  }

  var shader: Shader { Shader(function: function, arguments: arguments) }
}
