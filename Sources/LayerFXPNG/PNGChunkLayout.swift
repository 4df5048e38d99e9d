import CPNGShim

/// Lists the chunks of a PNG by walking its chunk headers; it decodes nothing.
///
/// Each chunk is a 4-byte big-endian length, a 4-byte type, the data and a 4-byte CRC; the walk
/// starts after the 8-byte signature and stops after `IEND`. With `checksCRC` (``PNGDecoder/inspect(contentsOf:)``,
/// which does not decode the image data) the CRC of every chunk is checked with zlib's CRC-32,
/// and an ancillary chunk's bad CRC and bytes after `IEND` are warnings, the ones decoding
/// gives; when decoding, libpng checks them. The CRCs of `acTL` and `fcTL`, which libpng does
/// not read, are always checked, and those chunks kept for ``PNGAnimation``.
///
/// Source: PNG Specification (Second Edition) §5.3 "Chunk layout".
struct PNGChunkLayout {
  /// The chunk types from `IHDR` to `IEND`, in file order.
  var names: [String] = []
  /// The total data length of the `IDAT` chunks, in bytes.
  var imageDataByteCount = 0
  /// The length of every `acTL` and `fcTL` chunk whose CRC is right (checked whether or not
  /// `checksCRC` is set), by index in ``names``, and its data when it is at most 26 bytes (the
  /// longer of the two chunks), for ``PNGAnimation/read(names:chunks:)``.
  var animationChunks: [Int: (length: Int, data: [UInt8])] = [:]
  /// With `checksCRC`: an ancillary chunk's bad CRC (decoding drops the chunk) and bytes after
  /// `IEND`, in file order, worded as decoding words them.
  var warnings: [String] = []

  /// Walks the chunks of the PNG in `bytes`.
  ///
  /// - Parameters:
  ///   - bytes: The whole PNG file.
  ///   - name: The file's name in errors.
  ///   - checksCRC: Whether a critical chunk (IHDR, PLTE, IDAT, IEND: type starting with an
  ///     upper-case letter) with a bad CRC is an error, and an ancillary one a warning.
  /// - Throws: ``PNGError/truncated(path:byteCount:)`` when a chunk runs past the end of the
  ///   data or no `IEND` is found; ``PNGError/corrupt(path:message:)`` for a bad CRC.
  init(_ bytes: UnsafeRawBufferPointer, name: String, checksCRC: Bool = false) throws(PNGError) {
    var offset = 8
    while bytes.count - offset >= 12 {
      let length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      names.append(type)
      // 12 = length field + type field + CRC field; a length over 2^31 − 1 is invalid anyway.
      guard length <= bytes.count - offset - 12 else { break }
      let isAnimationChunk = type == "acTL" || type == "fcTL"
      if checksCRC || isAnimationChunk {
        let stored = (0..<4).reduce(UInt32(0)) {
          $0 << 8 | UInt32(bytes[offset + 8 + length + $1])
        }
        let computed = bytes.baseAddress.map {
          lfx_png_crc32($0.assumingMemoryBound(to: UInt8.self) + offset + 4, length + 4)
        }
        if computed != stored {
          if checksCRC {
            guard (97...122).contains(bytes[offset + 4]) else {
              throw .corrupt(path: name, message: "\(type): CRC error")
            }
            warnings.append("\(type): CRC error; chunk dropped")
          }
        } else if isAnimationChunk {
          let data = length <= 26 ? Array(bytes[(offset + 8)..<(offset + 8 + length)]) : []
          animationChunks[names.count - 1] = (length, data)
        }
      }
      if type == "IEND" {
        let after = bytes.count - offset - 12 - length
        if checksCRC && after > 0 { warnings.append("\(after) bytes after IEND ignored") }
        return
      }
      if type == "IDAT" { imageDataByteCount += length }
      offset += 12 + length
    }
    throw .truncated(path: name, byteCount: bytes.count)
  }
}
