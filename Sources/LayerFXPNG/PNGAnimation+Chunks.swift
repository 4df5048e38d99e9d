extension PNGAnimation {
  /// Reads the animation from the `acTL` and `fcTL` chunks of a file's chunk list, with a
  /// warning for each of those chunks it ignores and for a frame count that the `fcTL` chunks
  /// do not match.
  ///
  /// An `acTL` counts only before the first `IDAT` (otherwise the file is not an APNG), only
  /// the first one, only at its 8 bytes and only with `num_frames` ≥ 1; an `fcTL` counts only
  /// at its 26 bytes, adding `delay_num / delay_den` seconds (`delay_num / 100` when
  /// `delay_den` is 0). Without a valid `acTL` there is no animation. A chunk whose CRC is bad
  /// is absent from `chunks` and is skipped (`info` warns of it; a decode drops it silently).
  ///
  /// - Parameters:
  ///   - names: The chunk types in file order.
  ///   - chunks: The length of each `acTL` and `fcTL` chunk with a good CRC, by index in
  ///     `names`, and its data when it is at most 26 bytes.
  /// - Returns: The animation, or `nil` for a still PNG; the warnings, in file order.
  ///
  /// Source: PNG Specification (Third Edition, W3C 2025) §11.3.6.1 "acTL Animation Control
  /// Chunk" (8 bytes; `num_frames` 0 is not valid and must equal the number of `fcTL` chunks;
  /// before the first `IDAT`), §11.3.6.2 "fcTL Frame Control Chunk" (26 bytes; `delay_den` 0
  /// is treated as 100), https://www.w3.org/TR/png-3/#animation-information.
  static func read(names: [String], chunks: [Int: (length: Int, data: [UInt8])]) -> (
    animation: PNGAnimation?, warnings: [String]
  ) {
    var control: (frames: Int, plays: Int)?
    var frameControlCount = 0
    var duration = 0.0
    var hasImageData = false
    var warnings: [String] = []
    for (index, name) in names.enumerated() {
      if name == "IDAT" { hasImageData = true }
      guard let (length, bytes) = chunks[index] else { continue }
      if name == "acTL" {
        if control != nil {
          warnings.append("acTL: duplicate, ignored")
        } else if hasImageData {
          warnings.append("acTL: after IDAT, ignored")
        } else if length != 8 {
          warnings.append("acTL: length \(length) instead of 8, ignored")
        } else if bigEndian(bytes[0..<4]) == 0 {
          warnings.append("acTL: 0 frames, which is not valid; ignored")
        } else {
          control = (bigEndian(bytes[0..<4]), bigEndian(bytes[4..<8]))
        }
      } else if name == "fcTL" {
        guard length == 26 else {
          warnings.append("fcTL: length \(length) instead of 26, ignored")
          continue
        }
        // delay_num and delay_den: the 2-byte fields at offsets 20 and 22.
        let denominator = bigEndian(bytes[22..<24])
        duration += Double(bigEndian(bytes[20..<22])) / Double(denominator == 0 ? 100 : denominator)
        frameControlCount += 1
      }
    }
    guard let control else { return (nil, warnings) }
    if control.frames != frameControlCount {
      let frames = control.frames == 1 ? "1 frame" : "\(control.frames) frames"
      let chunks = frameControlCount == 1 ? "1 fcTL chunk" : "\(frameControlCount) fcTL chunks"
      warnings.append("acTL: \(frames), but \(chunks)")
    }
    let animation = PNGAnimation(
      frameCount: control.frames, playCount: control.plays, duration: duration)
    return (animation, warnings)
  }
}

/// The big-endian unsigned number in `bytes` (at most 4 bytes).
private func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
  bytes.reduce(0) { $0 << 8 | Int($1) }
}
