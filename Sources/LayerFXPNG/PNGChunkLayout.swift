/// Lists the chunks of a PNG by walking its chunk headers; it decodes nothing.
///
/// Each chunk is a 4-byte big-endian length, a 4-byte type, the data and a 4-byte CRC; the walk
/// starts after the 8-byte signature and stops after `IEND`. CRCs are not checked here: libpng
/// checks them while decoding.
///
/// Source: PNG Specification (Second Edition) §5.3 "Chunk layout".
struct PNGChunkLayout {
  /// The chunk types from `IHDR` to `IEND`, in file order.
  var names: [String] = []
  /// The total data length of the `IDAT` chunks, in bytes.
  var imageDataByteCount = 0

  /// Walks the chunks of the PNG in `bytes`.
  ///
  /// - Throws: ``PNGError/truncated(path:byteCount:)`` when a chunk runs past the end of the
  ///   data or no `IEND` is found.
  init(_ bytes: UnsafeRawBufferPointer, name: String) throws(PNGError) {
    var offset = 8
    while bytes.count - offset >= 12 {
      let length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      names.append(type)
      if type == "IEND" {
        return
      }
      // 12 = length field + type field + CRC field; a length over 2^31 − 1 is invalid anyway.
      guard length <= bytes.count - offset - 12 else { break }
      if type == "IDAT" { imageDataByteCount += length }
      offset += 12 + length
    }
    throw .truncated(path: name, byteCount: bytes.count)
  }
}
