import CPNGShim

/// An owner of one CPNGShim reader over bytes that outlive it; maps shim statuses to PNGError.
///
/// The bytes are borrowed, so a reader lives only inside the `withUnsafeBytes` closure that
/// created it.
final class PNGReader {
  private let reader: OpaquePointer
  private let name: String
  private let byteCount: Int

  /// Creates a reader that keeps the chunks named in `keptChunkNames` as raw bytes.
  init(bytes: UnsafeRawBufferPointer, name: String, keptChunkNames: [String]) throws(PNGError) {
    self.name = name
    byteCount = bytes.count
    // "gAMA\0cHRM\0…": libpng's chunk-list format, five bytes per name.
    let list = Array(keptChunkNames.map { Array($0.utf8.prefix(4)) + [0] }.joined())
    let created = list.withUnsafeBufferPointer { names in
      names.withMemoryRebound(to: CChar.self) { names in
        lfx_png_reader_create(
          bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count,
          names.baseAddress, keptChunkNames.count)
      }
    }
    guard let created else {
      throw .unreadable(path: name, reason: "out of memory")
    }
    reader = created
  }

  deinit {
    lfx_png_reader_destroy(reader)
  }

  /// Reads the signature, IHDR and the chunks before the first IDAT.
  func readHeader() throws(PNGError) -> lfx_png_header {
    var header = lfx_png_header()
    try check(lfx_png_reader_read_header(reader, &header))
    return header
  }

  /// Decodes every pixel into `rgba` (rows of `rowBytes` bytes) and reads the rest of the file.
  func readRGBA(into rgba: UnsafeMutableRawBufferPointer, rowBytes: Int) throws(PNGError) {
    try check(lfx_png_reader_read_rgba(reader, rgba.baseAddress, rowBytes))
  }

  /// The warnings libpng reported so far.
  var warnings: [String] {
    (0..<lfx_png_reader_warning_count(reader)).map {
      String(cString: lfx_png_reader_warning(reader, $0))
    }
  }

  /// The warning `readRGBA(into:rowBytes:)` gave for a palette index past PLTE (also among
  /// `warnings`), or `nil` when it gave none.
  var paletteWarning: String? {
    let text = String(cString: lfx_png_reader_palette_warning(reader))
    return text.isEmpty ? nil : text
  }

  /// The kept chunks read before the first IDAT, in file order.
  var keptChunks: [PNGChunk] {
    (0..<lfx_png_reader_kept_chunk_count(reader)).map { index in
      var name: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
      var data: UnsafePointer<UInt8>?
      var size = 0
      withUnsafeMutableBytes(of: &name) { nameBytes in
        lfx_png_reader_kept_chunk(
          reader, index, nameBytes.baseAddress?.assumingMemoryBound(to: UInt8.self), &data,
          &size)
      }
      let nameBytes = [name.0, name.1, name.2, name.3]
      let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
      return PNGChunk(name: String(decoding: nameBytes, as: UTF8.self), data: bytes)
    }
  }

  private func check(_ status: lfx_png_status) throws(PNGError) {
    let message = String(cString: lfx_png_reader_message(reader))
    switch status {
    case LFX_PNG_OK:
      return
    case LFX_PNG_NOT_PNG:
      if byteCount == 0 { throw .empty(path: name) }
      throw .notPNG(path: name, message: message)
    case LFX_PNG_TRUNCATED:
      throw .truncated(path: name, byteCount: byteCount)
    case LFX_PNG_OUT_OF_MEMORY:
      throw .unreadable(path: name, reason: message)
    default:
      throw .corrupt(path: name, message: message)
    }
  }
}
