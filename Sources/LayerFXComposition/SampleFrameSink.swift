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
}

extension SampleFrameSink {
  /// `false`: a sink keeps the samples it is given unless it says otherwise.
  public var releasesSamplesOnReturn: Bool { false }
}
