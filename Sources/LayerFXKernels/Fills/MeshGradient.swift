import LayerFX
import LayerFXMath

/// A 3 × 3 mesh gradient, SwiftUI's `MeshGradient(width: 3, height: 3, points:colors:)`: nine
/// points in unit coordinates, row by row, each with a colour, and the colour between them
/// blended smoothly.
///
/// ```
/// P[k] = point_k × size, k = 3 row + column         the mesh, in points
/// for each of the four cells (r, c): invert the bilinear map of its corners
///   P[r][c] + u e + v f + u v g = position  (e = P[r][c+1] − P[r][c], f = P[r+1][c] − P[r][c],
///                                            g = P[r][c] − P[r][c+1] + P[r+1][c+1] − P[r+1][c])
///   k2 v² + k1 v + k0 = 0,  k2 = g × f,  k1 = e × f + h × g,  k0 = h × e,  h = position − P[r][c]
///   q = −(k1 + sign(k1) √(k1² − 4 k2 k0)) / 2,  v ∈ {k0 / q, q / k2},  u = (h − v f) / (e + v g)
///   the root with (u, v) in [0, 1]²
/// (s, t) = (c + u, r + v) in [0, 2]²                 where in the mesh the position lies
/// color  = saturate(Σ_{i,j} w_i(s) w_j(t) color_{3j + i})        Catmull-Rom weights per axis
/// outside every cell: transparent                    SwiftUI's default background, .clear
/// ```
/// `a × b = a.x b.y − a.y b.x`. The colour is the tensor product of Catmull-Rom splines through
/// the three colours of each axis (end tangents by repeating the end colour), so it is smooth
/// across the cell edges, which is what SwiftUI's `smoothsColors: true` (its default) asks for;
/// the result is clamped to 0…1 because the spline can overshoot. Colours are premultiplied.
///
/// **Departure:** SwiftUI draws each cell as a Bézier patch whose edges curve through the points;
/// here a cell's edges are straight (a bilinear patch), so a moved point bends the colour field
/// but not the cell outlines. With the points on a regular grid the two agree. `colorArray` and
/// `floatArray` arguments are not kernel parameters today, so the mesh is a fixed 3 × 3 with
/// nine `float2` and nine `color` parameters.
///
/// Source: `Shaders/Fills/MeshGradient.metal`; Apple, `MeshGradient` and WWDC24 "Create custom
/// visual effects with SwiftUI" (the 3 × 3 example whose colours are the defaults here);
/// Catmull–Rom splines (E. Catmull and R. Rom, "A class of local interpolating splines", 1974).
public struct MeshGradient: Fill {
  /// The view's size, points.
  public var size = float2(256, 256)
  /// The mesh's points, unit coordinates, row by row from the top left.
  public var point0 = float2(0, 0)
  /// The top row's middle point.
  public var point1 = float2(0.5, 0)
  /// The top right point.
  public var point2 = float2(1, 0)
  /// The middle row's left point.
  public var point3 = float2(0, 0.5)
  /// The centre point.
  public var point4 = float2(0.5, 0.5)
  /// The middle row's right point.
  public var point5 = float2(1, 0.5)
  /// The bottom left point.
  public var point6 = float2(0, 1)
  /// The bottom row's middle point.
  public var point7 = float2(0.5, 1)
  /// The bottom right point.
  public var point8 = float2(1, 1)
  /// The colour at `point0` (SwiftUI's red), premultiplied.
  public var color0 = half4(1, 0.231, 0.188, 1)
  /// The colour at `point1` (purple).
  public var color1 = half4(0.686, 0.322, 0.871, 1)
  /// The colour at `point2` (indigo).
  public var color2 = half4(0.345, 0.337, 0.839, 1)
  /// The colour at `point3` (orange).
  public var color3 = half4(1, 0.584, 0, 1)
  /// The colour at `point4` (white).
  public var color4 = half4(1, 1, 1, 1)
  /// The colour at `point5` (blue).
  public var color5 = half4(0, 0.478, 1, 1)
  /// The colour at `point6` (yellow).
  public var color6 = half4(1, 0.8, 0, 1)
  /// The colour at `point7` (green).
  public var color7 = half4(0.204, 0.78, 0.349, 1)
  /// The colour at `point8` (mint).
  public var color8 = half4(0, 0.78, 0.745, 1)

  /// Creates the WWDC24 example: a regular 3 × 3 grid, red to mint.
  public init() {}

