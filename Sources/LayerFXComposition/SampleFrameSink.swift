import LayerFX
import LayerFXPNG

/// A frame sink that takes each frame as the PNG encoder's samples (`LayerFXPNG.PNGSamples`)
/// rather than as a premultiplied `Float` image.
///
/// ``ChainRenderer/render(_:into:frames:overlays:progress:reports:)`` renders each frame's last
/// pass straight into the samples for such a sink (unless debug overlays, which draw on the
/// `Float` image, are on), so a frame waiting for the encoder holds 4 or 8 bytes per pixel
/// instead of 16 + 4 or 8. The samples are those the encoder stores for the `Float` frame, so
/// the files do not change.
///
/// A class, so that the renderer reaches the sink it was given through a cast.
public protocol SampleFrameSink: FrameSink, AnyObject {
  /// The bits per sample the sink encodes.
  var bitDepth: PNGEncoder.BitDepth { get }

  /// Takes frame `index` (from 0) as samples at ``bitDepth``.
  ///
  /// - Parameters:
  ///   - samples: Straight RGBA codes, the animation's frame size.
  ///   - index: The frame's position in the schedule.
  /// - Throws: The sink's own errors (a write that failed).
  func write(_ samples: PNGSamples, index: Int) throws

  /// Whether the sink is done with a frame's samples when ``write(_:index:)`` returns (it has
  /// written or copied them), so the renderer stores the next frame into the same memory
  /// instead of allocating and faulting in fresh pages for each frame; `false` for a sink that
  /// keeps them (one that encodes them in the background).
  var releasesSamplesOnReturn: Bool { get }

  /// Takes frame `index` (from 0), whose samples are the input image's own: no pass drew at its
  /// time, so the frame is the input bit for bit (``ChainRenderer/render(_:)``), or the rendered
  /// samples equal the input's code for code (`LayerFXPNG.PNGSamples.areStored(from:)`).
  /// `samples` gives those samples at ``bitDepth``; a sink calls it only when it has not kept
  /// what it made of an earlier such frame.
  ///
  /// - Parameters:
  ///   - index: The frame's position in the schedule.
  ///   - samples: Stores the input image as samples (the same every call).
  /// - Throws: The sink's own errors (a write that failed).
  func writeInput(index: Int, samples: () -> PNGSamples) throws

  /// Whether the sink does less for a frame that is the input
  /// (``writeInput(index:samples:)``) than for another, so the renderer should look for rendered
  /// frames whose samples equal the input's.
  var reusesInputFrames: Bool { get }

  /// Samples of an earlier frame the sink has finished with and holds no other reference to,
  /// for the renderer to store the next frame into (so a frame faults in no fresh pages), or
  /// `nil`.
  func takeSpareSamples() -> PNGSamples?
}

extension SampleFrameSink {
  /// `false`: a sink keeps the samples it is given unless it says otherwise.
  public var releasesSamplesOnReturn: Bool { false }

  /// `false`: a sink treats the input as any other frame unless it says otherwise.
  public var reusesInputFrames: Bool { false }

  /// `nil`: a sink hands back no samples unless it says otherwise.
  public func takeSpareSamples() -> PNGSamples? { nil }

  /// Writes the input's samples as any other frame, through the sink's `write(_:index:)`.
  public func writeInput(index: Int, samples: () -> PNGSamples) throws {
    try write(samples(), index: index)
  }
}
