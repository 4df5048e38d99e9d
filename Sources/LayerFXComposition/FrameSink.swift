import LayerFX

/// Where an animation's frames go, one after the other: a PNG sequence, a contact sheet, a raw
/// RGBA stream.
///
/// A sink receives frames `0, 1, …, n − 1` in order through ``write(_:index:)`` and then one
/// ``finish()``; each frame is premultiplied RGBA at the input's size and scale.
public protocol FrameSink {
  /// Takes frame `index` (from 0).
  ///
  /// - Parameters:
  ///   - frame: Premultiplied RGBA, the animation's frame size.
  ///   - index: The frame's position in the schedule.
  /// - Throws: The sink's own errors (a write that failed).
  mutating func write(_ frame: Image, index: Int) throws

  /// Completes the output after the last frame.
  ///
  /// - Throws: The sink's own errors.
  mutating func finish() throws
}
