import LayerFXMath

/// The rasterised content that a layer effect samples: SwiftUI's `SwiftUI::Layer`.
///
/// A layer is the source image padded on every side by `pad = ceil(maxSampleOffset × scale)`
/// pixels of transparent black, the region SwiftUI rasterises for an effect with that
/// `maxSampleOffset`. ``sample(_:)->half4`` reads it with bilinear filtering
/// (Documentation/Semantics.md §4).
///
/// A layer is built once per source image and offset and can be shared by every frame and every
/// thread of a render: its texels never change.
///
/// Source: Apple, `SwiftUI::Layer` in `SwiftUI_Metal.h`; Documentation/Semantics.md §4.
public struct Layer: Sendable {
  @usableFromInline let storage: LayerStorage
  @usableFromInline let lowerBound: float2
  @usableFromInline let upperBound: float2
  /// Set while the renderer checks sample offsets; `nil` on the fast path.
  @usableFromInline var probe: SampleProbe?

  /// The widest and tallest image a layer reads: the lane sampler converts coordinates up to two
  /// texels beyond the image with an exact float-to-integer step that holds below 2²².
  public static let maxSide = (1 << 22) - 3

  /// Creates the layer of `image` for an effect that samples at most `maxSampleOffset` away.
  ///
  /// The layer shares the image's pixels: the padding is not stored, since every texel in it is
  /// transparent black (Documentation/Semantics.md §4.1), and a sample reads it as such.
  ///
  /// - Parameters:
  ///   - image: The source, premultiplied RGBA, at most ``maxSide`` pixels wide and high and at
  ///     most `Int32.max` pixels in all.
  ///   - maxSampleOffset: The largest offset (points, per axis, finite, ≥ 0) at which the effect
  ///     samples; the layer is padded by `ceil(maxSampleOffset × scale)` pixels, saturating at
  ///     2³⁰.
  /// - Precondition: Both components of `maxSampleOffset` are finite and ≥ 0, and the image is
  ///   within the sizes above (checked in release builds).
  /// - Complexity: O(1): no pixel is copied and nothing the size of the image is allocated.
  public init(_ image: Image, maxSampleOffset: float2 = .zero) {
    // fatalError rather than precondition: an optimised build prints the message too.
    guard maxSampleOffset.x.isFinite && maxSampleOffset.y.isFinite && all(maxSampleOffset .>= 0)
    else {
      fatalError("maxSampleOffset must be finite and at least 0 points, got \(maxSampleOffset)")
    }
    let pad = SIMD2<Int>(
      Self.padding(points: maxSampleOffset.x, scale: image.scale),
      Self.padding(points: maxSampleOffset.y, scale: image.scale))
    storage = LayerStorage(image, pad: pad)
    // Beyond one texel outside the image every texel of a padded layer is transparent, so
    // clamping to two texels beyond the image reads the same as clamping to the padding's edge
    // (both blend four transparent texels) and keeps coordinates small.
    let size = float2(Float(image.width), Float(image.height))
    let margin = float2(Float(min(pad.x, 2)), Float(min(pad.y, 2)))
    lowerBound = -margin
    upperBound = size - 1 + margin
    probe = nil
  }

  /// `⌈points × scale⌉` pixels, at most 2³⁰ (a padding that large reads as infinite).
  static func padding(points: Float, scale: Float) -> Int {
    Int(min((points * scale).rounded(.up), Float(1 << 30)))
  }

  /// The source image's width in pixels (without padding).
  public var width: Int { storage.width }
  /// The source image's height in pixels (without padding).
  public var height: Int { storage.height }
  /// Pixels per point.
  public var scale: Float { storage.scale }
  /// The transparent padding on each side, in pixels: `ceil(maxSampleOffset × scale)` per axis.
  public var padding: SIMD2<Int> { storage.pad }

  /// Returns the layer's colour at `position`, bilinearly interpolated.
  ///
  /// With `q = position × scale − 0.5` (pixel space of the unpadded image), `q` is clamped to
  /// `[−pad, width − 1 + pad] × [−pad, height − 1 + pad]` and the four premultiplied neighbours
  /// are blended. Samples beyond the padding repeat its edge: transparent black when the padding
  /// is non-zero, the image's own edge pixels when it is zero. A NaN coordinate reads as the
  /// lower bound of its axis.
  ///
  /// - Parameter position: The point to read, in points, origin top-left, y down.
  /// - Returns: Premultiplied RGBA.
  /// - Complexity: O(1); four texel reads.
  ///
  /// Source: Documentation/Semantics.md §4; bilinear filtering as in Metal's `filter::linear` with
  /// clamp-to-edge addressing (Metal Shading Language Specification 3.2, §6.12 "Texture Functions").
  @inlinable
  public func sample(_ position: float2) -> half4 {
    probe?.record(position)
    var q = position * storage.scale - 0.5
    // `!(q >= lower)` is also true for NaN, so a NaN coordinate is pinned too (Int(NaN) traps).
    q.replace(with: lowerBound, where: .!(q .>= lowerBound))
    q.replace(with: upperBound, where: q .> upperBound)
    let cell = q.rounded(.down)
    let weight = q - cell
    let x = Int(cell.x)
    let y = Int(cell.y)
    guard storage.holdsCell(x, y) else {
      return Self.blend(
        storage.texel(x, y), storage.texel(x + 1, y), storage.texel(x, y + 1),
        storage.texel(x + 1, y + 1), weight)
    }
    let row = storage.texels + y * storage.rowLength + x
    let below = row + storage.rowLength
    return Self.blend(row[0], row[1], below[0], below[1], weight)
  }

