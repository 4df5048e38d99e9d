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

  @inlinable
  subscript(index: Int) -> Element {
    get { buffer[index] }
    nonmutating set { buffer[index] = newValue }
  }
}