  /// 32 batches (256 pixels) per block: the body's setup from the arguments (the nine points,
  /// four cells' constants, 36 colour components, about 500 instructions) is redone per block,
  /// 18 % of the lane form's time at the default 8 (perf, 1920 × 1080, one thread).
  @inlinable public static var _batchesPerBlock: Int { 32 }

  /// The declaration: Metal order, units, roles; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<MeshGradient>] = {
    let points: [WritableKeyPath<MeshGradient, float2> & Sendable] = [
      \.point0, \.point1, \.point2, \.point3, \.point4, \.point5, \.point6, \.point7, \.point8,
    ]
    let colors: [WritableKeyPath<MeshGradient, half4> & Sendable] = [
      \.color0, \.color1, \.color2, \.color3, \.color4, \.color5, \.color6, \.color7, \.color8,
    ]
    let size: KernelParameter<MeshGradient> = .float2(
      "size", \.size, summary: "the view's size", unit: .points, validRange: .greaterThan(0),
      role: .viewSize)
    return [size]
      + points.enumerated().map { k, path in
        .float2(
          "point\(k)", path, summary: "mesh point \(k) (row \(k / 3), column \(k % 3))",
          unit: .fraction)
      }
      + colors.enumerated().map { k, path in
        .color("color\(k)", path, summary: "the colour at point\(k)")
      }
  }()

  /// `a × b`, the z component of the cross product of two plane vectors.
  @inlinable @inline(__always)
  static func _cross<F: PixelLanes>(_ a: Vector2<F>, _ b: Vector2<F>) -> F {
    a.x * b.y - a.y * b.x
  }

  /// The cell coordinates `(u, v)` of `p` in the bilinear cell `a, b` (top) `d, c` (bottom),
  /// and whether they lie in `[0, 1]²` (with a margin of 1e-4 for points on an edge).
  @inlinable @inline(__always)
  static func _invert<F: PixelLanes>(
    _ p: Vector2<F>, _ a: float2, _ b: float2, _ c: float2, _ d: float2
  ) -> (u: F, v: F, inside: F.Mask) {
    if let cell = _invertParallelogram(p, a, b, c, d) { return cell }
    let e = Vector2<F>(b - a)
    let f = Vector2<F>(d - a)
    let g = Vector2<F>(a - b + c - d)
    let h = p - Vector2<F>(a)
    let k2 = _cross(g, f)
    let k1 = _cross(e, f) + _cross(h, g)
    let k0 = _cross(h, e)
    // The two roots in the cancellation-free form q = −(k1 + sign(k1) √D) / 2, v = k0 / q and
    // q / k2; for a parallelogram (k2 = 0) the first is the linear equation's −k0 / k1 and the
    // second is infinite. The root whose (u, v) lies in the cell is taken.
    let root = sqrt(max(k1 * k1 - 4 * k2 * k0, 0))
    let q = -0.5 * (k1 + select(-root, root, k1 >= 0))
    let v1 = k0 / q
    let (u1, inside1) = _u(v1, e, f, g, h)
    // k2 is the cell's, the same in every lane. Where it is ±0 (a parallelogram, as every cell
    // of a regular grid), q / k2 is ±∞ or NaN, outside [−1e-4, 1 + 1e-4], so the second root
    // is in no lane's cell and the picks below would take the first root's (u, v) wherever
    // they are used.
    if (k2 == 0).allLanes { return (u1, v1, inside1) }
    let v2 = q / k2
    let (u2, inside2) = _u(v2, e, f, g, h)
    let u = select(u2, u1, inside1)
    let v = select(v2, v1, inside1)
    let inside = inside1 | inside2
    return (u, v, inside)
  }

  /// `(s, t)` set to the mesh coordinates of `p` where no earlier cell holds it and it lies in
  /// the cell `a, b` (top), `d, c` (bottom) at `column`, `row`, and `found` updated to say so.
  @inlinable @inline(__always)
  static func _visit<F: PixelLanes>(
    _ p: Vector2<F>, _ a: float2, _ b: float2, _ c: float2, _ d: float2, column: Float,
    row: Float, _ cell: (s: F, t: F, found: F.Mask)
  ) -> (s: F, t: F, found: F.Mask) {
    let (u, v, inside) = _invert(p, a, b, c, d)
    let takes = inside & !cell.found
    return (
      select(cell.s, F(column) + saturate(u), takes),
      select(cell.t, F(row) + saturate(v), takes),
      cell.found | inside
    )
  }

  /// `u` for a given `v`, from the component of `e + v g` with the larger magnitude, and whether
  /// `(u, v)` lies in `[0, 1]²` with a margin of 1e-4 (points on an edge).
  @inlinable @inline(__always)
  static func _u<F: PixelLanes>(
    _ v: F, _ e: Vector2<F>, _ f: Vector2<F>, _ g: Vector2<F>, _ h: Vector2<F>
  ) -> (F, F.Mask) {
    let ux = e.x + g.x * v
    let uy = e.y + g.y * v
    // One division of the picked numerator by the picked denominator: the same quotient as
    // picking between the two quotients, at half the divisions.
    let usesX = abs(ux) >= abs(uy)
    let u = select(h.y - f.y * v, h.x - f.x * v, usesX) / select(uy, ux, usesX)
    return (u, _inCell(u, v))
  }

  /// Whether `(u, v)` lies in `[0, 1]²` with a margin of 1e-4 (points on an edge).
  @inlinable @inline(__always)
  static func _inCell<F: PixelLanes>(_ u: F, _ v: F) -> F.Mask {
    let margin: F = 1e-4
    return (u >= -margin) & (u <= 1 + margin) & (v >= -margin) & (v <= 1 + margin)
  }

  /// The Catmull-Rom weights of the three nodes of an axis at `s` in `[0, 2]`.
  @inlinable @inline(__always)
  static func _weights<F: PixelLanes>(_ s: F) -> (F, F, F) {
    let isFirst = s < 1
    let t = select(s - 1, s, isFirst)
    let t2 = t * t
    let t3 = t2 * t
    let wBefore = (-t3 + 2 * t2 - t) * 0.5
    let wStart = (3 * t3 - 5 * t2 + 2) * 0.5
    let wEnd = (-3 * t3 + 4 * t2 + t) * 0.5
    let wAfter = (t3 - t2) * 0.5
    // Segment 0 runs node 0 → 1 (node 0 repeated before it), segment 1 node 1 → 2 (node 2 after).
    return (
      select(wBefore, wBefore + wStart, isFirst),
      select(wStart, wEnd, isFirst),
      select(wEnd + wAfter, wAfter, isFirst)
    )
  }

  /// The mesh's colour at `position`, line by line as `Shaders/Fills/MeshGradient.metal` but for
  /// the order of the cells (the same cell wins).
  @inlinable @inline(__always)
  public func fill<F: PixelLanes>(position: Vector2<F>) -> Vector4<F> {
    let (p0, p1, p2) = (point0 * size, point1 * size, point2 * size)
    let (p3, p4, p5) = (point3 * size, point4 * size, point5 * size)
    let (p6, p7, p8) = (point6 * size, point7 * size, point8 * size)
    // The four cells, first to last, each lane keeping the first cell that holds it: the cell
    // the .metal's visits, last to first and each overwriting, leave. Once every lane has its
    // cell the rest are skipped. (A comparison with itself by `<` is false in every lane, NaN
    // or not.)
    var cell = (s: F(0), t: F(0), found: position.x < position.x)
    cell = Self._visit(position, p0, p1, p4, p3, column: 0, row: 0, cell)
    if !cell.found.allLanes {
      cell = Self._visit(position, p1, p2, p5, p4, column: 1, row: 0, cell)
    }
    if !cell.found.allLanes {
      cell = Self._visit(position, p3, p4, p7, p6, column: 0, row: 1, cell)
    }
    if !cell.found.allLanes {
      cell = Self._visit(position, p4, p5, p8, p7, column: 1, row: 1, cell)
    }
    let (s, t, found) = cell
    let (wx0, wx1, wx2) = Self._weights(s)
    let (wy0, wy1, wy2) = Self._weights(t)
    let top = Vector4<F>(color0) * wx0 + Vector4<F>(color1) * wx1 + Vector4<F>(color2) * wx2
    let middle = Vector4<F>(color3) * wx0 + Vector4<F>(color4) * wx1 + Vector4<F>(color5) * wx2
    let bottom = Vector4<F>(color6) * wx0 + Vector4<F>(color7) * wx1 + Vector4<F>(color8) * wx2
    let color = saturate(top * wy0 + middle * wy1 + bottom * wy2)
    // Outside the mesh: SwiftUI's default background, clear.
    return select(Vector4<F>(0), color, found)
  }
}

extension ShaderFunction {
  /// The 3 × 3 mesh gradient as a fill: ``MeshGradient``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/Fills/MeshGradient.metal`.
  public static let meshGradient = ShaderFunction(
    MeshGradient.self, name: "meshGradient",
    summary: "SwiftUI's MeshGradient, 3 × 3: nine unit points with colours, blended smoothly")
}
