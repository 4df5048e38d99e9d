import Dispatch
import Foundation
import LayerFX
import LayerFXPNG

/// Writes rendered frames as PNG files, each to a temporary file renamed into place, encoding
/// one frame in the background while the next one renders.
///
/// At most two frames are alive at once (the one encoding and the one rendering), so memory
/// does not grow with the number of frames.
///
/// A killed run leaves only complete frames: each frame is written and `fsync`ed under a hidden
/// temporary name (`.frame_0007.png.<random>.tmp`, see `PNGEncoder.write`) and renamed into
/// place. A run killed by SIGKILL during a write cannot remove that temporary file; it never
/// carries a frame's `.png` name and may be deleted.
final class FrameWriter: @unchecked Sendable {
  private let encoder: PNGEncoder
  private let metadata: PNGMetadata
  private let queue = DispatchQueue(label: "layerfx.frame-writer")
  private let slots = DispatchSemaphore(value: 1)
  private let lock = NSLock()
  private var firstError: (any Error)?

  /// The file name of frame `index` (from 0): `frame_0000.png`, … `frame_12345.png`.
  static func frameName(_ index: Int) -> String { String(format: "frame_%04d.png", index) }

  init(encoder: PNGEncoder, metadata: PNGMetadata) {
    self.encoder = encoder
    self.metadata = metadata
  }

  /// Queues `image` to be written to `path`; waits while the previous frame is still encoding.
  ///
  /// - Throws: The first error of an earlier write (``PNGError``), so a failing run stops early.
  func write(_ image: Image, to path: String) throws {
    slots.wait()
    try rethrowFirstError()
    queue.async { [self] in
      defer { slots.signal() }
      do {
        try encoder.write(image, to: path, metadata: metadata)
      } catch {
        lock.withLock { firstError = firstError ?? error }
      }
    }
  }

  /// Waits for every queued frame.
  ///
  /// - Throws: The first write error, if any.
  func finish() throws {
    queue.sync {}
    try rethrowFirstError()
  }

  private func rethrowFirstError() throws {
    if let error = lock.withLock({ firstError }) { throw error }
  }
}
