import LayerFX
import LayerFXMath

/// Pixellates the image: every pixel of a square cell shows the colour at the cell's centre.
///
/// ```
/// return (floor(position / cellSize) + 0.5) · cellSize
/// ```
/// A distortion effect with `maxSampleOffset = (cellSize / 2, cellSize / 2)`: a cell's centre
/// is at most half a cell from any of its points. Cells start at the top-left corner, so the
/// last row and column of cells may be partial; their centres can lie outside the image and read
/// the transparent padding, as a SwiftUI view's would.
///
/// Source: `Shaders/DistortionEffects/Pixellate.metal` (LayerFX's own).
public struct Pixellate: DistortionEffect {
  /// The side of a cell, points.
  public var cellSize: Float = 8

  /// Creates the effect with 8-point cells.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Pixellate>] = [
    .float(
      "cellSize", \.cellSize, summary: "side of a cell", unit: .points,
      validRange: .greaterThan(0), suggestedRange: 2...64)
  ]

  /// `(cellSize / 2, cellSize / 2)`: from any point of a cell to its centre.
  public var maxSampleOffset: float2 { float2(repeating: cellSize / 2) }

  /// Where the pixels at `position` read from, line by line as
  /// `Shaders/DistortionEffects/Pixellate.metal`.
  @inlinable @inline(__always)
  public func distort<F: PixelLanes>(position: Vector2<F>) -> Vector2<F> {
    let cell = F(cellSize)
    // The cell this point is in, then that cell's centre.
    return (floor(position / cell) + F(0.5)) * cell
  }
}

extension ShaderFunction {
  /// The pixellation as a shader function: ``Pixellate``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/DistortionEffects/Pixellate.metal`.
  public static let pixellate = ShaderFunction(
    Pixellate.self, name: "pixellate", summary: "square cells of one colour each")
}
