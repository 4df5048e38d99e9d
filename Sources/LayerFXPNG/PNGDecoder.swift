import CPNGShim
import Foundation
import LayerFX
import LayerFXFiles

/// Decodes PNG files into LayerFX images with libpng, or reads just their header.
///
/// Every colour type and bit depth decodes to premultiplied RGBA `Float` pixels: each channel
/// is `sample / (2^depth − 1)`, where 1-, 2- and 4-bit grey is first scaled to 8 bits by libpng
/// and palette entries are 8-bit; colour is then multiplied by alpha. A tRNS chunk makes the
/// matching grey or RGB value (or palette entries) transparent. Samples pass through as stored:
/// no gamma, no ICC profile, no sBIT rescaling (Documentation/Semantics.md §3); the colour chunks are kept in
/// ``PNGDecoded/metadata``. 16-bit samples keep their 16 bits. Adam7 images are de-interlaced.
///
/// Source: PNG Specification (Second Edition) §13.12 "Sample depth rescaling", §11.3.2.1
/// "tRNS Transparency"; libpng 1.6 manual, "Transformations" (`png_set_expand`,
/// `png_set_gray_to_rgb`, `png_set_add_alpha`).
public struct PNGDecoder: Sendable {
  /// The default ``maxPixelCount``: 100 million pixels (1.6 GB of `Float` pixels).
  public static let defaultMaxPixelCount = 100_000_000

  /// The largest `width × height` the decoder accepts, in pixels.
  ///
  /// IHDR is checked against it before anything proportional to the image is allocated, so a
  /// small file that declares a huge image (a decompression bomb) is rejected quickly.
  public var maxPixelCount: Int

  /// The largest file, in bytes, that ``decode(contentsOf:)`` and ``inspect(contentsOf:)``
  /// read: `9 × maxPixelCount + 64 MiB`.
  ///
  /// A PNG of `maxPixelCount` pixels stored without compression at 16-bit RGBA holds 8 bytes
  /// per pixel, a filter byte per row and deflate's 5 bytes per 65 535 stored; 9 bytes per pixel
  /// bound that, and 64 MiB leave room for ancillary chunks (an ICC profile, text). The size is
  /// checked with fstat(2) before anything is allocated, so a huge (or sparse) file is refused
  /// at once.
  ///
  /// Source: PNG Specification (Second Edition) §7.3 "Filtering", §10 "Compression"; RFC 1951
  /// §3.2.4 (stored blocks).
  public var maxFileByteCount: Int {
    let pixels = max(maxPixelCount, 0).multipliedReportingOverflow(by: 9)
    let total = pixels.partialValue.addingReportingOverflow(64 << 20)
    return pixels.overflow || total.overflow ? Int.max - 1 : total.partialValue
  }

  /// The widest and tallest image the decoder accepts, in pixels: 1,000,000, the most that
  /// ``PNGEncoder`` can write (libpng's default `PNG_USER_WIDTH_MAX` and `PNG_USER_HEIGHT_MAX`),
  /// so an image that could not be written is refused before it is decoded.
  ///
  /// Source: libpng 1.6 manual, "Setting limits" (`png_set_user_limits`); `pnglibconf.h`.
  public static let maxSide = 1_000_000

  /// Creates a decoder.
  ///
  /// - Parameter maxPixelCount: The largest `width × height` to accept, in pixels, at least 1;
  ///   100 million by default.
  public init(maxPixelCount: Int = PNGDecoder.defaultMaxPixelCount) {
    self.maxPixelCount = maxPixelCount
  }

