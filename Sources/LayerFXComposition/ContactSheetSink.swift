import LayerFX
import LayerFXMath
import LayerFXPNG

/// An animation's frames laid out in one image, left to right and then top to bottom, with a
/// transparent gutter between them: a preview of a whole animation at a glance.
///
/// Given the frames' times, each frame gets a label strip under it (``labelHeight`` pixels,
/// opaque dark grey) with its time in white (`0.25 s`, ``PixelFont``).
///
/// The sheet is ``image`` once every frame is placed; write it as any image.
public struct ContactSheetSink: FrameSink {
  /// Transparent pixels between neighbouring frames.
  public static let gutter = 4
  /// The height of a frame's time label strip, pixels: the 5-pixel font at 2 × with 2 pixels
  /// above and below.
  public static let labelHeight = 2 * PixelFont.glyphHeight + 4
  /// The strip's colour (opaque dark grey) and the text's (white).
  static let labelBackground = half4(0.1, 0.1, 0.1, 1)
  static let labelText = half4(1, 1, 1, 1)

  /// Each cell's time, seconds, by cell; `nil` for no labels.
  private let frameTimes: [Double]?

  /// Frames per row.
  public let columns: Int
  /// Pixels.
  public let frameWidth: Int
  /// Pixels.
  public let frameHeight: Int
  /// The index of the frame in the first cell (a frame range's first frame); 0 by default.
  public let firstIndex: Int
  /// The sheet's size in pixels and its scale, pixels per point.
  private let width: Int, height: Int, scale: Float
  /// The sheet's pixels, row-major.
  ///
  /// Kept here rather than in an `Image`: `Image.pixels` has an
  /// observer, so each mutation through it from another module is a get and a set, a copy of
  /// the whole sheet per row written.
  private var pixels: [half4]

  /// The sheet so far, premultiplied RGBA; unfilled cells are transparent.
  public var image: Image { Image(width: width, height: height, scale: scale, pixels: pixels) }

  /// Creates an empty sheet for `frameCount` frames of `frameWidth × frameHeight` pixels,
  /// `columns` per row (fewer when there are fewer frames).
  ///
  /// - Parameters:
  ///   - frameCount: Frames, ≥ 1.
  ///   - columns: Frames per row, ≥ 1.
  ///   - frameWidth: Pixels.
  ///   - frameHeight: Pixels.
  ///   - scale: Pixels per point of the sheet.
  ///   - pixelLimit: The most pixels the sheet may have.
  ///   - firstIndex: The index of the frame that goes in the first cell, ≥ 0.
  ///   - frameTimes: Each cell's time, seconds (as many as `frameCount`), drawn under the frame;
  ///     `nil` (the default) for no labels.
  /// - Throws: ``CompositionError/limitExceeded(_:)`` when the sheet would exceed
  ///   `pixelLimit` pixels, or a PNG's `LayerFXPNG.PNGEncoder.maxSide` pixels a side.
  /// - Precondition: `frameTimes`, when given, has `frameCount` times.
  public init(
    frameCount: Int, columns: Int, frameWidth: Int, frameHeight: Int, scale: Float = 1,
    pixelLimit: Int = Int(Int32.max), firstIndex: Int = 0, frameTimes: [Double]? = nil
  ) throws(CompositionError) {
    precondition(frameTimes.map { $0.count == frameCount } ?? true, "one time per frame")
    let size = try Self.checkSize(
      frameCount: frameCount, columns: columns, frameWidth: frameWidth,
      frameHeight: frameHeight + (frameTimes == nil ? 0 : Self.labelHeight),
      pixelLimit: pixelLimit)
    self.frameTimes = frameTimes
    self.columns = min(columns, frameCount)
    self.frameWidth = frameWidth
    self.frameHeight = frameHeight
    self.firstIndex = firstIndex
    width = size.x
    height = size.y
    self.scale = scale
    pixels = [half4](repeating: .zero, count: self.width * self.height)
  }

