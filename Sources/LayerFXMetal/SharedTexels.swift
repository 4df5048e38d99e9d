import CLayerFXSandbox
import LayerFX
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A layer's padded texels in shared memory (a `memfd`), so a shader worker maps the very bytes
/// the renderer made: the layer is never copied for the sandbox.
///
/// Made by the ``LayerFX/RowKernel/allocateTexels`` of a compiled shader; found again from the
/// texel pointer a ``LayerFX/RowKernel/Run`` carries (``owning(_:)``). Each has an id, unique
/// in the process, by which workers name their mapping of it.
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

  private static let nextID = Atomic<Int64>(1)
  /// The live buffers by their start address.
  private static let live = Mutex<[UInt: Weak]>([:])

  private struct Weak { weak var buffer: SharedTexels? }

  /// Buffers no layer holds, kept for reuse.
  private static let idle = Mutex<[SharedTexels]>([])
  /// How many idle buffers are kept.
  static let idleLimit = 4

  /// A layer's hold on a buffer: returns it to the idle ones when the layer's texels go.
  final class Lease {
    let buffer: SharedTexels
    init(_ buffer: SharedTexels) { self.buffer = buffer }
    deinit {
      SharedTexels.idle.withLock { idle in
        idle.append(buffer)
        if idle.count > SharedTexels.idleLimit { idle.removeFirst() }
      }
    }
  }

  /// Maps `byteCount` bytes of new shared memory; `nil` when the system refuses.
  init?(byteCount: Int) {
    var descriptor: Int32 = -1
    guard let pointer = lfx_shared_map(Swift.max(1, byteCount), &descriptor) else { return nil }
    self.id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    self.descriptor = descriptor
    self.pointer = pointer
    self.byteCount = byteCount
    Self.live.withLock { $0[UInt(bitPattern: pointer)] = Weak(buffer: self) }
  }

  /// The buffer that starts at `pointer`, if it is one of these.
  static func owning(_ pointer: UnsafeRawPointer) -> SharedTexels? {
    live.withLock { $0[UInt(bitPattern: pointer)]?.buffer }
  }

  /// A ``LayerFX/RowKernel/Allocator`` that hands these out: an idle one of at least `bytes`
  /// and at most twice that, else a new one.
  static let allocator: RowKernel.Allocator = { bytes in
    let reused = idle.withLock { idle -> SharedTexels? in
      guard
        let index = idle.firstIndex(where: { $0.byteCount >= bytes && $0.byteCount <= 2 * bytes })
      else { return nil }
      return idle.remove(at: index)
    }
    guard let buffer = reused ?? SharedTexels(byteCount: bytes) else { return nil }
    return (buffer.pointer, Lease(buffer))
  }

  deinit {
    Self.live.withLock { _ = $0.removeValue(forKey: UInt(bitPattern: pointer)) }
    munmap(pointer, Swift.max(1, byteCount))
    close(descriptor)
  }
}
