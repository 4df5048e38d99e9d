import Foundation
import LayerFXMath

extension Image {
  /// Returns LayerFX's built-in test card: an opaque, procedurally drawn image for trying an
  /// effect without a file.
  ///
  /// Drawn per pixel centre `(u, v)` in `[0, 1]²` (x right, y down): a background whose red
  /// rises left to right, green top to bottom and blue along the anti-diagonal; a 1-pixel
  /// near-white grid every 32 pixels; concentric rings (alternating light and dark bands
  /// 16 pixels wide) around the centre over the middle third; and a black-to-white grey ramp
  /// along the bottom eighth. Ripples and distortions show plainly on the grid and the rings.
  ///
  /// - Parameters:
  ///   - width: Width in pixels, ≥ 1.
  ///   - height: Height in pixels, ≥ 1.
  ///   - scale: Pixels per point, > 0.
  /// - Returns: An opaque image (alpha 1), `width × height` pixels.
  /// - Complexity: O(width × height).
  public static func testCard(width: Int, height: Int, scale: Float = 1) -> Image {
    let centre = float2(Float(width), Float(height)) / 2
    let ringRadius = Float(min(width, height)) / 3
    var pixels = [half4](repeating: .zero, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let p = float2(Float(x) + 0.5, Float(y) + 0.5)
        let uv = p / float2(Float(width), Float(height))
        var rgb = float3(uv.x, uv.y, 1 - (uv.x + uv.y) / 2) * 0.8 + 0.1
        let ringDistance = length(p - centre)
        if ringDistance < ringRadius {
          rgb = Int(ringDistance / 16) % 2 == 0 ? float3(0.95, 0.85, 0.2) : float3(0.1, 0.1, 0.3)
        }
        if uv.y > 7 / 8 { rgb = float3(repeating: uv.x) }
        if x % 32 == 0 || y % 32 == 0 { rgb = float3(repeating: 0.97) }
        pixels[y * width + x] = half4(rgb.x, rgb.y, rgb.z, 1)
      }
    }
    return Image(width: width, height: height, scale: scale, pixels: pixels)
  }
}
