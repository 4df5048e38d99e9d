#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Limits an animation must pass before its first frame renders: how many frames, and whether
/// they can fit on the disk (the padded size of every pass is
/// ``ChainRenderer/checkedPasses(at:pixelLimit:)``).
///
/// The size estimate is the frames' raw size, `frames × height × (1 + width × 4 × bytes per
/// sample)` (RGBA samples plus one filter byte per row, what zlib compresses): PNG compression
/// usually writes less, so the check errs on the side of refusing, and `--ignore-free-space`
/// overrides it. Free space is what `statvfs(3)` reports as available to unprivileged users
/// (`f_bavail × f_frsize`) on the output's file system. Messages name the command line's options
/// (`--max-frames`, `--ignore-free-space`).
public struct AnimationLimits: Sendable {
  /// The default ``maxFrames``.
  public static let defaultMaxFrames = 10_000

  /// The most frames an animation may have.
  public var maxFrames: Int
  /// Whether the estimated output size is compared with the free disk space.
  public var checksFreeSpace: Bool

  /// Creates limits.
  ///
  /// - Parameters:
  ///   - maxFrames: The most frames, ≥ 1.
  ///   - checksFreeSpace: Whether to compare the frames' size with the free space.
  public init(maxFrames: Int = AnimationLimits.defaultMaxFrames, checksFreeSpace: Bool = true) {
    self.maxFrames = maxFrames
    self.checksFreeSpace = checksFreeSpace
  }

  /// Returns `explicit`, or else the frames that cover `duration` at `fps`: `⌈duration × fps⌉`,
  /// at least 1, computed in `Double` so that no product is converted to `Int` unchecked.
  ///
  /// - Parameters:
  ///   - explicit: A frame count the caller chose, if any.
  ///   - duration: Seconds to cover otherwise.
  ///   - fps: Frames per second.
  /// - Returns: The frame count.
  /// - Throws: ``CompositionError/limitExceeded(_:)`` above ``maxFrames``, naming `--max-frames`.
  public func frameCount(explicit: Int?, duration: Double, fps: Double) throws(CompositionError)
    -> Int
  {
    let count =
      explicit.map(Double.init) ?? FrameSchedule.frameCount(covering: duration, fps: fps)
    guard count <= Double(maxFrames) else {
      let what = explicit != nil ? "--frames" : "\(duration) s at \(fps) fps"
      throw .limitExceeded(
        "\(what) gives \(count.formatted) frames, more than the limit of \(maxFrames); "
          + "raise it with --max-frames N (at most 1000000)")
    }
    return Int(count)
  }

  /// Refuses `frames` frames of `width × height` pixels at `bitDepth` bits per sample when their
  /// raw size exceeds the free space where `directory` is (or would be created).
  ///
  /// - Parameters:
  ///   - frames: How many frames.
  ///   - width: Pixels.
  ///   - height: Pixels.
  ///   - bitDepth: Bits per sample, 8 or 16.
  ///   - directory: Where the frames go.
  /// - Throws: ``CompositionError/limitExceeded(_:)`` with both numbers and the ways out.
  public func checkFreeSpace(
    frames: Int, width: Int, height: Int, bitDepth: Int, directory: String
  ) throws(CompositionError) {
    guard checksFreeSpace, let free = Self.freeBytes(near: directory) else { return }
    let frameBytes = Double(height) * (1 + Double(width) * 4 * Double(bitDepth / 8))
    let needed = Double(frames) * frameBytes
    guard needed <= Double(free) else {
      throw .limitExceeded(
        "\(directory): \(frames) frames of \(width) × \(height) pixels need up to "
          + "\(Self.bytes(needed)) uncompressed (\(Self.bytes(frameBytes)) each), but only "
          + "\(Self.bytes(Double(free))) is free there; free some space, render fewer frames "
          + "(--frames, --fps), or pass --ignore-free-space (PNG compression usually writes less)")
    }
  }

  /// The bytes available to an unprivileged user on the file system of `path`, or of its
  /// nearest existing ancestor when `path` does not exist yet; `nil` if `statvfs` fails there.
  ///
  /// - Parameter path: A file or directory, existing or not.
  /// - Returns: Bytes, or `nil`.
  public static func freeBytes(near path: String) -> Int? {
    var candidate = path.isEmpty ? "." : path
    while true {
      var status = statvfs()
      if statvfs(candidate, &status) == 0 {
        return Int(clamping: UInt64(status.f_bavail) &* UInt64(status.f_frsize))
      }
      guard errno == ENOENT || errno == ENOTDIR else { return nil }
      let trimmed = candidate.hasSuffix("/") ? String(candidate.dropLast()) : candidate
      guard let slash = trimmed.lastIndex(of: "/") else {
        candidate = "."
        continue
      }
      candidate = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
  }

  /// `bytes` in decimal units: `512 B`, `8.3 MB`, `2.5 GB`, `4.0 TB`.
  ///
  /// - Parameter bytes: A byte count.
  /// - Returns: The text.
  public static func bytes(_ bytes: Double) -> String {
    let units = ["B", "kB", "MB", "GB", "TB", "PB", "EB"]
    var value = bytes
    var unit = 0
    while value >= 1000 && unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    return unit == 0 ? "\(Int(value)) B" : "\((value * 10).rounded() / 10) \(units[unit])"
  }
}

extension Double {
  /// A whole number without a decimal point (`1800`), or the usual form when not whole.
  var formatted: String {
    self == rounded() && abs(self) < 1e15 ? "\(Int(self))" : "\(self)"
  }
}