  /// The sheet's size for `frameCount` frames of `frameWidth × frameHeight` pixels, `columns`
  /// per row (fewer when there are fewer frames), with ``gutter`` pixels between cells; what
  /// ``init(frameCount:columns:frameWidth:frameHeight:scale:pixelLimit:firstIndex:frameTimes:)``
  /// checks (with the label strip in `frameHeight`),
  /// callable before anything is allocated.
  ///
  /// - Parameters: As the initialiser's.
  /// - Returns: Width and height, pixels.
  /// - Throws: ``CompositionError/limitExceeded(_:)`` when the sheet would exceed
  ///   `pixelLimit` pixels, or a PNG's `LayerFXPNG.PNGEncoder.maxSide` pixels a side.
  @discardableResult
  public static func checkSize(
    frameCount: Int, columns: Int, frameWidth: Int, frameHeight: Int, pixelLimit: Int
  ) throws(CompositionError) -> SIMD2<Int> {
    let columns = min(columns, frameCount)
    let rows = (frameCount + columns - 1) / columns
    // In Double, so no size can overflow before it is checked.
    let width = Double(columns) * Double(frameWidth) + Double(columns - 1) * Double(gutter)
    let height = Double(rows) * Double(frameHeight) + Double(rows - 1) * Double(gutter)
    guard width * height <= Double(pixelLimit), width <= Double(pixelLimit),
      height <= Double(pixelLimit)
    else {
      throw .limitExceeded(
        "a contact sheet of \(frameCount) frames in \(columns) columns would be "
          + "\(width.formatted) × \(height.formatted) "
          + "pixels, over the limit of \(pixelLimit) (raise it with --max-pixels, or render fewer "
          + "frames)")
    }
    guard max(width, height) <= Double(PNGEncoder.maxSide) else {
      throw .limitExceeded(
        "a contact sheet of \(frameCount) frames in \(columns) columns would be "
          + "\(width.formatted) × \(height.formatted) pixels; a PNG is at most "
          + "\(PNGEncoder.maxSide) pixels a side (fewer columns, or fewer frames)")
    }
    return SIMD2(Int(width), Int(height))
  }

  /// Copies `frame` into cell `index − firstIndex` (row-major).
  ///
  /// - Precondition: `frame` has the sheet's frame size and `index` is a cell of the sheet.
  public mutating func write(_ frame: Image, index: Int) {
    precondition(frame.width == frameWidth && frame.height == frameHeight, "frame size differs")
    let cell = index - firstIndex
    precondition(cell >= 0, "frame before the sheet's first")
    let strip = frameTimes == nil ? 0 : Self.labelHeight
    let x0 = (cell % columns) * (frameWidth + Self.gutter)
    let y0 = (cell / columns) * (frameHeight + strip + Self.gutter)
    precondition(y0 + frameHeight + strip <= height, "cell outside the sheet")
    if let frameTimes {
      for y in y0 + frameHeight..<y0 + frameHeight + strip {
        pixels.replaceSubrange(
          y * width + x0..<y * width + x0 + frameWidth,
          with: repeatElement(Self.labelBackground, count: frameWidth))
      }
      // As many characters as fit the frame's width, so a label never reaches the next cell.
      let fitting = max(0, (frameWidth - 2) / (2 * PixelFont.advance))
      PixelFont.draw(
        String(PixelFont.timeLabel(frameTimes[cell]).prefix(fitting)), x: x0 + 2,
        y: y0 + frameHeight + 2, scale: 2, color: Self.labelText, into: &pixels, width: width)
    }
    for y in 0..<frameHeight {
      let source = y * frameWidth
      let destination = (y0 + y) * width + x0
      pixels.replaceSubrange(
        destination..<destination + frameWidth, with: frame.pixels[source..<source + frameWidth])
    }
  }

  /// Nothing to complete: the sheet is ``image``.
  public mutating func finish() {}
}
