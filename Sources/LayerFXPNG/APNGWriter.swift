import CPNGShim
import LayerFX

/// Writes an animated PNG (APNG) one frame at a time, handing the file's bytes to a closure as
/// they are produced, so no more than about one compressed frame is held.
///
/// The file is the PNG signature, IHDR (8-bit RGBA, non-interlaced), the colour chunks, `acTL`
/// (the frame count, given up front, and the play count), then per frame an `fcTL` (the whole
/// canvas, delay `delay_num / delay_den` seconds, dispose op NONE, blend op SOURCE, so each
/// frame replaces the last with its alpha) and its data: `IDAT` for frame 0, which is also the
/// image a reader without APNG support shows, and `fdAT` for the others; then `IEND`. Frames are
/// stored as ``PNGEncoder`` stores them (``PNGEncoder/rgba8(_:)``), so each frame's pixels equal
/// the 8-bit PNG of the same image; their data is compressed as ``PNGEncoder`` compresses an
/// 8-bit image at levels 0–3: every row Up-filtered, deflated by ISA-L's igzip at level 1 (the
/// default) and by zlib at the others. At levels 4–9 frame 0 goes through libpng (its filter
/// choice, zlib) and the `fdAT` frames stay Up-filtered, deflated by zlib.
///
/// Source: APNG Specification, https://wiki.mozilla.org/APNG_Specification ("Structure",
/// `acTL`, `fcTL`, `fdAT`, sequence numbers); PNG Specification (Second Edition) §9.2 (filter
/// type Up), §10 (zlib stream).
public final class APNGWriter {
  private let writer: OpaquePointer
  private let name: String
  private let output: ([UInt8]) throws -> Void
  private let width: Int
  private let height: Int

  /// The frame rates whose delay `fcTL` can state: from one frame per 65535 s (delay 65535/1)
  /// to 65535 frames per second (delay 1/65535), frames per second.
  ///
  /// Source: APNG Specification, `fcTL` (`delay_num` and `delay_den` are 2-byte unsigned).
  public static let representableFPS = ClosedRange(
    uncheckedBounds: (lower: 1 / Double(UInt16.max), upper: Double(UInt16.max)))

  /// The frame delay closest to `1 / fps` seconds as APNG's 16-bit fraction
  /// `numerator / denominator`: exact whenever `1 / fps` is such a fraction (30 fps gives 1/30,
  /// 29.97 gives 100/2997, 0.5 gives 2/1), otherwise the nearest with both parts ≤ 65535.
  ///
  /// Outside ``representableFPS`` that is the range's nearer end (1/65535 or 65535/1), so a
  /// caller refuses such rates first.
  ///
  /// - Parameter fps: Frames per second, finite and > 0.
  /// - Returns: `fcTL`'s `delay_num` and `delay_den`, the denominator ≥ 1.
  ///
  /// Source: APNG Specification, `fcTL` ("delay_num", "delay_den").
  public static func delay(fps: Double) -> (numerator: UInt16, denominator: UInt16) {
    // The shortest delay (1/65535 s) above one frame per second, the longest (65535 s) below.
    let limit = Double(UInt16.max)
    var best: (numerator: UInt16, denominator: UInt16, error: Double) =
      fps >= 1 ? (1, UInt16.max, abs(1 / limit - 1 / fps)) : (UInt16.max, 1, abs(limit - 1 / fps))
    for numerator in 1...Int(UInt16.max) {
      let denominator = (Double(numerator) * fps).rounded()
      guard denominator >= 1 else { continue }
      guard denominator <= Double(UInt16.max) else { break }
      let error = abs(Double(numerator) / denominator - 1 / fps)
      if error < best.error { best = (UInt16(numerator), UInt16(denominator), error) }
      if error <= 1e-12 / fps { break }
    }
    return (best.numerator, best.denominator)
  }

