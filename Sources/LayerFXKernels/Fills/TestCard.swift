import LayerFX
import LayerFXMath

/// LayerFX's test card as a fill: the picture of `Image.testCard(width:height:)`, drawn in points.
///
/// At each position `p` (points) in a view of `size` points:
/// ```
/// uv    = p / size
/// rgb   = (uv.x, uv.y, 1 − (uv.x + uv.y) / 2) × 0.8 + 0.1         the background
/// d     = length(p − size / 2)
/// rgb   = d < min(size) / 3 ? (floor(d / 16) even ? (0.95, 0.85, 0.2) : (0.1, 0.1, 0.3)) : rgb
/// rgb   = uv.y > 7/8 ? (uv.x, uv.x, uv.x) : rgb                     the grey ramp
/// rgb   = floor(p.x) or floor(p.y) a multiple of 32 ? 0.97 : rgb    the grid
/// color = (rgb, 1)
/// ```
/// At scale 1 (1 point = 1 pixel) this is `Image.testCard` pixel for pixel (a test checks it);
/// at scale s the grid is every 32 points, so the lines are s pixels wide. Every step is exact or
/// the same binary32 operation in both forms, so the lane and per-pixel forms agree bit for bit.
///
/// Source: `Shaders/Fills/TestCard.metal`; `Sources/LayerFX/Image+TestCard.swift`.
public struct TestCard: Fill {
  /// The view's size, points.
  public var size = float2(256, 256)

  /// Creates the card for a 256 × 256-point view.
  public init() {}

  /// The declaration: Metal order, units, roles; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<TestCard>] = [
    .float2(
      "size", \.size, summary: "the view's size", unit: .points, validRange: .greaterThan(0),
      role: .viewSize)
  ]

  /// The card's colour at `position`, line by line as `Shaders/Fills/TestCard.metal`.
  @inlinable
  public func fill<F: PixelLanes>(position: Vector2<F>) -> Vector4<F> {
    let size = Vector2<F>(self.size)
    let uv = position / size
    // The background: red rises left to right, green top to bottom, blue along the anti-diagonal.
    var rgb = Vector3(uv.x, uv.y, 1 - (uv.x + uv.y) / 2) * 0.8 + 0.1
    // Rings 16 points wide over the middle third; d / 16 and its half are exact (powers of 2).
    let ringDistance = length(position - size / 2)
    let band = floor(ringDistance / 16)
    let bandParity: F = band - 2 * floor(band / 2)
    let isEven = bandParity == 0
    let ring = select(Vector3<F>(0.1, 0.1, 0.3), Vector3<F>(0.95, 0.85, 0.2), isEven)
    rgb = select(rgb, ring, ringDistance < F(Swift.min(self.size.x, self.size.y) / 3))
    // The grey ramp along the bottom eighth.
    rgb = select(rgb, Vector3(uv.x), uv.y > F(Float(7) / 8))
    // The grid: the first pixel of every 32.
    let cell = floor(position)
    let column: F = cell.x - 32 * floor(cell.x / 32)
    let row: F = cell.y - 32 * floor(cell.y / 32)
    let onGrid = (column == 0) | (row == 0)
    rgb = select(rgb, Vector3<F>(0.97), onGrid)
    return Vector4(rgb, 1)
  }
}

extension ShaderFunction {
  /// The test card as a fill: ``TestCard``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/Fills/TestCard.metal`.
  public static let testCard = ShaderFunction(
    TestCard.self, name: "testCard",
    summary: "LayerFX's test card (gradient, rings, grey ramp, 32-point grid) as a fill")
}
