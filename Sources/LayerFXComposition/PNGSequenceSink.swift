import Dispatch
import Foundation
import LayerFX
import LayerFXFiles
import LayerFXPNG

/// Writes an animation's frames as PNG files `DIR/frame_0000.png`, …, encoding up to
/// `concurrentEncodes` frames in the background while the next one renders.
///
/// At most `concurrentEncodes + 1` frames are alive at once, so memory does not grow with the
/// number of frames. Frames are encoded and synced in parallel but named strictly in order
/// (`AtomicFile.prepare(_:for:protecting:followsSymbolicLink:)`, then
/// `PreparedFile.commit()` for frame k only after frame k − 1), so after an error, a signal
/// or SIGKILL the directory holds complete frames 0…k of this run (or first…k of a frame range)
/// and no gap: a frame that
/// failed stops every later one from being named. A symbolic link under a frame name is
/// replaced, never written through. Before the first frame, files named like frames
/// (`frame_DIGITS.png`) and hidden temporaries of a killed run (`.layerfx-HEX.tmp`) are
/// removed, so the directory holds exactly this animation, also after a failure or a kill; a
/// frame range's run keeps the other ranges' frames.
public final class PNGSequenceSink: SampleFrameSink, @unchecked Sendable {
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
  /// Encoded frames waiting for an earlier one before they are named, by index.
  private var ready: [Int: PreparedFile] = [:]
  /// The next frame to name.
  private var nextToCommit: Int
  /// The first frame that failed; it and every later frame stay unnamed.
  private var firstFailedIndex = Int.max
  /// The file of a frame that is the input itself, once one is encoded: every later such frame
  /// is the same bytes (``writeInput(index:samples:)``).
  private var inputFile: [UInt8]?
  /// Samples of encoded frames, for the renderer to store later frames into
  /// (``takeSpareSamples()``); at most `concurrentEncodes`, since each was a frame in flight.
  private var spares: [PNGSamples] = []

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
  ///   - range: The frames this run writes (a ``FrameRange``'s indices; `nil` for the whole
  ///     animation): frames are named in order from its first. Frames of the schedule outside
  ///     it, another range's run's, are kept.
  ///   - protected: Files the command reads, which no frame may replace
  ///     (`AtomicFile.write(_:to:protecting:)`).
  /// - Throws: ``CompositionError/cannotCreateDirectory(path:reason:)`` with the system's
  ///   reason.
  public init(
    directory: String, frameCount: Int, encoder: PNGEncoder = PNGEncoder(),
    metadata: PNGMetadata = PNGMetadata(), concurrentEncodes: Int = 1,
    range: ClosedRange<Int>? = nil, protecting protected: [String] = []
  ) throws(CompositionError) {
    self.protected = protected
    nextToCommit = range?.lowerBound ?? 0
    do {
      try Directory.create(directory)
    } catch {
      switch error {
      case .cannotWrite(_, let reason), .writeFailed(_, let reason):
        throw .cannotCreateDirectory(path: directory, reason: reason)
      case .notRegularFile, .wouldOverwriteInput:
        throw .cannotCreateDirectory(path: directory, reason: "\(error)")
      }
    }
    self.directory = directory.hasSuffix("/") ? directory : directory + "/"
    self.frameCount = frameCount
    self.encoder = encoder
    self.metadata = metadata
    slots = DispatchSemaphore(value: max(1, concurrentEncodes))
    removeStaleFiles(range: range ?? 0...max(0, frameCount - 1))
  }

  /// Whether `name` is a frame file name: `frame_`, four or more digits, `.png`.
  ///
  /// - Parameter name: A file name, without a directory.
  /// - Returns: `true` for `frame_0000.png`, `frame_123456.png`; `false` for `frame_12.png`.
  public static func isFrameName(_ name: String) -> Bool {
    guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return false }
    let digits = name.dropFirst("frame_".count).dropLast(".png".count)
    return digits.count >= 4 && digits.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// Removes the frame files of `range` and those no run of this schedule writes (beyond its
  /// last frame, other digit counts), and hidden temporaries of a killed run
  /// (``LayerFXFiles/Directory/isStaleTemporaryName(_:)``); a file the command reads is kept.
  ///
  /// Run before the first frame, so that whenever this run stops, the frames of `range` in the
  /// directory are the ones it named: an earlier run's frame k is not left beside this run's
  /// frames 0…k − 1.
  private func removeStaleFiles(range: ClosedRange<Int>) {
    for name in Directory.names(in: directory) {
      let isStaleFrame =
        Self.isFrameName(name)
        && Int(name.dropFirst("frame_".count).dropLast(".png".count)).map {
          range.contains($0) || $0 >= frameCount || Self.frameName($0, of: frameCount) != name
        } ?? true
      let isInput = AtomicFile.isSameFile(
        directory + name, asAnyOf: protected, followsSymbolicLink: false)
      // A hidden temporary of a running process (another range's run) is left to it.
      if (isStaleFrame || Directory.isStaleTemporaryName(name)) && !isInput {
        Directory.removeFile(name, in: directory)
      }
    }
  }

