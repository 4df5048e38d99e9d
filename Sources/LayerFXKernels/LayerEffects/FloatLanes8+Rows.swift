import LayerFXMath

// Eight floats of a row buffer: what the texel forms (Sobel, bloom) keep per tap row between
// computing a texel's values once and summing them for eight pixels.
extension FloatLanes8 {
  /// The eight floats at `source`, which needs only the alignment of a float.
  @inline(__always)
  init(loadingFrom source: UnsafePointer<Float>) {
    self.init(UnsafeRawPointer(source).loadUnaligned(as: SIMD8<Float>.self))
  }

  /// Stores the eight lanes at `destination`, which needs only the alignment of a float.
  @inline(__always)
  func store(to destination: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(destination).storeBytes(of: simd, as: SIMD8<Float>.self)
  }
}
