import LayerFXMath

/// A run of destination pixels of one row whose taps (``OffsetTapEffect``) each read the layer's
/// interior translated: the texels they read as channel planes, each tap's cells, and where the
/// run's colours go.
///
/// Source: `Documentation/Semantics.md` §4.2.
public struct OffsetTapRun {
  /// The run's pixels, a whole number of batches of eight, at least one.
  public let count: Int
  /// Each tap's cells, in the order of ``OffsetTapEffect/tapOffsets``.
  @usableFromInline let taps: UnsafePointer<OffsetTapCells>
  /// Floats from one channel plane of a texel row to the next.
  @usableFromInline let planeLength: Int
  /// Where the run's first pixel is stored (premultiplied RGBA).
  @usableFromInline let destination: UnsafeMutablePointer<half4>

  init(
    count: Int, taps: UnsafePointer<OffsetTapCells>, planeLength: Int,
    destination: UnsafeMutablePointer<half4>
  ) {
    self.count = count
    self.taps = taps
    self.planeLength = planeLength
    self.destination = destination
  }

  /// The bilinear samples of tap `tap` for the run's pixels `pixel … pixel + 7` as channel
  /// planes: ``Layer/sample(_:)-(float2)`` at each pixel's position plus the tap's offset, bit
  /// for bit.
  ///
  /// Per channel, each texel row is blended across (`left + (right − left) × weight.x`) and the
  /// two rows down (`top + (bottom − top) × weight.y`), in the order of §4.2.
  ///
  /// - Parameters:
  ///   - tap: An index into ``OffsetTapEffect/tapOffsets``.
  ///   - pixel: The first of eight pixels, `0 … count − 8` (not checked).
  /// - Returns: Premultiplied RGBA, one pixel per lane, lane 0 the leftmost.
  @inlinable @inline(__always)
  public func sample(_ tap: Int, at pixel: Int) -> Vector4<FloatLanes8> {
    let cells = taps[tap]
    let weightX = FloatLanes8(loadingFrom: cells.weightX + pixel)
    let weightY = FloatLanes8(cells.weightY)
    @inline(__always) func channel(_ plane: Int) -> FloatLanes8 {
      let top = cells.top + plane * planeLength + pixel
      let bottom = cells.bottom + plane * planeLength + pixel
      let (topLeft, topRight) = (FloatLanes8(loadingFrom: top), FloatLanes8(loadingFrom: top + 1))
      let (bottomLeft, bottomRight) = (
        FloatLanes8(loadingFrom: bottom), FloatLanes8(loadingFrom: bottom + 1)
      )
      let upper = topLeft + (topRight - topLeft) * weightX
      let lower = bottomLeft + (bottomRight - bottomLeft) * weightX
      return upper + (lower - upper) * weightY
    }
    return Vector4(channel(0), channel(1), channel(2), channel(3))
  }

  /// Stores eight colours as the run's pixels `offset … offset + 7`, lane 0 first.
  ///
  /// - Parameters:
  ///   - colour: Premultiplied RGBA as channel planes.
  ///   - offset: The first pixel, `0 … count − 8` (not checked).
  @inlinable @inline(__always)
  public func store(_ colour: Vector4<FloatLanes8>, at offset: Int) {
    Self.store(colour, to: destination + offset)
  }

  /// Eight colours stored at `destination`, out of line: beside a kernel's arithmetic, LLVM
  /// merges the transpose's shuffles into it and splits the eight-lane operations into 128-bit
  /// ones (emboss at 3840 × 2160, 2 threads: 0.065 s a frame inlined, 0.050 s out of line).
  @usableFromInline @inline(never)
  static func store(_ colour: Vector4<FloatLanes8>, to destination: UnsafeMutablePointer<half4>) {
    FloatLanes8._store(colour, to: destination, count: 8)
  }
}

/// One tap's cells over an ``OffsetTapRun``: pixel `p`'s cell has its top-left texel's red at
/// `top + p` (the next column at `+ 1`, the next channel at `+ planeLength`), its lower-left
/// texel's at `bottom + p`, and weights `(weightX[p], weightY)`.
@usableFromInline
struct OffsetTapCells {
  @usableFromInline let top: UnsafePointer<Float>
  @usableFromInline let bottom: UnsafePointer<Float>
  @usableFromInline let weightX: UnsafePointer<Float>
  @usableFromInline let weightY: Float
}
