import CLayerFXSandbox
import LayerFX
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A layer's padded texels, or a render's scratch tile, in shared memory (a `memfd`), so a
/// shader worker maps the very bytes the renderer made: the layer is never copied for the
/// sandbox, and a tile the worker shades goes straight into the scratch tile the renderer
/// stores from (a PNG frame's path, `Renderer.render(_:storing:into:)`).
///
/// Made by the ``LayerFX/RowKernel/allocateTexels`` (``allocator``, read-only to workers) and
/// ``LayerFX/RowKernel/allocateDestination`` (``destinationAllocator``, writable) of a compiled
/// shader; found again from a pointer a ``LayerFX/RowKernel/Run`` carries (``owning(_:)``,
/// ``containing(_:byteCount:)``). Each has an id, unique in the process, by which workers name
/// their mapping of it. A buffer keeps its role for life, so no worker ever holds a writable
/// mapping of a layer's texels; what a worker can write is pixel values in scratch tiles, which
/// the renderer reads as plain `Float`s.
///
/// A buffer whose layer is gone is kept for the next layer of a size that fits (up to
/// ``idleLimit`` of them), so an animation's frames reuse pages both processes have already
/// touched: a fresh `memfd` costs a page fault per 4 KiB page in each process (anonymous memory
/// gets transparent huge pages, shared memory does not), which was most of the worker's cost.
final class SharedTexels: @unchecked Sendable {
  let id: Int64
  let descriptor: Int32
  let pointer: UnsafeMutableRawPointer
  let byteCount: Int
  /// Whether workers map it writable: a scratch tile they shade into.
  let isWritable: Bool

  private static let nextID = Atomic<Int64>(1)
  /// The live buffers by their start address.
  private static let live = Mutex<[UInt: Weak]>([:])

  private struct Weak { weak var buffer: SharedTexels? }

  /// Buffers no layer or render holds, kept for reuse, by ``isWritable``.
  private static let idle = Mutex<[Bool: [SharedTexels]]>([:])
  /// How many idle buffers are kept.
  static let idleLimit = 4

  /// A layer's or a render's hold on a buffer: returns it to the idle ones when it goes.
  final class Lease {
    let buffer: SharedTexels
    init(_ buffer: SharedTexels) { self.buffer = buffer }
    deinit {
      SharedTexels.idle.withLock { idle in
        idle[buffer.isWritable, default: []].append(buffer)
        if idle[buffer.isWritable, default: []].count > SharedTexels.idleLimit {
          idle[buffer.isWritable]?.removeFirst()
        }
      }
    }
  }

  /// Maps `byteCount` bytes of new shared memory; `nil` when the system refuses.
  init?(byteCount: Int, writable: Bool) {
    var descriptor: Int32 = -1
    guard let pointer = lfx_shared_map(Swift.max(1, byteCount), &descriptor) else { return nil }
    self.id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    self.descriptor = descriptor
    self.pointer = pointer
    self.byteCount = byteCount
    self.isWritable = writable
    Self.live.withLock { $0[UInt(bitPattern: pointer)] = Weak(buffer: self) }
  }

  /// The buffer that starts at `pointer`, if it is one of these.
  static func owning(_ pointer: UnsafeRawPointer) -> SharedTexels? {
    live.withLock { $0[UInt(bitPattern: pointer)]?.buffer }
  }

  /// The buffer that holds all `byteCount` bytes from `pointer`, if one of these does.
  static func containing(_ pointer: UnsafeRawPointer, byteCount: Int) -> SharedTexels? {
    let start = UInt(bitPattern: pointer)
    return live.withLock { live in
      live.first { base, buffer in
        guard let buffer = buffer.buffer, start >= base, byteCount <= buffer.byteCount else {
          return false
        }
        // The size is checked first: `buffer.byteCount - byteCount` must not go below 0.
        return start - base <= UInt(buffer.byteCount - byteCount)
      }?.value.buffer
    }
  }

  /// A ``LayerFX/RowKernel/Allocator`` of layers' texels, read-only to workers.
  static let allocator: RowKernel.Allocator = { bytes in lease(bytes, writable: false) }

  /// A ``LayerFX/RowKernel/Allocator`` of scratch tiles, which workers shade into.
  static let destinationAllocator: RowKernel.Allocator = { bytes in lease(bytes, writable: true) }

  /// An idle buffer of the role with at least `bytes` and at most twice that, else a new one.
  private static func lease(_ bytes: Int, writable: Bool) -> (UnsafeMutableRawPointer, AnyObject)? {
    let reused = idle.withLock { idle -> SharedTexels? in
      guard
        let index = idle[writable]?.firstIndex(where: {
          $0.byteCount >= bytes && $0.byteCount <= 2 * bytes
        })
      else { return nil }
      return idle[writable]?.remove(at: index)
    }
    guard let buffer = reused ?? SharedTexels(byteCount: bytes, writable: writable) else {
      return nil
    }
    return (buffer.pointer, Lease(buffer))
  }

  deinit {
    Self.live.withLock { _ = $0.removeValue(forKey: UInt(bitPattern: pointer)) }
    munmap(pointer, Swift.max(1, byteCount))
    close(descriptor)
  }
}