  /// The encoder's bits per sample, at which ``write(_:index:)-(PNGSamples,_)`` takes frames.
  public var bitDepth: PNGEncoder.BitDepth { encoder.bitDepth }

  /// Queues frame `index` to be written; waits while every encode slot is busy.
  ///
  /// - Throws: The first error of an earlier write (`PNGError` when encoding,
  ///   ``CompositionError`` when writing), so a failing run stops early.
  public func write(_ image: Image, index: Int) throws {
    try enqueue(index: index) { [encoder, metadata] path throws(PNGError) in
      try encoder.encode(image, metadata: metadata, name: path)
    }
  }

  /// Queues frame `index`, stored as samples at ``bitDepth``, to be written.
  ///
  /// Waits while every encode slot is busy. The file is the one ``write(_:index:)-(Image,_)``
  /// writes for the image the samples were stored from.
  ///
  /// - Throws: As ``write(_:index:)-(Image,_)``.
  public func write(_ samples: PNGSamples, index: Int) throws {
    // The job holds the samples through a box it empties, so that once encoded they move to
    // `spares` with no other reference left (a renderer writing them then copies nothing).
    let box = SamplesBox(samples)
    try enqueue(index: index) { [encoder, metadata, self] path throws(PNGError) in
      let samples = box.take()
      let file = try encoder.encode(samples, metadata: metadata, name: path)
      lock.withLock { spares.append(consume samples) }
      return file
    }
  }

  /// `true`: every frame that is the input is written from one encoded file.
  public var reusesInputFrames: Bool { true }

  /// Samples of a frame already encoded, which nothing else references, or `nil`.
  public func takeSpareSamples() -> PNGSamples? {
    lock.withLock { spares.popLast() }
  }

  /// Queues frame `index`, the input itself, to be written: the file of the first such frame,
  /// encoded from `samples()`, and its bytes again for every later one (the encoder, its
  /// metadata and the input are the same for every frame, so the files are).
  ///
  /// Waits while every encode slot is busy.
  ///
  /// - Throws: As ``write(_:index:)-(Image,_)``.
  public func writeInput(index: Int, samples: () -> PNGSamples) throws {
    if let file = lock.withLock({ inputFile }) {
      try enqueue(index: index) { _ in file }
      return
    }
    let samples = samples()
    try enqueue(index: index) { [self] path throws(PNGError) in
      let file = try encoder.encode(samples, metadata: metadata, name: path)
      lock.withLock { inputFile = file }
      return file
    }
  }

  /// Waits for an encode slot, then encodes frame `index` (`encode` gets its path) in the
  /// background and names it in order.
  private func enqueue(
    index: Int, _ encode: @escaping @Sendable (String) throws(PNGError) -> [UInt8]
  ) throws {
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
        let file = try AtomicFile.prepare(
          encode(path), for: path, protecting: protected, followsSymbolicLink: false)
        try lock.withLock { try commitInOrder(file, index: index) }
      } catch {
        lock.withLock { fail(index: index, error) }
      }
    }
  }

  /// Names `file` (frame `index`) and every waiting frame after it, in order, up to the
  /// first frame that failed.
  ///
  /// Called with `lock` held. Frames before a failed one are still named when they complete;
  /// none after it ever is.
  private func commitInOrder(_ file: PreparedFile, index: Int) throws {
    guard index < firstFailedIndex else { return }
    ready[index] = file
    while nextToCommit < firstFailedIndex, let next = ready.removeValue(forKey: nextToCommit) {
      do {
        try next.commit()
      } catch {
        fail(index: nextToCommit, error)
        return
      }
      nextToCommit += 1
    }
  }

  /// Records that frame `index` failed.
  ///
  /// It and every later frame are dropped (their prepared files removed). Called with `lock`
  /// held.
  private func fail(index: Int, _ error: any Error) {
    firstError = firstError ?? error
    firstFailedIndex = min(firstFailedIndex, index)
    ready = ready.filter { $0.key < firstFailedIndex }
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

/// One frame's samples on their way to an encode job, taken out by it.
private final class SamplesBox: @unchecked Sendable {
  private var samples: PNGSamples?

  init(_ samples: PNGSamples) { self.samples = samples }

  /// Moves the samples out; a job takes them once.
  func take() -> PNGSamples {
    guard let samples = samples.take() else { preconditionFailure("samples taken twice") }
    return samples
  }
}
