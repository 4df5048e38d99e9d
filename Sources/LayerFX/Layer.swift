import LayerFXMath

/// The rasterised content that a layer effect samples: SwiftUI's `SwiftUI::Layer`.
///
/// A layer is the source image padded on every side by `pad = ceil(maxSampleOffset × scale)`
/// pixels of transparent black, the region SwiftUI rasterises for an effect with that
/// `maxSampleOffset`. ``sample(_:)`` reads it with bilinear filtering (Documentation/Semantics.md §4).
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

  /// Creates the layer of `image` for an effect that samples at most `maxSampleOffset` away.
  ///
  /// - Parameters:
  ///   - image: The source, premultiplied RGBA.
  ///   - maxSampleOffset: The largest offset (points, per axis, finite, ≥ 0) at which the effect
  ///     samples; the layer is padded by `ceil(maxSampleOffset × scale)` pixels.
  /// - Precondition: Both components of `maxSampleOffset` are finite and ≥ 0 (checked in release
  ///   builds): a negative one would give a negative padding and a copy outside the buffer.
  /// - Complexity: O((width + 2 pad) × (height + 2 pad)) time and memory: one padded copy.
  public init(_ image: Image, maxSampleOffset: float2 = .zero) {
    precondition(
      maxSampleOffset.x.isFinite && maxSampleOffset.y.isFinite && all(maxSampleOffset .>= 0),
      "maxSampleOffset must be finite and at least 0 points, got \(maxSampleOffset)")
    let pad = SIMD2<Int>(
      Int((maxSampleOffset.x * image.scale).rounded(.up)),
      Int((maxSampleOffset.y * image.scale).rounded(.up)))
    storage = LayerStorage(image, pad: pad)
    let size = float2(Float(image.width), Float(image.height))
    let padding = float2(Float(pad.x), Float(pad.y))
    lowerBound = -padding
    upperBound = size - 1 + padding
    probe = nil
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
    let x = Int(cell.x) + storage.pad.x
    let y = Int(cell.y) + storage.pad.y
    let row = storage.texels + y * storage.rowLength + x
    let below = row + storage.rowLength
    let top = row[0] + (row[1] - row[0]) * weight.x
    let bottom = below[0] + (below[1] - below[0]) * weight.x
    return top + (bottom - top) * weight.y
  }
}

extension Layer {
  /// Returns the source pixel in column `x`, row `y` of the unpadded image, or transparent black
  /// outside it: what a colour effect reads.
  @inlinable
  func texel(_ pixel: SIMD2<Int>) -> half4 {
    guard pixel.x >= 0, pixel.x < width, pixel.y >= 0, pixel.y < height else { return .zero }
    return storage.texels[(pixel.y + storage.pad.y) * storage.rowLength + pixel.x + storage.pad.x]
  }
}

/// The padded texels of a ``Layer``: immutable once built, so it is shared across threads.
///
/// The buffer is `(width + 2 pad.x + 1) × (height + 2 pad.y + 1)` texels: the padded region plus
/// one column and one row that repeat its last column and row, so a bilinear read at the upper
/// bound (weight 0 on the far neighbour) stays inside the buffer without a branch. It holds at
/// most `Int32.max` texels and is less than 2²² texels wide and high, so lane code can index it
/// with 32-bit lanes.
@usableFromInline
final class LayerStorage: @unchecked Sendable {
  @usableFromInline let texels: UnsafeMutablePointer<half4>
  @usableFromInline let rowLength: Int
  @usableFromInline let pad: SIMD2<Int>
  @usableFromInline let scale: Float
  @usableFromInline let width: Int
  @usableFromInline let height: Int
  let count: Int

  init(_ image: Image, pad: SIMD2<Int>) {
    width = image.width
    height = image.height
    scale = image.scale
    self.pad = pad
    rowLength = image.width + 2 * pad.x + 1
    let rows = image.height + 2 * pad.y + 1
    count = rowLength * rows
    // The lane sampler converts coordinates below 2²² and indexes texels with 32-bit lanes.
    precondition(
      rowLength < 1 << 22 && rows < 1 << 22, "a padded layer is less than 2²² wide and high")
    precondition(count <= Int(Int32.max), "a padded layer holds at most 2³¹ − 1 texels")
    texels = .allocate(capacity: count)
    texels.initialize(repeating: .zero, count: count)
    image.pixels.withUnsafeBufferPointer { source in
      for y in 0..<image.height {
        let destination = texels + (y + pad.y) * rowLength + pad.x
        guard let start = source.baseAddress else { return }
        destination.update(from: start + y * image.width, count: image.width)
      }
    }
    // With no padding the last column and row repeat the image's edge; with padding they are
    // transparent already.
    if pad.x == 0 && image.width > 0 {
      for y in 0..<rows - 1 {
        texels[y * rowLength + rowLength - 1] = texels[y * rowLength + rowLength - 2]
      }
    }
    if pad.y == 0 && image.height > 0 {
      let last = texels + (rows - 1) * rowLength
      last.update(from: last - rowLength, count: rowLength)
    }
  }

  deinit {
    texels.deallocate()
  }
}

extension Layer {
  /// The texel of the unpadded image in column `column` of row `row` (both inside the image);
  /// the row's texels follow it.
  func pointer(row: Int, column: Int) -> UnsafePointer<half4> {
    UnsafePointer(
      storage.texels + (row + storage.pad.y) * storage.rowLength + column + storage.pad.x)
  }
}
