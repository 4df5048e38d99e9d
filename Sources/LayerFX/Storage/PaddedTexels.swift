import Foundation
import LayerFXMath

/// A layer's texels with its padding stored: the layout a ``RowKernel`` (a compiled `.metal`
/// function) reads, made only for such kernels.
///
/// The buffer is `(width + 2 pad.x + 1) × (height + 2 pad.y + 1)` texels: the padded region plus
/// one column and one row that repeat its last column and row, so a bilinear read at the upper
/// bound (weight 0 on the far neighbour) stays inside the buffer without a branch.
///
/// - Complexity: O((width + 2 pad) × (height + 2 pad)) time and memory.
final class PaddedTexels: @unchecked Sendable {
  let texels: UnsafeMutablePointer<half4>
  /// Texels per row: `width + 2 pad.x + 1`.
  let rowLength: Int
  /// What owns `texels` when a row kernel's allocator made them (its memory is freed with it).
  private let owner: AnyObject?

  /// Copies `width × height` premultiplied pixels into the middle of a transparent padded buffer.
  ///
  /// - Precondition: The padded buffer is less than 2²² texels wide and high and holds at most
  ///   `Int32.max` texels (checked in release builds); callers check padded sizes against the
  ///   pixel limit first.
  /// - Parameters:
  ///   - pixels: `width × height` premultiplied pixels, row-major.
  ///   - width: Pixels.
  ///   - height: Pixels.
  ///   - pad: The transparent padding per side, pixels.
  ///   - allocate: Where the texels live (a compiled shader's shared memory), or `nil` (or
  ///     when it returns `nil`) for memory of their own.
  init(
    _ pixels: [half4], width: Int, height: Int, pad: SIMD2<Int>,
    allocate: RowKernel.Allocator? = nil
  ) {
    rowLength = width + 2 * pad.x + 1
    let rows = height + 2 * pad.y + 1
    precondition(
      rowLength < 1 << 22 && rows < 1 << 22, "a padded layer is less than 2²² wide and high")
    let count = rowLength * rows
    precondition(count <= Int(Int32.max), "a padded layer holds at most 2³¹ − 1 texels")
    if let (memory, owner) = allocate?(count * MemoryLayout<half4>.stride) {
      texels = memory.bindMemory(to: half4.self, capacity: count)
      self.owner = owner
    } else {
      texels = .allocate(capacity: count)
      owner = nil
    }
    // Each texel is written once: the padding transparent, the image copied (clearing the
    // whole buffer first wrote every texel of the image twice).
    let firstBelow = (pad.y + height) * rowLength
    texels.initialize(repeating: .zero, count: pad.y * rowLength)
    pixels.withUnsafeBufferPointer { source in
      guard let start = source.baseAddress else { return }
      for y in 0..<height {
        let row = texels + (y + pad.y) * rowLength
        row.initialize(repeating: .zero, count: pad.x)
        (row + pad.x).initialize(from: start + y * width, count: width)
        (row + pad.x + width).initialize(repeating: .zero, count: rowLength - pad.x - width)
      }
    }
    (texels + firstBelow).initialize(repeating: .zero, count: count - firstBelow)
    // With no padding the last column and row repeat the image's edge; with padding they are
    // transparent already.
    if pad.x == 0 {
      for y in 0..<rows - 1 {
        texels[y * rowLength + rowLength - 1] = texels[y * rowLength + rowLength - 2]
      }
    }
    if pad.y == 0 {
      let last = texels + (rows - 1) * rowLength
      last.update(from: last - rowLength, count: rowLength)
    }
  }

  deinit {
    if owner == nil { texels.deallocate() }
  }
}

/// The padded texels of one layer, made by the first caller and shared by the rest.
final class PaddedTexelsCache: @unchecked Sendable {
  private let lock = NSLock()
  private var made: PaddedTexels?

  /// The cached texels, made with `make` on the first call.
  func value(_ make: () -> PaddedTexels) -> PaddedTexels {
    lock.withLock {
      if let made { return made }
      let texels = make()
      made = texels
      return texels
    }
  }
}