  /// The bilinear blend of a cell's four texels, top-left first, in the order of operations
  /// Documentation/Semantics.md §4.2 states.
  @inlinable @inline(__always)
  static func blend(
    _ topLeft: half4, _ topRight: half4, _ bottomLeft: half4, _ bottomRight: half4,
    _ weight: float2
  ) -> half4 {
    let top = topLeft + (topRight - topLeft) * weight.x
    let bottom = bottomLeft + (bottomRight - bottomLeft) * weight.x
    return top + (bottom - top) * weight.y
  }
}

extension Layer {
  /// Returns the source pixel in column `x`, row `y` of the unpadded image, or transparent black
  /// outside it: what a colour effect reads.
  @inlinable
  func texel(_ pixel: SIMD2<Int>) -> half4 {
    guard pixel.x >= 0, pixel.x < width, pixel.y >= 0, pixel.y < height else { return .zero }
    return storage.texels[pixel.y * storage.rowLength + pixel.x]
  }
}

/// The texels of a ``Layer``: the source image's own pixels, shared and never written, so one
/// storage serves every thread.
///
/// A padded layer's texel `t(x, y)` (Documentation/Semantics.md §4.2) is the image's pixel inside
/// the image and transparent black outside it; along an axis without padding, the column (or
/// row) just past the image repeats the image's last one, which is what a bilinear read at the
/// upper bound needs (weight 0 on it). Nothing outside the image is stored.
@usableFromInline
final class LayerStorage: @unchecked Sendable {
  /// The image's pixel array, held so that `texels` stays valid: it is never mutated, so its
  /// buffer is never copied, moved or freed while the storage lives (a multi-pass render
  /// re-pads the same pixels for each pass).
  let pixels: [half4]
  @usableFromInline let texels: UnsafePointer<half4>
  /// Texels per row: the image's width.
  @usableFromInline let rowLength: Int
  @usableFromInline let pad: SIMD2<Int>
  @usableFromInline let scale: Float
  @usableFromInline let width: Int
  @usableFromInline let height: Int
  /// The last column and row a texel read clamps to: the image's last along an axis without
  /// padding, beyond the clamped range (so no clamp) along a padded axis.
  @usableFromInline let lastColumn: Int
  @usableFromInline let lastRow: Int
  /// `(width − 1, height − 1)`: a cell whose top-left texel lies below both is wholly inside.
  @usableFromInline let lastInteriorCell: float2
  /// Whether this process takes the AVX-512 paths (``BuildConfiguration/runsAVX512Paths``), so
  /// that sixteen-lane translated runs take `lfx_blend_run16` (``Layer/sampleLanes(_:)``).
  @usableFromInline let blendsRunsAt512Bits: Bool
  private let padded = PaddedTexelsCache()

  init(_ image: Image, pad: SIMD2<Int>) {
    precondition(
      image.width <= Layer.maxSide && image.height <= Layer.maxSide,
      "a layer is at most \(Layer.maxSide) pixels wide and high")
    precondition(image.pixels.count <= Int(Int32.max), "a layer holds at most 2³¹ − 1 texels")
    width = image.width
    height = image.height
    scale = image.scale
    self.pad = pad
    rowLength = image.width
    lastColumn = pad.x == 0 ? image.width - 1 : image.width + 2
    lastRow = pad.y == 0 ? image.height - 1 : image.height + 2
    lastInteriorCell = float2(Float(image.width - 1), Float(image.height - 1))
    blendsRunsAt512Bits = BuildConfiguration.runsAVX512Paths
    pixels = image.pixels
    guard let base = pixels.withUnsafeBufferPointer({ $0.baseAddress }) else {
      preconditionFailure("an image has at least one pixel")
    }
    texels = base
  }

  /// Whether the cell whose top-left texel is `(x, y)` lies wholly inside the image, so its four
  /// texels are read in place.
  @inlinable @inline(__always)
  func holdsCell(_ x: Int, _ y: Int) -> Bool {
    UInt(bitPattern: x) < UInt(bitPattern: width - 1)
      && UInt(bitPattern: y) < UInt(bitPattern: height - 1)
  }

  /// The texel `t(x, y)` of the padded layer for a cell of the clamped range: the image's pixel,
  /// the image's last column or row repeated along an axis without padding, else transparent.
  @inlinable
  func texel(_ x: Int, _ y: Int) -> half4 {
    let column = min(x, lastColumn)
    let row = min(y, lastRow)
    guard column >= 0, column < width, row >= 0, row < height else { return .zero }
    return texels[row * rowLength + column]
  }

  /// The layer as the padded copy a ``RowKernel`` reads, made on first use and kept, in memory
  /// from the kernel's ``RowKernel/allocateTexels`` when it has one.
  func paddedTexels(allocate: RowKernel.Allocator? = nil) -> PaddedTexels {
    padded.value {
      PaddedTexels(pixels, width: width, height: height, pad: pad, allocate: allocate)
    }
  }
}

extension Layer {
  /// The texel of the unpadded image in column `column` of row `row` (both inside the image);
  /// the row's texels follow it.
  func pointer(row: Int, column: Int) -> UnsafePointer<half4> {
    storage.texels + row * storage.rowLength + column
  }
}
