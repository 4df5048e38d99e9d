import LayerFX
import LayerFXMath

/// Small synthetic images whose every pixel is known in closed form, shared by the test suites.
public enum Fixtures {
  /// The four texels of ``twoByTwo``: premultiplied RGBA, every channel a multiple of 1/4 so
  /// bilinear blends with weights ½ and ¼ are exact in `Float`.
  public static let topLeft = half4(1, 0, 0, 1)
  /// Pixel (1, 0) of ``twoByTwo``: opaque green.
  public static let topRight = half4(0, 1, 0, 1)
  /// Pixel (0, 1) of ``twoByTwo``: opaque blue.
  public static let bottomLeft = half4(0, 0, 1, 1)
  /// Pixel (1, 1) of ``twoByTwo``: half-transparent grey, premultiplied (straight 0.5 grey).
  public static let bottomRight = half4(0.25, 0.25, 0.25, 0.5)

  /// A 2 × 2 image at scale 1: ``topLeft``, ``topRight`` on the top row, ``bottomLeft``,
  /// ``bottomRight`` below.
  public static let twoByTwo = Image(
    width: 2, height: 2, pixels: [topLeft, topRight, bottomLeft, bottomRight])

  /// Returns a linear gradient: pixel `(i, j)` is `(i × step, j × step, 0.5, 1)`.
  ///
  /// Every channel is an affine function of the pixel coordinates, so a bilinear sample at a
  /// pixel-space point `q` inside the image is exactly `(q.x × step, q.y × step, 0.5, 1)`.
  ///
  /// - Parameters:
  ///   - width: Width in pixels, ≥ 1.
  ///   - height: Height in pixels, ≥ 1.
  ///   - step: The change of red per column and of green per row.
  ///   - scale: Pixels per point.
  /// - Returns: An opaque, premultiplied image of `width × height` pixels.
  public static func linearGradient(width: Int, height: Int, step: Float, scale: Float = 1)
    -> Image
  {
    var pixels: [half4] = []
    for j in 0..<height {
      for i in 0..<width {
        pixels.append(half4(Float(i) * step, Float(j) * step, 0.5, 1))
      }
    }
    return Image(width: width, height: height, scale: scale, pixels: pixels)
  }

  /// Returns an image with a radial alpha gradient: opaque at the centre, transparent at the
  /// corners, colours premultiplied.
  ///
  /// Pixel `(i, j)` with centre `c = (width, height) / 2` and `d = |(i + 0.5, j + 0.5) − c| / |c|`
  /// has alpha `a = 1 − d` and straight colour `(u, v, 1 − u)` with `u = (i + 0.5) / width`,
  /// `v = (j + 0.5) / height`, stored premultiplied as `(a u, a v, a (1 − u), a)`.
  ///
  /// - Parameters:
  ///   - width: Width in pixels, ≥ 1.
  ///   - height: Height in pixels, ≥ 1.
  ///   - scale: Pixels per point.
  /// - Returns: A premultiplied image of `width × height` pixels with alpha in [0, 1].
  public static func radialAlpha(width: Int, height: Int, scale: Float = 1) -> Image {
    let size = float2(Float(width), Float(height))
    let centre = size / 2
    var pixels: [half4] = []
    for j in 0..<height {
      for i in 0..<width {
        let p = float2(Float(i) + 0.5, Float(j) + 0.5)
        let alpha = max(0, 1 - length(p - centre) / length(centre))
        let uv = p / size
        pixels.append(half4(uv.x, uv.y, 1 - uv.x, 1) * alpha)
      }
    }
    return Image(width: width, height: height, scale: scale, pixels: pixels)
  }
}
