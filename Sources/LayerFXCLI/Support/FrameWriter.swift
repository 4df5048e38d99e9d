import Dispatch
import Foundation
import LayerFX
import LayerFXPNG

/// Writes rendered frames as PNG files, each to a temporary file renamed into place, encoding
/// up to `concurrentEncodes` frames in the background while the next one renders.
///
/// At most `concurrentEncodes + 1` frames are alive at once, so memory does not grow with the
/// number of frames. A killed run leaves only complete frames.
final class FrameWriter: @unchecked Sendable {
  private let encoder: PNGEncoder
  private let metadata: PNGMetadata
  private let queue = DispatchQueue(label: "layerfx.frame-writer", attributes: .concurrent)
  private let group = DispatchGroup()
  private let slots: DispatchSemaphore
  private let lock = NSLock()
  private var firstError: (any Error)?

  /// - Parameter concurrentEncodes: How many frames may encode at once (≥ 1).
  init(encoder: PNGEncoder, metadata: PNGMetadata, concurrentEncodes: Int) {
    self.encoder = encoder
    self.metadata = metadata
    slots = DispatchSemaphore(value: max(1, concurrentEncodes))
  }

  /// Queues `image` to be written to `path`; waits while every encode slot is busy.
  ///
  /// - Throws: The first error of an earlier write (``PNGError``), so a failing run stops early.
  func write(_ image: Image, to path: String) throws {
    slots.wait()
    do {
      try rethrowFirstError()
    } catch {
      slots.signal()
      throw error
    }
    queue.async(group: group) { [self] in
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
    group.wait()
    try rethrowFirstError()
  }

  private func rethrowFirstError() throws {
    if let error = lock.withLock({ firstError }) { throw error }
  }
}
