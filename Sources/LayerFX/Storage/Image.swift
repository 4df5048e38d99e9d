import LayerFXMath

/// A raster image in LayerFX's working format: premultiplied RGBA, one `half4` per pixel.
///
/// Pixels are stored row-major, top row first, `width × height` of them, each a premultiplied
/// `(r, g, b, a)` with channels in the image's own encoding (sRGB-encoded values stay encoded;
/// nothing is linearised). Values outside [0, 1] may occur inside a pipeline; the store to a
/// file clamps them (Documentation/Semantics.md §3).
///
/// `scale` is pixels per point: a kernel runs once per pixel and pixel `(i, j)` sits at the
/// position `((i + 0.5) / scale, (j + 0.5) / scale)` in points (Documentation/Semantics.md §2).
public struct Image: Sendable, Equatable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// Pixels per point; 1 by default, so one point is one pixel.
  ///
  /// - Precondition: Finite and > 0 (checked whenever it is set, in release builds too).
  public var scale: Float {
    didSet { Self.checkScale(scale) }
  }
  /// The pixels, row-major, `width × height` premultiplied RGBA values.
  ///
  /// - Precondition: Exactly `width × height` of them (checked whenever the array is replaced,
  ///   in release builds too), so no render reads past it.
  public var pixels: [half4] {
    didSet { Self.checkCount(pixels.count, width, height) }
  }

  /// Creates an image from premultiplied RGBA pixels.
  ///
  /// - Parameters:
  ///   - width: The width in pixels, at least 1.
  ///   - height: The height in pixels, at least 1.
  ///   - scale: Pixels per point, finite and greater than 0.
  ///   - pixels: `width × height` premultiplied RGBA values, row-major, top row first.
  /// - Precondition: `pixels.count == width × height`, sizes at least 1, `scale > 0`;
  ///   checked in release builds.
  public init(width: Int, height: Int, scale: Float = 1, pixels: [half4]) {
    Self.checkSize(width, height)
    Self.checkCount(pixels.count, width, height)
    Self.checkScale(scale)
    self.width = width
    self.height = height
    self.scale = scale
    self.pixels = pixels
  }

  /// Creates an image of one colour.
  ///
  /// - Parameters:
  ///   - width: The width in pixels, at least 1.
  ///   - height: The height in pixels, at least 1.
  ///   - scale: Pixels per point, greater than 0.
  ///   - color: The premultiplied RGBA colour of every pixel; transparent black by default.
  public init(width: Int, height: Int, scale: Float = 1, color: half4 = .zero) {
    // Before the array, which traps without a word on a negative count.
    Self.checkSize(width, height)
    self.init(
      width: width, height: height, scale: scale,
      pixels: [half4](repeating: color, count: width * height))
  }

  /// Creates an image whose pixels are left for a renderer to write: every pixel is written
  /// before it is read, so nothing is spent clearing them (the pages are committed as the
  /// render writes them).
  init(uninitializedWidth width: Int, height: Int, scale: Float) {
    self.init(
      width: width, height: height, scale: scale,
      pixels: [half4](unsafeUninitializedCapacity: width * height) { _, initialized in
        initialized = width * height
      })
  }

  /// Clamps each premultiplied channel of every pixel to [0, 1], NaN becoming 0, in place
  /// (`SIMD4.premultipliedClamped()`): how a normalised render target stores one stacked
  /// effect's output for the next.
  ///
  /// The pixels are written through their buffer inside this module, so an image whose pixels
  /// are not shared is not copied (writing `pixels` element by element from another module
  /// copied all of them once, 16 bytes a pixel, `/usr/bin/time -v`).
  ///
  /// Source: `Documentation/Semantics.md` §3.
  ///
  /// - Complexity: O(width × height); allocates nothing unless the pixels are shared.
  public mutating func clampPremultiplied() {
    pixels.withUnsafeMutableBufferPointer { pixels in
      for index in pixels.indices { pixels[index] = pixels[index].premultipliedClamped() }
    }
  }

  /// Runs `body` on the pixels in place, so that code in another module writes them element by
  /// element without copying them: `image.pixels[i] = c` from another module goes through the
  /// property's getter and setter and copies every pixel at each write (the debug overlays were
  /// quadratic in pixels that way).
  ///
  /// - Parameter body: Reads and writes the pixels; it must keep their count.
  /// - Returns: What `body` returns.
  /// - Precondition: The count is still `width × height` afterwards (checked in release).
  /// - Complexity: O(1) besides `body`; copies the pixels only when they are shared.
  public mutating func modifyPixels<Result>(_ body: (inout [half4]) throws -> Result) rethrows
    -> Result
  {
    try body(&pixels)
  }

  /// The size in points: the size in pixels divided by ``scale``.
  public var sizeInPoints: float2 {
    float2(Float(width), Float(height)) / scale
  }

  /// Accesses the pixel in column `x`, row `y` (pixels, origin top-left).
  ///
  /// - Precondition: `0 ≤ x < width`, `0 ≤ y < height`.
  public subscript(x: Int, y: Int) -> half4 {
    get {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel index out of bounds")
      return pixels[y * width + x]
    }
    set {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel index out of bounds")
      pixels[y * width + x] = newValue
    }
  }
}

extension SIMD4 where Scalar == Float {
  /// Returns the premultiplied colour as a normalised render target stores it: each channel
  /// clamped to [0, 1], NaN becoming 0 (the store's first step, and what stacked effects see
  /// between them).
  ///
  /// Whole-vector compares and selects, no branch.
  ///
  /// Source: `Documentation/Semantics.md` §3.
  @inlinable
  public func premultipliedClamped() -> Self {
    // `!(x >= 0)` is true for negatives and for NaN.
    var clamped = self
    clamped.replace(with: 0, where: .!(clamped .>= 0))
    clamped.replace(with: 1, where: clamped .> 1)
    return clamped
  }
}

// The checks of the initialisers and setters. `precondition`'s message is dropped in an
// optimised build, and the engine builds with -O even in debug builds (`Image(width: 0, …)`
// said only "precondition failure"); `fatalError` prints it, with the values.
extension Image {
  fileprivate static func checkSize(_ width: Int, _ height: Int) {
    guard width >= 1 && height >= 1 else {
      fatalError("an image has at least one pixel on each side, got \(width) × \(height)")
    }
  }

  fileprivate static func checkCount(_ count: Int, _ width: Int, _ height: Int) {
    guard count == width * height else {
      fatalError("pixel count must be width × height, got \(count) for \(width) × \(height)")
    }
  }

  fileprivate static func checkScale(_ scale: Float) {
    guard scale.isFinite && scale > 0 else {
      fatalError("scale must be finite and positive, got \(scale)")
    }
  }
}
