/// A fixed buffer that the tiles of one render write into from several threads.
///
/// The only place unsafe pointers cross threads: every tile writes a disjoint set of indices,
/// and the buffer lives until the render's `concurrentPerform` has returned.
@usableFromInline
struct TileBuffer<Element>: @unchecked Sendable {
  @usableFromInline let buffer: UnsafeMutableBufferPointer<Element>

  init(_ buffer: UnsafeMutableBufferPointer<Element>) {
    self.buffer = buffer
  }

  /// Calls `body` with a buffer of `capacity` uninitialised elements of its own (a worker's
  /// scratch tile), from `allocate` when it gives one (shared memory that a kernel running in
  /// another process writes), else from the heap; freed (or its owner released) when `body`
  /// returns; the buffer must not escape `body`.
  static func withScratch<Result>(
    capacity: Int, allocate: RowKernel.Allocator? = nil, _ body: (TileBuffer) -> Result
  ) -> Result where Element: BitwiseCopyable {
    let bytes = (Swift.max(1, capacity) * MemoryLayout<Element>.stride + 15) & ~15
    if let (pointer, owner) = allocate?(bytes) {
      return withExtendedLifetime(owner) {
        let start = pointer.bindMemory(to: Element.self, capacity: capacity)
        return body(TileBuffer(UnsafeMutableBufferPointer(start: start, count: capacity)))
      }
    }
    let scratch = UnsafeMutableBufferPointer<Element>.allocate(capacity: capacity)
    defer { scratch.deallocate() }
    return body(TileBuffer(scratch))
  }

  /// Calls `body` with a pointer to the `count` elements from `index`, which must lie inside
  /// the buffer (asserted), and `count`; the pointer must not escape `body`.
  @inlinable
  func withPointer(
    at index: Int, count: Int, _ body: (UnsafeMutablePointer<Element>, Int) -> Void
  ) {
    assert(index >= 0 && count >= 0 && index + count <= buffer.count, "tile write out of bounds")
    guard let base = buffer.baseAddress else { return }
    body(base + index, count)
  }

  @inlinable
  subscript(index: Int) -> Element {
    get { buffer[index] }
    nonmutating set { buffer[index] = newValue }
  }
}
