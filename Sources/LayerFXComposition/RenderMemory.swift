import LayerFX

/// An estimate of the most bytes a render holds at once, made before any pixel is rendered, so
/// that a render memory cannot hold is refused (``MemoryBudget``) instead of aborting midway.
///
/// With `N = width × height` pixels and 16 bytes a premultiplied `Float` pixel, the render of
/// the frame with the most passes holds, at once:
/// - ``inputBytes``: the input, `16 N` (none for a fill);
/// - ``chainBytes``: the chain's working copies (``ChainRenderer``'s two reused buffers): with
///   the last pass stored straight into samples none for one pass, `16 N` for two and `32 N`
///   for three or more; with a `Float` output one for one pass and two for more;
/// - ``workingImageBytes``: a multi-pass kernel's working images (boxBlur, gaussianBlur:
///   `LayerFX.PreparedShader.workingImageCount` × `16 N`), shared by every pass and frame;
/// - ``storedPaddingBytes``: the padded copies compiled `.metal` passes read, `(width + 2 pad.x
///   + 1) × (height + 2 pad.y + 1) × 16` each (the first pass's is kept for the next frame);
/// - ``scratchBytes``: with the last pass stored into samples, one scratch tile per worker, the
///   largest tile's pixels × 16 (a band of `⌈height / bands⌉` rows by default, a `tileSize²`
///   tile with `--tile-size`);
/// - ``outputBytes``: the encoder's samples, `4 N` (`8 N` at 16 bits), stored by the last pass
///   or made from the `Float` output at the write;
/// - ``inFlightBytes``: an animation's frames encoding while the next one renders, and
///   ``extraBytes`` (a contact sheet's image);
/// - ``overlayBytes``: the displacement and bounds overlays' sources and maps
///   (``ChainRenderer/displacementBytesPerPixel`` × `N`).
///
/// Encoding one image (``encodeBytes``) runs after the input and the chain's buffers are freed,
/// and holds the samples, the working images, libpng's output buffer (grown by doubling from
/// 64 KiB up to the largest PNG the frame can be,
/// ``AnimationLimits/frameFileBytes(width:height:bitDepth:chunkBytes:)``), its copy into an
/// array and one row pointer (8 bytes) per row. ``peakBytes`` is the larger of the two phases.
///
/// The process's own code, libraries and stacks are not counted here: ``MemoryBudget`` takes
/// them off the limit.
///
/// Source: the buffers of ``ChainRenderer`` (`render`, `samples`), `Renderer.renderTiles`
/// (scratch tiles), `Renderer.renderPasses` (working images), `PaddedTexels` and
/// `CPNGShim.c` (`write_data`, `lfx_png_encode_rgba`).
public struct RenderMemory: Sendable, Equatable {
  /// What the last pass of a frame writes.
  public enum Output: Sendable, Equatable {
    /// The PNG encoder's samples, straight from the last pass (one image, or a PNG sequence
    /// without overlays).
    case samples
    /// A premultiplied `Float` image (overlays, contact sheets, animated PNG, raw streams).
    case floatImage
  }

  /// The frame's width, pixels.
  public var width: Int
  /// The frame's height, pixels.
  public var height: Int
  /// Bits per sample of the output, 8 or 16.
  public var bitDepth: Int
  /// What the last pass writes.
  public var output: Output
  /// The most passes a frame has.
  public var passCount: Int
  /// The most working images a pass holds (`LayerFX.PreparedShader.workingImageCount`).
  public var workingImages: Int
  /// Texels of the stored padded copies held at once (see ``storedPaddingBytes``).
  public var storedPaddingTexels: Double
  /// Render workers (`--threads`).
  public var threadCount: Int
  /// The square tile's edge, pixels, or `nil` for bands (`--tile-size`).
  public var tileSize: Int?
  /// Frames that encode while the next renders.
  public var framesInFlight = 0
  /// The bytes per pixel a frame in flight holds (``AnimationLimits/bytesPerPixelInFlight``,
  /// ``AnimationLimits/sampleBytesPerPixelInFlight(bitDepth:)``).
  public var inFlightBytesPerPixel = 0
  /// Other bytes held while rendering (a contact sheet's `Float` image).
  public var extraBytes: Double = 0
  /// The data bytes of the colour chunks every PNG copies.
  public var chunkBytes: Int = 0
  /// Bytes per pixel the debug overlays hold beside the frame: 0, or
  /// ``ChainRenderer/displacementBytesPerPixel`` with the displacement or bounds overlay.
  public var overlayBytesPerPixel = 0
  /// Whether the render holds an input image; a fill (`layerfx render`) reads none.
  public var holdsInput = true

