extension AnimationLimits {
  /// The most bytes an animated PNG of `frames` frames takes: per frame, a whole PNG's worth
  /// of uncompressed image data (``frameFileBytes(width:height:bitDepth:chunkBytes:)``, which
  /// also counts a signature, IHDR and IEND, so it errs high) plus its `fcTL` chunk (26 data
  /// bytes + 12) and a 4-byte sequence number per 8192-byte data chunk; the copied colour
  /// chunks and `acTL` (8 + 12) once.
  ///
  /// - Parameters:
  ///   - frames: How many frames, ≥ 1.
  ///   - width: Pixels.
  ///   - height: Pixels.
  ///   - chunkBytes: The data bytes of the copied colour chunks.
  /// - Returns: Bytes, as `Double` so that no product overflows.
  ///
  /// Source: APNG Specification, "Structure" (`acTL`, `fcTL`, `fdAT`); PNG Specification
  /// (Second Edition) §5.
  public static func animatedPNGBytes(frames: Int, width: Int, height: Int, chunkBytes: Int)
    -> Double
  {
    let frame = frameFileBytes(width: width, height: height, bitDepth: 8, chunkBytes: 0)
    let sequenceNumbers = 4 * (frame / 8192).rounded(.up)
    return Double(frames) * (frame + 38 + sequenceNumbers) + Double(chunkBytes) + 20
  }

  /// The bytes of a raw stream of `frames` frames: `width × height × 4` per frame (8-bit RGBA,
  /// ``RawRGBASink``).
  ///
  /// - Parameters:
  ///   - frames: How many frames.
  ///   - width: Pixels.
  ///   - height: Pixels.
  /// - Returns: Bytes, as `Double`.
  public static func rawStreamBytes(frames: Int, width: Int, height: Int) -> Double {
    Double(frames) * Double(width) * Double(height) * 4
  }

  /// Refuses an animation written as one file at `path` (an animated PNG, a raw stream to a file,
  /// never a pipe, or a contact sheet) when its `bytes`, rounded up to whole blocks, exceed the
  /// free space there, as ``checkFreeSpace(frames:width:height:bitDepth:chunkBytes:directory:)``
  /// does for a PNG sequence.
  ///
  /// - Parameters:
  ///   - bytes: The file's size or an upper bound of it
  ///     (``animatedPNGBytes(frames:width:height:chunkBytes:)``,
  ///     ``rawStreamBytes(frames:width:height:)``).
  ///   - frames: How many frames, for the message.
  ///   - width: Pixels, for the message.
  ///   - height: Pixels, for the message.
  ///   - path: The output file.
  /// - Throws: ``CompositionError/noSpace(_:)`` (exit 73) with both numbers and the ways out.
  public func checkFreeSpace(bytes: Double, frames: Int, width: Int, height: Int, path: String)
    throws(CompositionError)
  {
    guard checksFreeSpace, let space = Self.freeSpace(near: path) else { return }
    let block = Double(max(space.blockSize, 1))
    let needed = (bytes / block).rounded(.up) * block
    guard needed <= Double(space.bytes) else {
      let what =
        frames == 1
        ? "1 frame of \(width) × \(height) pixels needs"
        : "\(frames) frames of \(width) × \(height) pixels need"
      throw .noSpace(
        "\(path): \(what) up to \(Self.bytes(needed)), but only \(Self.bytes(Double(space.bytes))) is free there; "
          + "free some space, render fewer frames (--frames, --fps), or pass --ignore-free-space")
    }
  }
}
