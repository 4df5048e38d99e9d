// Eight floats of a row buffer: what the lane forms that share work between pixels (Sobel and
// bloom's texels, the offset taps' channel planes) keep per row between computing a value once
// and reading it for eight pixels.
extension FloatLanes8 {
  /// The eight floats at `source`, which needs only the alignment of a float.
  @inlinable @inline(__always)
  public init(loadingFrom source: UnsafePointer<Float>) {
    self.init(UnsafeRawPointer(source).loadUnaligned(as: SIMD8<Float>.self))
  }

  /// Stores the eight lanes at `destination`, which needs only the alignment of a float.
  @inlinable @inline(__always)
  public func store(to destination: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(destination).storeBytes(of: simd, as: SIMD8<Float>.self)
  }
}
