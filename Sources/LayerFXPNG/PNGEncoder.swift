import CPNGShim
import LayerFX
import LayerFXFiles

/// Encodes LayerFX images as PNG (colour type 6, RGBA, non-interlaced) with libpng.
///
/// The store is a GPU's write to a premultiplied unorm target, then un-premultiplied: each
/// premultiplied channel maps NaN to 0 and clamps to [0, 1]; colour is divided by the clamped
/// alpha and clamped to [0, 1] again (alpha 0 gives colour 0, so a pixel whose alpha was ≤ 0 or
/// NaN stores as all zeros); each channel rounds to the nearest 8- or 16-bit code. A kernel's
/// premultiplied (3, 3, 3, 6) therefore stores as opaque white.
///
/// Source: Documentation/Semantics.md §3 (the final store); PNG Specification (Second Edition) §11.2.2
/// "IHDR Image header" (colour type 6, bit depths 8 and 16).
public struct PNGEncoder: Sendable {
  /// The bit depth of the samples written.
  public enum BitDepth: Int, Sendable {
    /// 8 bits per sample, codes 0–255.
    case eight = 8
    /// 16 bits per sample, codes 0–65535.
    case sixteen = 16
  }

  /// The default ``compressionLevel``: level 1, the fastest that compresses.
  ///
  /// Measured on ten rippled frames of a 3000 × 2000 photo (Benchmarks/HISTORY.md): zlib's
  /// level 1 encodes about 6× faster than its own default 6 for files about 17 % larger (level
  /// 3: 9 % larger, 1.3× the time of level 1). Frames are rendered to be looked at or processed
  /// further, so speed wins; pass 6–9 when size matters. At level 1 an 8-bit image's data is
  /// deflated by ISA-L's igzip (its level 1), 4–5× faster than zlib's level 1 and 1–2 % smaller
  /// on rippled frames (Benchmarks/results/png-encoding.md); its bytes may differ between CPUs
  /// (igzip picks its code for the instruction set), and on one machine igzip 2.30 parses some
  /// images (runs of zeros, as transparent rows give) differently in about one process in
  /// 300–1,500: its parse depends on where its stream state lies in memory, which address-space
  /// randomisation moves (Benchmarks/HISTORY.md, "igzip's other parse comes from where its
  /// stream state lies"); its pixels never differ. Compare decoded pixels, or write at another
  /// level (zlib's), for the same bytes every run.
  public static let defaultCompressionLevel = 1

  /// The widest and tallest image the encoder writes, in pixels: 1,000,000, libpng's default
  /// `PNG_USER_WIDTH_MAX` and `PNG_USER_HEIGHT_MAX`, which `png_write_info` holds IHDR to.
  ///
  /// Source: libpng 1.6 manual, "Setting limits" (`png_set_user_limits`); `pnglibconf.h`.
  public static let maxSide = PNGDecoder.maxSide

  /// The bit depth of the samples written; 8 by default.
  public var bitDepth: BitDepth
  /// The zlib compression level, 0 (store) to 9 (smallest, slowest).
  public var compressionLevel: Int

  /// Creates an encoder.
  ///
  /// - Parameters:
  ///   - bitDepth: Bits per sample, 8 (default) or 16.
  ///   - compressionLevel: The zlib level, 0…9; ``defaultCompressionLevel`` (1) by default.
  /// - Precondition: `0 ≤ compressionLevel ≤ 9`; checked in release builds.
  public init(bitDepth: BitDepth = .eight, compressionLevel: Int = defaultCompressionLevel) {
    precondition((0...9).contains(compressionLevel), "zlib compression level must be 0…9")
    self.bitDepth = bitDepth
    self.compressionLevel = compressionLevel
  }

  /// Returns the straight-alpha 8-bit RGBA samples the encoder stores for `image`.
  ///
  /// Four bytes per pixel, row-major: premultiplied channels clamped to [0, 1] (NaN as 0), then
  /// un-premultiplied, clamped again and rounded to nearest, as
  /// ``encode(_:metadata:name:)-(Image,_,_)`` stores them (Documentation/Semantics.md §3). For raw
  /// frame streams (`layerfx ripple … -o -`).
  ///
  /// - Complexity: O(width × height); allocates 4 bytes per pixel.
  public static func rgba8(_ image: Image) -> [UInt8] {
    RGBASamples.codes(of: image, as: UInt8.self)
  }

