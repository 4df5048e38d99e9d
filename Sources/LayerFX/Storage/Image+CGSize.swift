import Foundation
import LayerFXMath

// SwiftUI's `maxSampleOffset: CGSize` spelling of the distortion and layer effects, so the
// modifier line of a SwiftUI view compiles unchanged.
//
// Source: Apple, `View.distortionEffect(_:maxSampleOffset:isEnabled:)` and
// `View.layerEffect(_:maxSampleOffset:isEnabled:)`, whose offset is a `CGSize`.
extension Image {
  /// Returns the image with each pixel read from the position `shader` returns for it; as
  /// ``distortionEffect(_:maxSampleOffset:isEnabled:renderer:)-(_,float2,_,_)`` with the
  /// offset as SwiftUI gives it.
  ///
  /// - Parameters:
  ///   - shader: A ``EffectKind/distortion`` shader.
  ///   - maxSampleOffset: Width and height, points, finite and ≥ 0.
  ///   - isEnabled: When `false`, the image is returned unchanged.
  ///   - renderer: Tiling and threading; the output does not depend on them.
  /// - Returns: Premultiplied RGBA of the same size and scale.
  /// - Throws: ``ShaderArgumentError`` as the `float2` form.
  public func distortionEffect(
    _ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true,
    renderer: Renderer = Renderer()
  ) throws(ShaderArgumentError) -> Image {
    try distortionEffect(
      shader, maxSampleOffset: float2(maxSampleOffset), isEnabled: isEnabled, renderer: renderer)
  }

  /// Returns the image with `shader` computing every pixel from the whole layer; as
  /// ``layerEffect(_:maxSampleOffset:isEnabled:renderer:)-(_,float2,_,_)`` with the offset as
  /// SwiftUI gives it.
  ///
  /// - Parameters:
  ///   - shader: A ``EffectKind/layer`` shader.
  ///   - maxSampleOffset: Width and height, points, finite and ≥ 0.
  ///   - isEnabled: When `false`, the image is returned unchanged.
  ///   - renderer: Tiling and threading; the output does not depend on them.
  /// - Returns: Premultiplied RGBA of the same size and scale.
  /// - Throws: ``ShaderArgumentError`` as the `float2` form.
  public func layerEffect(
    _ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true,
    renderer: Renderer = Renderer()
  ) throws(ShaderArgumentError) -> Image {
    try layerEffect(
      shader, maxSampleOffset: float2(maxSampleOffset), isEnabled: isEnabled, renderer: renderer)
  }
}

extension SIMD2 where Scalar == Float {
  /// A size's width and height as `float2(width, height)`, points.
  fileprivate init(_ size: CGSize) { self.init(Float(size.width), Float(size.height)) }
}
