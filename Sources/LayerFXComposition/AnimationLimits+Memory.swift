import Foundation

extension AnimationLimits {
  /// The bytes one frame in flight holds while it waits for and goes through the PNG encoder:
  /// the rendered frame (16 bytes per pixel, premultiplied `Float` RGBA), libpng's 8- or 16-bit
  /// samples (up to 8 per pixel) and the compressed output (at most about the samples' size).
  public static let bytesPerPixelInFlight = 16 + 8 + 8

  /// The bytes one frame in flight holds when it was stored straight into the encoder's
  /// samples (a ``SampleFrameSink`` without overlays): the samples (4 bytes per pixel at 8
  /// bits, 8 at 16) and the compressed output (at most about the samples' size).
  ///
  /// - Parameter bitDepth: The samples' bits per sample, 8 or 16.
  /// - Returns: 8 or 16 bytes per pixel.
  public static func sampleBytesPerPixelInFlight(bitDepth: Int) -> Int {
    2 * 4 * (bitDepth > 8 ? 2 : 1)
  }

  /// How many frames may be encoded at once: one per thread, but no more than half the memory
  /// available now can hold (`bytesPerPixel` per pixel each), and at least one.
  ///
  /// So `--threads 1024` does not multiply memory: the frames in flight are bounded by memory,
  /// and the renderer's threads by nothing else.
  ///
  /// - Parameters:
  ///   - threads: The render's thread count, ≥ 1.
  ///   - width: A frame's width, pixels.
  ///   - height: A frame's height, pixels.
  ///   - bytesPerPixel: What a frame in flight holds per pixel: ``bytesPerPixelInFlight`` (a
  ///     `Float` frame, the default) or ``sampleBytesPerPixelInFlight(bitDepth:)`` (samples).
  ///   - availableBytes: The memory the process may still use; ``availableMemory()`` by default,
  ///     and no memory bound when `nil`.
  /// - Returns: A count from 1 to `threads`.
  public static func framesInFlight(
    threads: Int, width: Int, height: Int, bytesPerPixel: Int = bytesPerPixelInFlight,
    availableBytes: Int? = availableMemory()
  ) -> Int {
    let threads = max(1, threads)
    guard let availableBytes else { return threads }
    let frameBytes = Double(width) * Double(height) * Double(bytesPerPixel)
    let fitting = (Double(availableBytes) / 2 / max(frameBytes, 1)).rounded(.down)
    return Int(max(1, min(Double(threads), fitting)))
  }

  /// The memory available to new allocations: `MemAvailable` in `/proc/meminfo` (Linux), or
  /// `nil` where it cannot be read.
  ///
  /// - Returns: Bytes, or `nil`.
  ///
  /// Source: Linux kernel documentation, `Documentation/filesystems/proc.rst`, "meminfo".
  public static func availableMemory() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8) else {
      return nil
    }
    for line in text.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
      let fields = line.split(separator: " ")
      guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
      return kilobytes.multipliedReportingOverflow(by: 1024).overflow ? Int.max : kilobytes * 1024
    }
    return nil
  }
}
