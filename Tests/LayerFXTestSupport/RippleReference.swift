import Foundation
import LayerFX
import LayerFXMath

/// An independent float64 implementation of the ripple (Documentation/Semantics.md §5) and of the padded
/// bilinear `Layer.sample` it reads through (Documentation/Semantics.md §4), written from the semantics text
/// only; it shares no code with `LayerFXKernels` or `Layer`.
public struct RippleReference {
  /// The source, premultiplied RGBA.
  public let image: Image
  /// Where the tap landed, points.
  public let origin: SIMD2<Double>
  /// Seconds since the tap.
  public let time: Double
  /// Largest displacement, points.
  public let amplitude: Double
  /// Radians per second.
  public let frequency: Double
  /// Damping per second.
  public let decay: Double
  /// Wave-front speed, points per second.
  public let speed: Double

  /// Creates the reference for one frame; arguments as in Documentation/Semantics.md §5 (points, seconds).
  public init(
    image: Image, origin: SIMD2<Double>, time: Double, amplitude: Double = 12,
    frequency: Double = 15, decay: Double = 8, speed: Double = 1200
  ) {
    self.image = image
    self.origin = origin
    self.time = time
    self.amplitude = amplitude
    self.frequency = frequency
    self.decay = decay
    self.speed = speed
  }

  /// Returns the rippled image, with `maxSampleOffset = (|amplitude|, |amplitude|)` (§5).
  public func render() -> Image {
    let scale = Double(image.scale)
    let pad = Int((abs(amplitude) * scale).rounded(.up))
    var pixels: [half4] = []
    pixels.reserveCapacity(image.width * image.height)
    for j in 0..<image.height {
      for i in 0..<image.width {
        // §2: pixel centres in points.
        let position = SIMD2((Double(i) + 0.5) / scale, (Double(j) + 0.5) / scale)
        let delta = position - origin
        let d = (delta * delta).sum().squareRoot()
        let t = max(0, time - d / speed)
        let amount = amplitude * Foundation.sin(frequency * t) * Foundation.exp(-decay * t)
        let n = d > 0 ? delta / d : SIMD2<Double>.zero
        var color = sample(position + amount * n, pad: pad)
        let shade = amplitude != 0 ? 0.3 * (amount / amplitude) : 0
        color.x += shade * color.w
        color.y += shade * color.w
        color.z += shade * color.w
        pixels.append(half4(Float(color.x), Float(color.y), Float(color.z), Float(color.w)))
      }
    }
    return Image(width: image.width, height: image.height, scale: image.scale, pixels: pixels)
  }

  /// §4: q = p · s − 0.5, clamped to the padded region, bilinear over the padded image.
  private func sample(_ p: SIMD2<Double>, pad: Int) -> SIMD4<Double> {
    let scale = Double(image.scale)
    let lower = Double(-pad)
    let qx = min(max(p.x * scale - 0.5, lower), Double(image.width - 1 + pad))
    let qy = min(max(p.y * scale - 0.5, lower), Double(image.height - 1 + pad))
    let x0 = Foundation.floor(qx)
    let y0 = Foundation.floor(qy)
    let wx = qx - x0
    let wy = qy - y0
    let (ix, iy) = (Int(x0), Int(y0))
    let top = texel(ix, iy, pad: pad) * (1 - wx) + texel(ix + 1, iy, pad: pad) * wx
    let bottom = texel(ix, iy + 1, pad: pad) * (1 - wx) + texel(ix + 1, iy + 1, pad: pad) * wx
    return top * (1 - wy) + bottom * wy
  }

  /// A texel of the padded image: the source inside, transparent black in the padding, and
  /// beyond the padding the padded image's nearest edge texel (only reached with weight 0).
  private func texel(_ x: Int, _ y: Int, pad: Int) -> SIMD4<Double> {
    let cx = min(max(x, -pad), image.width - 1 + pad)
    let cy = min(max(y, -pad), image.height - 1 + pad)
    guard cx >= 0, cx < image.width, cy >= 0, cy < image.height else { return .zero }
    let v = image[cx, cy]
    return SIMD4(Double(v.x), Double(v.y), Double(v.z), Double(v.w))
  }
}
