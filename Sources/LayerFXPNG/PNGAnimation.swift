import LayerFX

/// The animation an animated PNG (APNG) declares: its frame count and plays from `acTL`, its
/// length from the `fcTL` delays.
///
/// Source: PNG Specification (Third Edition, W3C 2025) §11.3.6 "Animation information":
/// §11.3.6.1 "acTL Animation Control Chunk" (`num_frames`, `num_plays`), §11.3.6.2 "fcTL Frame
/// Control Chunk" (`delay_num`, `delay_den`), https://www.w3.org/TR/png-3/#animation-information.
public struct PNGAnimation: Sendable, Equatable {
  /// The number of frames, `acTL`'s `num_frames`, ≥ 1.
  public var frameCount: Int
  /// How many times the animation plays, `acTL`'s `num_plays`; 0 means forever.
  public var playCount: Int
  /// One play's length in seconds: the sum over the `fcTL` chunks of
  /// `delay_num / delay_den`, a `delay_den` of 0 counting as 100.
  public var duration: Double

  /// Creates an animation description.
  ///
  /// - Parameters:
  ///   - frameCount: The number of frames, ≥ 1.
  ///   - playCount: How many times the animation plays; 0 for forever.
  ///   - duration: One play's length in seconds, ≥ 0.
  public init(frameCount: Int, playCount: Int, duration: Double) {
    self.frameCount = frameCount
    self.playCount = playCount
    self.duration = duration
  }

  /// The animation as `layerfx info` prints it: `30 frames, 3 s, loops forever`, or
  /// `… plays once`, `… plays 2 times`; the duration in seconds rounded to the millisecond,
  /// without trailing zeros (`1.001 s`, `0.5 s`).
  public var summary: String {
    let frames = frameCount == 1 ? "1 frame" : "\(frameCount) frames"
    let plays =
      switch playCount {
      case 0: "loops forever"
      case 1: "plays once"
      default: "plays \(playCount) times"
      }
    return "\(frames), \(duration.decimalText(places: 3)) s, \(plays)"
  }
}