  /// Decodes the PNG file at `path`.
  ///
  /// - Parameter path: A file path, absolute or relative to the working directory, or `-`
  ///   for standard input (named `<stdin>` in errors); read through
  ///   `LayerFXFiles.InputFile` (regular files only, at most ``maxFileByteCount`` bytes).
  /// - Returns: The premultiplied RGBA image (scale 1, size from IHDR), the header and chunk
  ///   list, the colour chunks and libpng's warnings.
  /// - Throws: `PNGError`: ``PNGError/fileNotFound(path:)``,
  ///   ``PNGError/unreadable(path:reason:)``, ``PNGError/fileTooLarge(path:byteCount:limit:)``,
  ///   ``PNGError/readFailed(path:reason:)``, ``PNGError/notPNG(path:message:)``,
  ///   ``PNGError/corrupt(path:message:)``, ``PNGError/truncated(path:byteCount:)``,
  ///   ``PNGError/tooLarge(path:width:height:limit:)``,
  ///   ``PNGError/sideTooLong(path:width:height:limit:)``,
  ///   ``PNGError/imageDataTooShort(path:byteCount:width:height:)``.
  /// - Complexity: O(width × height); reads the whole file, then allocates 4 or 8 bytes per
  ///   pixel for libpng's samples (committed only as rows are decoded) and 16 for the image.
  public func decode(contentsOf path: String) throws(PNGError) -> PNGDecoded {
    try decode(
      PNGFile.contents(atPath: path, limit: maxFileByteCount),
      name: path == "-" ? InputFile.standardInputName : path)
  }

