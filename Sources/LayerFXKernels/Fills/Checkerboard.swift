import LayerFX
import LayerFXMath

/// A checkerboard: squares of `squareSize` points in two colours, `firstColor` at the origin.
///
/// ```
/// cell   = floor(position / squareSize)
/// parity = (cell.x + cell.y) − 2 floor((cell.x + cell.y) / 2)       0 or 1
/// color  = parity == 0 ? firstColor : secondColor
/// ```
/// Each pixel takes the colour of the square its centre lies in (no anti-aliasing), so edges are
/// hard and, with a whole-pixel `squareSize`, exact. Colours are premultiplied RGBA.
///
/// Source: `Shaders/Fills/Checkerboard.metal`.
public struct Checkerboard: Fill {
  /// A square's side, points.
  public var squareSize: Float = 16
  /// The colour of the square at the origin, premultiplied.
  public var firstColor = half4(0.9, 0.9, 0.9, 1)
  /// The other squares' colour, premultiplied.
  public var secondColor = half4(0.6, 0.6, 0.6, 1)

  /// Creates a light grey board of 16-point squares.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Checkerboard>] = [
    .float(
      "squareSize", \.squareSize, summary: "a square's side", unit: .points,
      validRange: .greaterThan(0), suggestedRange: 4...64),
    .color("firstColor", \.firstColor, summary: "the colour of the square at the origin"),
    .color("secondColor", \.secondColor, summary: "the other squares' colour"),
  ]

  /// The board's colour at `position`, line by line as `Shaders/Fills/Checkerboard.metal`.
  @inlinable @inline(__always)
  public func fill<F: PixelLanes>(position: Vector2<F>) -> Vector4<F> {
    let cell = floor(position / F(squareSize))
    // Whole numbers, so the parity is exact.
    let sum = cell.x + cell.y
    let parity = sum - 2 * floor(sum / 2)
    return select(Vector4<F>(firstColor), Vector4<F>(secondColor), parity != 0)
  }
}

extension ShaderFunction {
  /// The checkerboard as a fill: ``Checkerboard``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/Fills/Checkerboard.metal`.
  public static let checkerboard = ShaderFunction(
    Checkerboard.self, name: "checkerboard",
    summary: "squares of two colours, squareSize points on a side")
}