  /// Starts a file: signature, IHDR, colour chunks and `acTL`, passed to `output`.
  ///
  /// - Parameters:
  ///   - width: Pixels, 1…2³⁰ − 1.
  ///   - height: Pixels, ≥ 1.
  ///   - frameCount: The number of frames that will be written, ≥ 1 (`acTL`'s `num_frames`).
  ///   - playCount: How many times a viewer plays the animation; 0 (the default) for forever.
  ///   - compressionLevel: The deflate level, 0…9, for every frame (1: igzip, others: zlib).
  ///   - metadata: Colour chunks written after IHDR.
  ///   - name: The output's name, for messages.
  ///   - output: Receives the file's bytes, in order.
  /// - Throws: ``PNGError/cannotEncode(path:message:)`` when libpng or zlib refuses (a size of
  ///   0, no frames, a chunk that is not a colour chunk); what `output` throws.
  public init(
    width: Int, height: Int, frameCount: Int, playCount: Int = 0,
    compressionLevel: Int = PNGEncoder.defaultCompressionLevel,
    metadata: PNGMetadata = PNGMetadata(), name: String,
    output: @escaping ([UInt8]) throws -> Void
  ) throws {
    try metadata.checkCopyable(name: name)
    let created = metadata.withChunkDescriptors { chunks, data in
      lfx_apng_writer_create(
        UInt32(clamping: width), UInt32(clamping: height), Int32(compressionLevel),
        UInt32(clamping: frameCount), UInt32(clamping: playCount), chunks.baseAddress,
        chunks.count, data.baseAddress)
    }
    guard let created else { throw PNGError.cannotEncode(path: name, message: "out of memory") }
    writer = created
    self.name = name
    self.output = output
    self.width = width
    self.height = height
    try drain(lfx_apng_writer_status(writer))
  }

  deinit { lfx_apng_writer_destroy(writer) }

  /// Writes the next frame, shown for `delay` seconds (``delay(fps:)``).
  ///
  /// - Parameters:
  ///   - image: Premultiplied RGBA at the writer's size.
  ///   - delay: `fcTL`'s `delay_num / delay_den` seconds; a denominator of 0 means 100.
  /// - Throws: ``PNGError/cannotEncode(path:message:)`` after the last announced frame or when
  ///   libpng fails; what `output` throws.
  /// - Precondition: `image` has the writer's size.
  /// - Complexity: O(width × height); allocates the frame's 8-bit samples.
  public func write(_ image: Image, delay: (numerator: UInt16, denominator: UInt16)) throws {
    try write(PNGSamples(image, bitDepth: .eight), delay: delay)
  }

  /// Writes the next frame from samples already stored at 8 bits: the same bytes as
  /// ``write(_:delay:)-(Image,_)`` gives for the image they were stored from.
  ///
  /// - Parameters:
  ///   - samples: Straight 8-bit RGBA codes at the writer's size.
  ///   - delay: As for ``write(_:delay:)-(Image,_)``.
  /// - Throws: As ``write(_:delay:)-(Image,_)``.
  /// - Precondition: `samples` are 8-bit and have the writer's size.
  /// - Complexity: O(width × height); allocates only the compressed frame.
  public func write(_ samples: PNGSamples, delay: (numerator: UInt16, denominator: UInt16))
    throws
  {
    precondition(samples.width == width && samples.height == height, "frame size differs")
    precondition(samples.bitDepth == .eight, "APNG frames are 8-bit")
    let status = samples.withUnsafeBytes { bytes, rowBytes in
      lfx_apng_writer_write_frame(
        writer, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), rowBytes, delay.numerator,
        delay.denominator)
    }
    try drain(status)
  }

  /// Writes `IEND`.
  ///
  /// - Throws: ``PNGError/cannotEncode(path:message:)`` unless exactly the announced number
  ///   of frames was written; what `output` throws.
  public func finish() throws {
    try drain(lfx_apng_writer_finish(writer))
  }

  /// Passes on the bytes produced, or throws the writer's failure.
  private func drain(_ status: lfx_png_status) throws {
    guard status == LFX_PNG_OK else {
      let text = String(cString: lfx_apng_writer_message(writer))
      throw PNGError.cannotEncode(path: name, message: "libpng: \(text)")
    }
    var size = 0
    guard let bytes = lfx_apng_writer_bytes(writer, &size), size > 0 else { return }
    let chunk = Array(UnsafeBufferPointer(start: bytes, count: size))
    lfx_apng_writer_clear_bytes(writer)
    try output(chunk)
  }
}
