import Foundation
import LayerFX
import LayerFXMath
import LayerFXMetal

/// Renders `shader` on `image` as its kind requires: a colour effect in place, a layer or
/// distortion effect padded by `maxSampleOffset` (default: what the function declares; a
/// compiled `.metal` function declares none, so its layer and distortion effects need one, as
/// SwiftUI's modifiers do), a fill at the image's size.
///
/// A compiled `.metal` function that faults (an integer division by zero, a read out of range,
/// the shader time limit) leaves its rows transparent black and records the fault in
/// `MetalFaults`, which `Image`'s effects, typed to throw `ShaderArgumentError`, cannot
/// throw; this function throws it, so a test never compares, or records, those black rows.
///
/// - Returns: Premultiplied RGBA, the image's size and scale.
/// - Throws: `ShaderArgumentError` for bad arguments, or an unknown function looked
///   up by name (`library.Ripplee(…)`: `unknownFunction` with a did-you-mean), or
///   `ShaderArgumentError.missingMaxSampleOffset(function:kind:)` for a layer or
///   distortion effect without an offset whose function declares none;
///   `MetalFaultError` (`quotient.metal: quotientTint: SIGFPE at row 0; nothing rendered`)
///   when a function of the shader's name faulted during the render (the faults are the
///   process's: another render of a function of that name at the same time counts too).
public func renderEffect(_ shader: Shader, on image: Image, maxSampleOffset: float2? = nil)
  throws -> Image
{
  let earlierFaults = MetalFaults.all.count
  let rendered = try render(shader, on: image, maxSampleOffset: maxSampleOffset)
  let faults = MetalFaults.all.dropFirst(earlierFaults).filter {
    $0.function == shader.function.name
  }
  if let fault = MetalFaults.first(among: faults) {
    throw MetalFaultError(fault: fault, moment: nil, outcome: "nothing rendered")
  }
  return rendered
}

/// The render of `renderEffect(_:on:maxSampleOffset:)`, before its fault check.
private func render(_ shader: Shader, on image: Image, maxSampleOffset: float2?) throws -> Image {
  if maxSampleOffset == nil && shader.function.requiresMaxSampleOffset {
    throw ShaderArgumentError.missingMaxSampleOffset(
      function: shader.function.name, kind: shader.function.kind)
  }
  let prepared = try shader.prepared(sizeInPoints: image.sizeInPoints)
  let offset = maxSampleOffset ?? prepared.maxSampleOffset
  switch shader.function.kind {
  case .color: return try image.colorEffect(shader)
  case .layer: return try image.layerEffect(shader, maxSampleOffset: offset)
  case .distortion: return try image.distortionEffect(shader, maxSampleOffset: offset)
  case .fill:
    return Renderer().render(
      RenderRequest(
        prepared, source: .fill(width: image.width, height: image.height, scale: image.scale))
    ).image
  }
}

/// Renders `shader` on `image` as ``renderEffect(_:on:maxSampleOffset:)-(_,_,float2?)``, with
/// the offset as SwiftUI's modifiers take it (width and height, points).
///
/// - Returns: Premultiplied RGBA, the image's size and scale.
/// - Throws: As the `float2` form.
public func renderEffect(_ shader: Shader, on image: Image, maxSampleOffset: CGSize) throws
  -> Image
{
  try renderEffect(
    shader, on: image,
    maxSampleOffset: float2(Float(maxSampleOffset.width), Float(maxSampleOffset.height)))
}
