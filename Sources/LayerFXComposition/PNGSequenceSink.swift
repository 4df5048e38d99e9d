import Dispatch
import Foundation
import LayerFX
import LayerFXFiles
import LayerFXPNG

/// Writes an animation's frames as PNG files `DIR/frame_0000.png`, …, encoding up to
/// `concurrentEncodes` frames in the background while the next one renders.
///
/// At most `concurrentEncodes + 1` frames are alive at once, so memory does not grow with the
/// number of frames. A killed run leaves only complete frames: each frame is written to an
/// unnamed file that gets its name only once complete (``AtomicFile``).
public final class PNGSequenceSink: FrameSink, @unchecked Sendable {
  private let directory: String
  private let frameCount: Int
  private let protected: [String]
  private let encoder: PNGEncoder
  private let metadata: PNGMetadata
  private let queue = DispatchQueue(label: "layerfx.frame-writer", attributes: .concurrent)
  private let group = DispatchGroup()
  private let slots: DispatchSemaphore
  private let lock = NSLock()
  private var firstError: (any Error)?

  /// The file name of frame `index` (from 0) of `count`: `frame_0000.png`, … with at least four
  /// digits and as many as the last frame needs, so names sort in frame order.
  ///
  /// - Parameters:
  ///   - index: The frame, from 0.
  ///   - count: The animation's frame count.
  /// - Returns: The file name, without a directory.
  public static func frameName(_ index: Int, of count: Int) -> String {
    let digits = max(4, String(max(count - 1, 0)).count)
    let number = String(index)
    return "frame_" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
  }

  /// Creates a sink writing `frameCount` frames into `directory`, creating it (and its
  /// parents) when needed.
  ///
  /// - Parameters:
  ///   - directory: The folder, with or without a trailing slash.
  ///   - frameCount: How many frames the animation has (it sets the digits of the names).
  ///   - encoder: Bit depth and compression of every frame.
  ///   - metadata: Colour chunks copied into every frame.
  ///   - concurrentEncodes: How many frames may encode at once (≥ 1).
  ///   - protected: Files the command reads, which no frame may replace
  ///     (``AtomicFile/write(_:to:protecting:)-([UInt8],_,_)``).
  /// - Throws: ``CompositionError/cannotCreateDirectory(path:reason:)``.
  public init(
    directory: String, frameCount: Int, encoder: PNGEncoder = PNGEncoder(),
    metadata: PNGMetadata = PNGMetadata(), concurrentEncodes: Int = 1,
    protecting protected: [String] = []
  ) throws(CompositionError) {
    self.protected = protected
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw .cannotCreateDirectory(path: directory, reason: error.localizedDescription)
    }
    self.directory = directory.hasSuffix("/") ? directory : directory + "/"
    self.frameCount = frameCount
    self.encoder = encoder
    self.metadata = metadata
    slots = DispatchSemaphore(value: max(1, concurrentEncodes))
  }

  /// Queues frame `index` to be written; waits while every encode slot is busy.
  ///
  /// - Throws: The first error of an earlier write (``PNGError`` when encoding,
  ///   ``CompositionError`` when writing), so a failing run stops early.
  public func write(_ image: Image, index: Int) throws {
    let path = directory + Self.frameName(index, of: frameCount)
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
        try AtomicFile.write(
          encoder.encode(image, metadata: metadata, name: path), to: path, protecting: protected)
      } catch {
        lock.withLock { firstError = firstError ?? error }
      }
    }
  }

  /// Waits for every queued frame.
  ///
  /// - Throws: The first write error, if any.
  public func finish() throws {
    group.wait()
    try rethrowFirstError()
  }

  private func rethrowFirstError() throws {
    if let error = lock.withLock({ firstError }) { throw error }
  }
}
