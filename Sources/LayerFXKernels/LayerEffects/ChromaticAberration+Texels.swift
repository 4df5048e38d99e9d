import LayerFX
import LayerFXMath

// The split on texel centres: along the x axis (angle 0, the default, whose cosine and sine are
// exactly 1 and 0) and a whole number of texels, red, green and blue are texels of the pixel's
// own row, read in place eight at a time instead of three bilinear samples a pixel.
extension ChromaticAberration {
  /// `amount` points when the shift is `(±amount, 0)` exactly, so that the three taps are
  /// whole multiples of it along x; `nil` for any other angle.
  public var tapSpacing: Float? {
    let shift = self.shift
    return shift.y == 0 && abs(shift.x) == amount ? amount : nil
  }

  /// One tap on each side along x, none along y.
  public var tapReach: SIMD2<Int> { SIMD2(1, 0) }

  /// Shades the run from its own row's texels: red `stride` texels along the shift, blue as
  /// far against it.
  ///
  /// - Parameter run: At least eight pixels whose taps land on texel centres.
  public func shadeTexels(_ run: TexelRun) {
    // Red's tap is +stride texels when the shift points right, −stride when it points left.
    let ahead = shift.x > 0 ? run.stride : -run.stride
    TexelRun.forEachBatch(of: run.count) { first in
      let colour = Self.split(
        red: run.planes(column: first + ahead, row: 0), green: run.planes(column: first, row: 0),
        blue: run.planes(column: first - ahead, row: 0))
      run.store(colour, at: first)
    }
  }
}