  /// Decodes a PNG held in memory.
  ///
  /// - Parameters:
  ///   - bytes: The whole PNG file, e.g. `Data` or `[UInt8]`.
  ///   - name: The name used in error messages, e.g. the file the bytes came from.
  /// - Returns: The same as ``decode(contentsOf:)``.
  /// - Throws: `PNGError`: ``PNGError/notPNG(path:message:)``,
  ///   ``PNGError/corrupt(path:message:)``, ``PNGError/truncated(path:byteCount:)``,
  ///   ``PNGError/tooLarge(path:width:height:limit:)``,
  ///   ``PNGError/sideTooLong(path:width:height:limit:)``,
  ///   ``PNGError/imageDataTooShort(path:byteCount:width:height:)``, each naming `name`.
  /// - Complexity: O(width × height); allocates 4 or 8 bytes per pixel for libpng's samples
  ///   and 16 for the image.
  public func decode(_ bytes: some ContiguousBytes, name: String = "<memory>") throws(PNGError)
    -> PNGDecoded
  {
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(PNGError) in try decode(buffer: buffer, name: name) }
    }.get()
  }

  /// Reads the header and the chunk list of the PNG file at `path`, decoding the pixels of a
  /// palette image only.
  ///
  /// libpng checks the signature and every chunk before the first IDAT (CRCs included); the
  /// chunks from IDAT on are listed and their CRCs checked, their data not inflated, except in
  /// a palette image (colour type 3) that ``decode(contentsOf:)`` would accept: its pixels are
  /// decoded, so that an index past PLTE gives the warning decoding gives. The file may hold at
  /// most ``maxFileByteCount`` bytes.
  ///
  /// - Parameter path: A file path, absolute or relative to the working directory, or `-`
  ///   for standard input.
  /// - Returns: The IHDR fields, the chunk types from `IHDR` to `IEND`, and the warnings.
  /// - Throws: `PNGError`: ``PNGError/fileNotFound(path:)``,
  ///   ``PNGError/unreadable(path:reason:)``, ``PNGError/fileTooLarge(path:byteCount:limit:)``,
  ///   ``PNGError/readFailed(path:reason:)``, ``PNGError/notPNG(path:message:)``,
  ///   ``PNGError/corrupt(path:message:)``, ``PNGError/truncated(path:byteCount:)``.
  /// - Complexity: O(file size), allocating nothing proportional to the image; for a palette
  ///   image O(width × height) too, with 4 bytes per pixel while its pixels are checked.
  public func inspect(contentsOf path: String) throws(PNGError) -> PNGInfo {
    try inspect(
      PNGFile.contents(atPath: path, limit: maxFileByteCount),
      name: path == "-" ? InputFile.standardInputName : path)
  }

  /// Reads the header and the chunk list of a PNG held in memory, decoding the pixels of a
  /// palette image only (as ``inspect(contentsOf:)`` does).
  ///
  /// - Parameters:
  ///   - bytes: The whole PNG file, e.g. `Data` or `[UInt8]`.
  ///   - name: The name used in error messages.
  /// - Returns: The same as ``inspect(contentsOf:)``.
  /// - Throws: `PNGError`: ``PNGError/notPNG(path:message:)``,
  ///   ``PNGError/corrupt(path:message:)``, ``PNGError/truncated(path:byteCount:)``.
  public func inspect(_ bytes: some ContiguousBytes, name: String = "<memory>") throws(PNGError)
    -> PNGInfo
  {
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(PNGError) in
        let reader = try PNGReader(bytes: buffer, name: name, keptChunkNames: [])
        let header = try reader.readHeader()
        let layout = try PNGChunkLayout(buffer, name: name, checksCRC: true)
        var info = try info(header, layout: layout, name: name)
        if let warning = paletteWarning(header, reader: reader, layout: layout, name: name) {
          info.warnings.append(warning)
        }
        return info
      }
    }.get()
  }

  private func decode(buffer: UnsafeRawBufferPointer, name: String) throws(PNGError)
    -> PNGDecoded
  {
    let reader = try PNGReader(
      bytes: buffer, name: name, keptChunkNames: PNGMetadata.colorChunkNames)
    let header = try reader.readHeader()
    let width = Int(header.width)
    let height = Int(header.height)
    // libpng has read up to the first IDAT; the rest of the layout is walked here, before any
    // allocation, so a small file that declares a large image is refused without one.
    let layout = try PNGChunkLayout(buffer, name: name)
    try checkDecodable(header, layout: layout, name: name)
    let image: Image
    if header.bit_depth == 16 {
      image = try decodeSamples(UInt16.self, reader: reader, width: width, height: height)
    } else {
      image = try decodeSamples(UInt8.self, reader: reader, width: width, height: height)
    }
    let colorChunks = PNGMetadata.copyableColorChunks(reader.keptChunks)
    return PNGDecoded(
      image: image, info: try info(header, layout: layout, name: name),
      metadata: PNGMetadata(colorChunks: colorChunks.chunks),
      warnings: reader.warnings + colorChunks.warnings)
  }

  /// Refuses an image this decoder does not decode, before anything proportional to it is
  /// allocated: a side over ``maxSide``, more than ``maxPixelCount`` pixels, or IDAT data too
  /// short to hold the pixels.
  private func checkDecodable(_ header: lfx_png_header, layout: PNGChunkLayout, name: String)
    throws(PNGError)
  {
    let width = Int(header.width)
    let height = Int(header.height)
    // A side no limit can raise first: such a file is refused whatever --max-pixels or the
    // memory allow (a 2147483647 × 1 image was reported as needing too much memory).
    guard width <= Self.maxSide && height <= Self.maxSide else {
      throw .sideTooLong(path: name, width: width, height: height, limit: Self.maxSide)
    }
    // Both are below 2^31 (libpng checked IHDR), so the product cannot overflow Int.
    guard width * height <= maxPixelCount else {
      throw .tooLarge(path: name, width: width, height: height, limit: maxPixelCount)
    }
    try Self.checkImageDataCanHold(header, layout: layout, name: name)
  }

  /// The warning decoding gives for a palette image (colour type 3) whose pixels index past
  /// PLTE, or `nil`: for no such pixel, another colour type, or an image that decoding refuses
  /// or fails on (damage inside the compressed data shows when the file is decoded).
  ///
  /// - Complexity: O(width × height) for a palette image, whose pixels are decoded into a
  ///   buffer of 4 bytes per pixel, freed on return; O(1) for any other.
  private func paletteWarning(
    _ header: lfx_png_header, reader: PNGReader, layout: PNGChunkLayout, name: String
  ) -> String? {
    guard Int(header.color_type) == PNGInfo.ColorType.indexedColor.rawValue,
      (try? checkDecodable(header, layout: layout, name: name)) != nil
    else { return nil }
    // Palette samples are 8-bit (PNG spec §11.2.2), so RGBA rows of 4 bytes per pixel.
    let rowBytes = Int(header.width) * 4
    let samples = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(rowBytes * Int(header.height), 1), alignment: 1)
    defer { samples.deallocate() }
    guard (try? reader.readRGBA(into: samples, rowBytes: rowBytes)) != nil else { return nil }
    return reader.paletteWarning
  }

  /// The most that deflate can expand its input: 258 bytes from a 2-bit code.
  ///
  /// Source: zlib technical details, "Maximum compression ratio" (Mark Adler): 1032:1.
  static let maxDeflateRatio = 1032

  /// Refuses an image whose IDAT data is too short to hold its samples even at deflate's
  /// largest expansion, so that no buffer is allocated for pixels that cannot be there.
  ///
  /// The decompressed image holds at least `width × height × channels × bitDepth / 8` bytes
  /// (plus filter bytes), whatever the interlace method.
  private static func checkImageDataCanHold(
    _ header: lfx_png_header, layout: PNGChunkLayout, name: String
  ) throws(PNGError) {
    let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(header.color_type)] ?? 4
    // width × height < 2^62 (each side < 2^31); only the bits per pixel can overflow it.
    let bits = (Int(header.width) * Int(header.height))
      .multipliedReportingOverflow(by: channels * Int(header.bit_depth))
    guard !bits.overflow, layout.imageDataByteCount * maxDeflateRatio >= (bits.partialValue + 7) / 8
    else {
      throw .imageDataTooShort(
        path: name, byteCount: layout.imageDataByteCount, width: Int(header.width),
        height: Int(header.height))
    }
  }

  private func decodeSamples<Sample: FixedWidthInteger & UnsignedInteger>(
    _: Sample.Type, reader: PNGReader, width: Int, height: Int
  ) throws(PNGError) -> Image {
    // Uninitialized, not zero-filled: the pages of a large buffer are only committed as libpng
    // writes rows, so a file whose data fails early costs little memory and time. libpng writes
    // every sample of every row before a successful return (Adam7 included: each pass fills its
    // own pixels, at 4 or 8 bytes per pixel, with no read of the destination).
    let count = width * height * 4
    var failure: PNGError?
    let samples = [Sample](unsafeUninitializedCapacity: count) { buffer, initialized in
      do throws(PNGError) {
        try reader.readRGBA(
          into: UnsafeMutableRawBufferPointer(buffer),
          rowBytes: width * 4 * MemoryLayout<Sample>.size)
        initialized = count
      } catch {
        failure = error
        initialized = 0
      }
    }
    if let failure { throw failure }
    return samples.withUnsafeBufferPointer {
      RGBASamples.image(samples: $0, width: width, height: height)
    }
  }

  private func info(_ header: lfx_png_header, layout: PNGChunkLayout, name: String)
    throws(PNGError) -> PNGInfo
  {
    // libpng has validated IHDR, so both values are among the cases.
    guard let colorType = PNGInfo.ColorType(rawValue: Int(header.color_type)),
      let interlace = PNGInfo.InterlaceMethod(rawValue: Int(header.interlace_method))
    else {
      throw .corrupt(path: name, message: "unexpected IHDR values")
    }
    let animation = PNGAnimation.read(names: layout.names, chunks: layout.animationChunks)
    return PNGInfo(
      width: Int(header.width), height: Int(header.height), bitDepth: Int(header.bit_depth),
      colorType: colorType, interlaceMethod: interlace, chunkNames: layout.names,
      animation: animation.animation, warnings: layout.warnings + animation.warnings)
  }
}
