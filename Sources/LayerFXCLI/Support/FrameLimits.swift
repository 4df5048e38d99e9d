#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Limits an animation must pass before its first frame renders: how many frames, and whether
/// they can fit on the disk.
///
/// The size estimate is the frames' raw size, `frames × height × (1 + width × 4 × bytes per
/// sample)` (RGBA samples plus one filter byte per row, what zlib compresses): PNG compression
/// usually writes less, so the check errs on the side of refusing, and `--ignore-free-space`
/// overrides it. Free space is what `statvfs(3)` reports as available to unprivileged users
/// (`f_bavail × f_frsize`) on the output's file system.
struct FrameLimits {
  /// The default ``maxFrames``.
  static let defaultMaxFrames = 10_000

  static let specs: [OptionSpec] = [
    .value(
      "max-frames", "N", "refuse animations of more than N frames (default \(defaultMaxFrames))"),
    .flag("ignore-free-space", "render even if the frames may not fit in the free disk space"),
  ]

  /// The most frames an animation may have.
  var maxFrames: Int
  /// Whether the estimated output size is compared with the free disk space.
  var checksFreeSpace: Bool

  init(_ arguments: ParsedArguments) throws {
    maxFrames = try arguments.value(
      "max-frames", as: .integer(in: 1...1_000_000), default: Self.defaultMaxFrames)
    checksFreeSpace = !arguments.has("ignore-free-space")
  }

  /// Returns `explicit`, or else the frames that cover `duration` at `fps`: `⌈duration × fps⌉`,
  /// at least 1, computed in `Double` so that no product is converted to `Int` unchecked.
  ///
  /// - Throws: ``CLIError/limitExceeded(_:)`` above ``maxFrames``, naming `--max-frames`.
  func frameCount(explicit: Int?, duration: Double, fps: Double) throws -> Int {
    let count = explicit.map(Double.init) ?? max(1, (duration * fps - 1e-9).rounded(.up))
    guard count <= Double(maxFrames) else {
      let what = explicit != nil ? "--frames" : "\(duration) s at \(fps) fps"
      throw CLIError.limitExceeded(
        "\(what) gives \(count.formatted) frames, more than the limit of \(maxFrames); "
          + "raise it with --max-frames N (at most 1000000)")
    }
    return Int(count)
  }

  /// Refuses `frames` frames of `width × height` pixels at `bitDepth` bits per sample when their
  /// raw size exceeds the free space where `directory` is (or would be created).
  ///
  /// - Throws: ``CLIError/limitExceeded(_:)`` with both numbers and the ways out.
  func checkFreeSpace(frames: Int, width: Int, height: Int, bitDepth: Int, directory: String)
    throws
  {
    guard checksFreeSpace, let free = Self.freeBytes(near: directory) else { return }
    let frameBytes = Double(height) * (1 + Double(width) * 4 * Double(bitDepth / 8))
    let needed = Double(frames) * frameBytes
    guard needed <= Double(free) else {
      throw CLIError.limitExceeded(
        "\(directory): \(frames) frames of \(width) × \(height) pixels need up to "
          + "\(Self.bytes(needed)) uncompressed (\(Self.bytes(frameBytes)) each), but only "
          + "\(Self.bytes(Double(free))) is free there; free some space, render fewer frames "
          + "(--frames, --fps), or pass --ignore-free-space (PNG compression usually writes less)")
    }
  }

  /// The bytes available to an unprivileged user on the file system of `path`, or of its
  /// nearest existing ancestor when `path` does not exist yet; `nil` if `statvfs` fails there.
  static func freeBytes(near path: String) -> Int? {
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
  static func bytes(_ bytes: Double) -> String {
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
  fileprivate var formatted: String {
    self == rounded() && abs(self) < 1e15 ? "\(Int(self))" : "\(self)"
  }
}