  /// Encodes `image` as the bytes of a PNG file.
  ///
  /// - Parameters:
  ///   - image: Premultiplied RGBA pixels; at least 1 × 1, at most 2^31 − 1 on each side.
  ///   - metadata: Colour chunks written, as given, after IHDR; none by default. Pass a
  ///     decoded file's ``PNGDecoded/metadata`` to keep its colour description.
  ///   - name: The name used in error messages.
  /// - Returns: A complete PNG file: RGBA at ``bitDepth``, non-interlaced, same size as `image`
  ///   (its scale is not recorded).
  /// - Throws: ``PNGError/cannotEncode(path:message:)`` when libpng refuses the image (a side
  ///   of 0 pixels) or a chunk's name is not in ``PNGMetadata/colorChunkNames``.
  /// - Complexity: O(width × height); allocates 4 or 8 bytes per pixel plus the output.
  public func encode(
    _ image: Image, metadata: PNGMetadata = PNGMetadata(), name: String = "<memory>"
  )
    throws(PNGError) -> [UInt8]
  {
    try metadata.checkCopyable(name: name)
    return try encode(PNGSamples(image, bitDepth: bitDepth), metadata: metadata, name: name)
  }

  /// Encodes samples already stored (``PNGSamples``) as the bytes of a PNG file, at their own
  /// bit depth: the same bytes as ``encode(_:metadata:name:)-(Image,_,_)`` gives for the image
  /// they were stored from.
  ///
  /// - Parameters:
  ///   - samples: Straight RGBA codes, 8 or 16 bits.
  ///   - metadata: Colour chunks written, as given, after IHDR; none by default.
  ///   - name: The name used in error messages.
  /// - Returns: A complete PNG file: RGBA at the samples' bit depth, non-interlaced.
  /// - Throws: ``PNGError/cannotEncode(path:message:)`` as for
  ///   ``encode(_:metadata:name:)-(Image,_,_)``.
  /// - Precondition: The samples' bit depth is ``bitDepth`` (checked in release builds).
  /// - Complexity: O(width × height); allocates the output only.
  public func encode(
    _ samples: PNGSamples, metadata: PNGMetadata = PNGMetadata(), name: String = "<memory>"
  ) throws(PNGError) -> [UInt8] {
    precondition(samples.bitDepth == bitDepth, "samples stored at another bit depth")
    try metadata.checkCopyable(name: name)
    var output = lfx_png_buffer()
    let messageCapacity = 512
    var message = [CChar](repeating: 0, count: messageCapacity)
    let status = samples.withUnsafeBytes { rgba, rowBytes in
      metadata.withChunkDescriptors { chunks, data in
        lfx_png_encode_rgba(
          rgba.baseAddress, UInt32(clamping: samples.width), UInt32(clamping: samples.height),
          rowBytes, Int32(bitDepth.rawValue), Int32(compressionLevel), chunks.baseAddress,
          chunks.count, data.baseAddress, &output, &message, messageCapacity)
      }
    }
    defer { lfx_png_buffer_free(&output) }
    guard status == LFX_PNG_OK else {
      let text = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw .cannotEncode(path: name, message: "libpng: \(text)")
    }
    return Array(UnsafeBufferPointer(start: output.bytes, count: output.size))
  }

  /// Encodes `image` and writes it to `path` atomically.
  ///
  /// The PNG is written to an unnamed file (`O_TMPFILE`) in the destination's directory and
  /// given its name only when complete and synced, so `path` never holds a partial PNG and a
  /// killed process leaves no stray file; on failure an existing file at `path` is left as it
  /// was. A symbolic link is followed (the link stays), an existing file keeps its permission
  /// bits, and a directory, device or FIFO is refused (except `/dev/null`, `/dev/stdout`, `/dev/stderr`).
  ///
  /// - Parameters:
  ///   - image: Premultiplied RGBA pixels; at least 1 × 1.
  ///   - path: The file to create or replace.
  ///   - metadata: Colour chunks to write after IHDR; none by default.
  /// - Throws: ``PNGError/cannotEncode(path:message:)`` as for
  ///   ``encode(_:metadata:name:)-(Image,_,_)``; ``PNGError/cannotWrite(path:reason:)`` with the
  ///   system's reason.
  /// - Complexity: O(width × height); see ``encode(_:metadata:name:)-(Image,_,_)``.
  public func write(_ image: Image, to path: String, metadata: PNGMetadata = PNGMetadata())
    throws(PNGError)
  {
    let bytes = try encode(image, metadata: metadata, name: path)
    do {
      try AtomicFile.write(bytes, to: path)
    } catch {
      switch error {
      case .cannotWrite(let path, let reason), .writeFailed(let path, let reason):
        throw .cannotWrite(path: path, reason: reason)
      case .notRegularFile(let path, let kind):
        throw .cannotWrite(path: path, reason: "not a regular file: \(kind)")
      case .wouldOverwriteInput(let path): throw .cannotWrite(path: path, reason: "it is an input")
      }
    }
  }
}
