import Foundation

/// The working image a multi-pass render keeps between its passes, held by the prepared shader
/// so that rendering it again (the next frame, the next repetition) reuses the pixels instead
/// of committing fresh pages.
///
/// A render takes the image out and gives it back when done; a render that finds it taken (the
/// same shader on two threads at once) makes its own. At most one image is kept.
final class PassScratch: @unchecked Sendable {
  private let lock = NSLock()
  private var kept: Image?

  /// Returns the kept image when it has this size and scale, else a new one whose pixels are
  /// left for the pass to write.
  func take(width: Int, height: Int, scale: Float) -> Image {
    let image = lock.withLock {
      defer { kept = nil }
      return kept
    }
    guard let image, image.width == width, image.height == height, image.scale == scale else {
      return Image(uninitializedWidth: width, height: height, scale: scale)
    }
    return image
  }

  /// Keeps `image` for the next render.
  func give(_ image: Image) {
    lock.withLock { kept = image }
  }
}