  /// Creates an estimate.
  ///
  /// - Parameters:
  ///   - width: Pixels, ≥ 1.
  ///   - height: Pixels, ≥ 1.
  ///   - bitDepth: 8 or 16.
  ///   - output: What the last pass writes.
  ///   - passCount: The most passes a frame has (0 for none).
  ///   - workingImages: The most working images a pass holds.
  ///   - storedPaddingTexels: Texels of the stored padded copies held at once.
  ///   - threadCount: Workers, ≥ 1.
  ///   - tileSize: The tile edge, pixels, or `nil` for bands.
  public init(
    width: Int, height: Int, bitDepth: Int = 8, output: Output, passCount: Int,
    workingImages: Int = 0, storedPaddingTexels: Double = 0, threadCount: Int,
    tileSize: Int? = nil
  ) {
    self.width = width
    self.height = height
    self.bitDepth = bitDepth
    self.output = output
    self.passCount = passCount
    self.workingImages = workingImages
    self.storedPaddingTexels = storedPaddingTexels
    self.threadCount = max(1, threadCount)
    self.tileSize = tileSize
  }

  /// Bytes of a premultiplied `Float` pixel (`half4`).
  public static let floatPixelBytes = 16.0

  /// The frame's pixels, `N`.
  var pixels: Double { Double(width) * Double(height) }

  /// The input image, `16 N`; none for a fill (``holdsInput``).
  public var inputBytes: Double { holdsInput ? Self.floatPixelBytes * pixels : 0 }

  /// The chain's reused buffers, `16 N` each.
  public var chainBytes: Double {
    let copies =
      switch output {
      case .samples: passCount < 2 ? 0 : min(passCount - 1, 2)
      case .floatImage: min(passCount, 2)
      }
    return Double(copies) * Self.floatPixelBytes * pixels
  }

  /// A multi-pass kernel's working images, `16 N` each.
  public var workingImageBytes: Double {
    Double(workingImages) * Self.floatPixelBytes * pixels
  }

  /// The stored padded copies, 16 bytes a texel.
  public var storedPaddingBytes: Double { Self.floatPixelBytes * storedPaddingTexels }

  /// One scratch tile per worker when the last pass stores into samples: the largest tile (or
  /// band) × 16 bytes × the workers that get a tile.
  public var scratchBytes: Double {
    guard output == .samples, passCount > 0 else { return 0 }
    let largest: Double
    let tiles: Int
    if let tileSize {
      largest = Double(min(tileSize, width)) * Double(min(tileSize, height))
      tiles = ((width - 1) / tileSize + 1) * ((height - 1) / tileSize + 1)
    } else {
      // Renderer.tiles: min(height, workers × 16) bands, heights within one row.
      tiles = min(height, threadCount * 16)
      largest = Double(width) * Double((height - 1) / tiles + 1)
    }
    return Double(min(threadCount, tiles)) * Self.floatPixelBytes * largest
  }

  /// The encoder's samples: stored by the last pass, or made from the `Float` output (counted
  /// in ``chainBytes``) at the write.
  public var outputBytes: Double { Double(4 * bitDepth / 8) * pixels }

  /// The frames encoding while the next one renders.
  public var inFlightBytes: Double {
    Double(framesInFlight) * Double(inFlightBytesPerPixel) * pixels
  }

  /// What the debug overlays hold while they draw on a frame.
  public var overlayBytes: Double { Double(overlayBytesPerPixel) * pixels }

  /// Everything held while the frame renders.
  public var renderBytes: Double {
    inputBytes + chainBytes + workingImageBytes + storedPaddingBytes + scratchBytes + outputBytes
      + inFlightBytes + extraBytes + overlayBytes
  }

  /// What encoding one image holds: the samples, the working images, libpng's output buffer
  /// (its capacity doubles from 64 KiB until the PNG fits), the PNG's copy into an array, and
  /// the row pointers.
  public var encodeBytes: Double {
    let png = AnimationLimits.frameFileBytes(
      width: width, height: height, bitDepth: bitDepth, chunkBytes: chunkBytes)
    var capacity = 65_536.0
    while capacity < png { capacity *= 2 }
    return Double(4 * bitDepth / 8) * pixels + workingImageBytes + capacity + png
      + 8 * Double(height)
  }

  /// The most held at once: rendering or encoding, whichever holds more.
  public var peakBytes: Double { max(renderBytes, encodeBytes) }

  /// What decoding a PNG input holds before the render: the file's bytes, libpng's samples (4
  /// bytes per pixel at 8 bits, 8 at 16) and the `Float` image (16), at once.
  ///
  /// - Parameters:
  ///   - width: Pixels.
  ///   - height: Pixels.
  ///   - sampleBytes: Bytes per pixel of libpng's samples: 4 or 8; 0 for a fill.
  ///   - fileBytes: The PNG file's size.
  /// - Returns: Bytes.
  public static func decodeBytes(width: Int, height: Int, sampleBytes: Int, fileBytes: Int = 0)
    -> Double
  {
    Double(width) * Double(height) * (floatPixelBytes + Double(sampleBytes)) + Double(fileBytes)
  }
}
