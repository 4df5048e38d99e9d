#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Limits an animation must pass before its first frame renders: how many frames, and whether
/// they can fit on the disk (the padded size of every pass is
/// ``ChainRenderer/checkedPasses(at:pixelLimit:)``).
///
/// The size estimate is the most each frame's file can take (its raw RGBA samples plus one
/// filter byte per row as zlib stores them uncompressed, the PNG chunks, and the colour chunks
/// copied into every frame), rounded up to whole blocks: PNG compression usually writes less,
/// so the check errs on the side of refusing, and `--ignore-free-space` overrides it. Free space
/// and free inodes are what `statvfs(3)` reports as available to unprivileged users
/// (`f_bavail × f_frsize`, `f_favail`) on the output's file system. Messages name the command line's options
/// (`--max-frames`, `--ignore-free-space`).
public struct AnimationLimits: Sendable {
  /// The default ``maxFrames``.
  public static let defaultMaxFrames = 10_000
  /// The largest ``maxFrames`` (`--max-frames`) and frame count (`--frames`) one run takes.
  public static let framesCeiling = 1_000_000

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

  /// What the start time of a tap or trigger must be at `fps` frames per second, or `nil` when
  /// `time` (seconds) fits: one at T starts at frame ⌈T × fps⌉, so past ``framesCeiling``
  /// frames it would stretch the animation beyond what one run renders, and the tap, not the
  /// rate, is the value to change.
  ///
  /// The latest time is stated cut to 6 significant digits, so that it still fits.
  ///
  /// - Parameters:
  ///   - time: The start, seconds ≥ 0.
  ///   - fps: Frames per second, > 0.
  ///   - noun: What starts there, for the text: `tap` (`--tap`), `trigger` (a config's).
  /// - Returns: `a time of at most 100000 s: at 10 fps a later tap starts past the 1000000
  ///   frames one run renders`, or `nil`.
  public static func startProblem(time: Double, fps: Double, noun: String) -> String? {
    let latest = Double(framesCeiling) / fps
    guard time > latest else { return nil }
    return "a time of at most \(latest.roundedDown.formatted) s: at \(fps.formatted) fps a later "
      + "\(noun) starts past the \(framesCeiling) frames one run renders"
  }

  /// What a length of `duration` seconds must be at `fps` frames per second, or `nil` when it
  /// fits: it takes ⌈duration × fps⌉ frames (``FrameSchedule/frameCount(covering:fps:)``), so
  /// past ``framesCeiling`` frames no ``maxFrames`` allows it, and the length, not the rate, is
  /// the value to change.
  ///
  /// - Parameters:
  ///   - duration: The length, seconds > 0.
  ///   - fps: Frames per second, > 0.
  /// - Returns: `a duration of at most 33333.3 s: at 30 fps a longer one takes more than the
  ///   1000000 frames one run renders`, or `nil`.
  public static func durationProblem(duration: Double, fps: Double) -> String? {
    guard FrameSchedule.frameCount(covering: duration, fps: fps) > Double(framesCeiling) else {
      return nil
    }
    let longest = Double(framesCeiling) / fps
    return "a duration of at most \(longest.roundedDown.formatted) s: at \(fps.formatted) fps "
      + "a longer one takes more than the \(framesCeiling) frames one run renders"
  }

  /// Returns `explicit`, or else the frames that cover `duration` at `fps`: `⌈duration × fps⌉`,
  /// at least 1, computed in `Double` so that no product is converted to `Int` unchecked.
  ///
  /// - Parameters:
  ///   - explicit: A frame count the caller chose, if any.
  ///   - duration: Seconds to cover otherwise.
  ///   - fps: Frames per second.
  /// - Returns: The frame count.
  /// - Throws: ``RenderJob/Misfit/invalidValue(value:expected:)`` about `fps` when the frames
  ///   that cover `duration` are more than ``framesCeiling``, which no ``maxFrames`` allows, so
  ///   the rate itself is wrong (a front end's usage error, as a config's `duration` and `fps`
  ///   together are refused at decoding); ``CompositionError/limitExceeded(_:)`` above
  ///   ``maxFrames``, naming `--max-frames` when raising it helps.
  public func frameCount(explicit: Int?, duration: Double, fps: Double) throws -> Int {
    let count =
      explicit.map(Double.init) ?? FrameSchedule.frameCount(covering: duration, fps: fps)
    if explicit == nil && count > Double(Self.framesCeiling) {
      throw RenderJob.Misfit.invalidValue(
        value: fps.formatted,
        expected: "a rate that gives at most \(Self.framesCeiling) frames, the most one run "
          + "renders (\(duration.formatted) s at \(fps.formatted) fps is "
          + "\(count.formatted) frames)")
    }
    guard count <= Double(maxFrames) else {
      // The count alone when it was given: a config's `frames` or `duration` names no flag.
      let what =
        explicit != nil
        ? "\(count.formatted) frames are"
        : "\(duration.formatted) s at \(fps.formatted) fps gives \(count.formatted) frames,"
      let wayOut =
        maxFrames < Self.framesCeiling && count <= Double(Self.framesCeiling)
        ? "raise it with --max-frames N (at most \(Self.framesCeiling))"
        : "one run renders at most \(Self.framesCeiling) frames: lower the fps or the duration"
      throw CompositionError.limitExceeded(
        "\(what) more than the limit of \(maxFrames); \(wayOut)")
    }
    return Int(count)
  }

  /// Refuses `frames` frames of `width × height` pixels at `bitDepth` bits per sample when they
  /// may not fit where `directory` is (or would be created): their bytes, each file rounded up
  /// to whole blocks, against the free space, and one inode per frame against the free inodes.
  ///
  /// A frame's bytes are ``frameFileBytes(width:height:bitDepth:chunkBytes:)``, the most libpng
  /// writes when zlib cannot compress at all.
  ///
  /// - Parameters:
  ///   - frames: How many frames.
  ///   - width: Pixels.
  ///   - height: Pixels.
  ///   - bitDepth: Bits per sample, 8 or 16.
  ///   - chunkBytes: The data bytes of the chunks copied into every frame (an iCCP profile).
  ///   - directory: Where the frames go.
  /// - Throws: ``CompositionError/noSpace(_:)`` (exit 73) with both numbers and the ways out.
  public func checkFreeSpace(
    frames: Int, width: Int, height: Int, bitDepth: Int, chunkBytes: Int = 0, directory: String
  ) throws(CompositionError) {
    guard checksFreeSpace, let space = Self.freeSpace(near: directory) else { return }
    let fileBytes = Self.frameFileBytes(
      width: width, height: height, bitDepth: bitDepth, chunkBytes: chunkBytes)
    let block = Double(max(space.blockSize, 1))
    let frameBytes = (fileBytes / block).rounded(.up) * block
    let needed = Double(frames) * frameBytes
    guard needed <= Double(space.bytes) else {
      throw .noSpace(
        "\(directory): \(frames) frames of \(width) × \(height) pixels need up to "
          + "\(Self.bytes(needed)) uncompressed (\(Self.bytes(frameBytes)) each), but only "
          + "\(Self.bytes(Double(space.bytes))) is free there; free some space, render fewer frames "
          + "(--frames, --fps), or pass --ignore-free-space (PNG compression usually writes less)")
    }
    // A file system that reports no inodes at all (f_files = 0) allocates them as it goes.
    guard space.inodeCount == 0 || frames <= space.freeInodes else {
      throw .noSpace(
        "\(directory): \(frames) frames need \(frames) files, but only \(space.freeInodes) "
          + "inodes are free there; free some, render fewer frames (--frames, --fps), or pass "
          + "--ignore-free-space")
    }
  }

  /// The most bytes libpng writes for one frame: signature, IHDR, the copied chunks, the image
  /// data as zlib stores it uncompressed, and IEND.
  ///
  /// The raw data is `height × (1 + width × 4 × bitDepth / 8)` bytes (a filter byte per row);
  /// zlib's stored blocks add 5 bytes per block of at most 65 535 bytes (counted per 16 384 here,
  /// zlib's smallest buffer) plus 6 for its header and Adler-32; libpng splits IDAT into chunks
  /// of 8192 bytes, 12 bytes of length, type and CRC each; every copied chunk adds 12.
  ///
  /// - Parameters:
  ///   - width: Pixels.
  ///   - height: Pixels.
  ///   - bitDepth: Bits per sample, 8 or 16.
  ///   - chunkBytes: The data bytes of the copied chunks (at most five: the colour chunks).
  /// - Returns: Bytes, as `Double` so that no product overflows.
  ///
  /// Source: PNG Specification (Second Edition) §5 "Datastream structure"; RFC 1951 §3.2.4
  /// "Non-compressed blocks"; RFC 1950 §2.2; libpng 1.6 manual, `png_set_compression_buffer_size`.
  public static func frameFileBytes(
    width: Int, height: Int, bitDepth: Int, chunkBytes: Int
  ) -> Double {
    let raw = Double(height) * (1 + Double(width) * 4 * Double(bitDepth / 8))
    let zlib = raw + 5 * (raw / 16_384).rounded(.up) + 6
    let imageData = zlib + 12 * (zlib / 8192).rounded(.up)
    let signatureHeaderEnd = 8.0 + 25 + 12
    return signatureHeaderEnd + imageData + Double(chunkBytes) + 12 * 5
  }

  /// What `statvfs(3)` reports as available to unprivileged users on the file system of `path`,
  /// or of its nearest existing ancestor when `path` does not exist yet; `nil` if it fails there
  /// or the file system reports no blocks at all (`f_blocks` 0).
  ///
  /// A file system of no blocks has no free space to measure: `/proc` and `/sys` store no files
  /// (creating the output there fails, and that failure names the reason, as a still's does,
  /// rather than "0 B is free"), and a `tmpfs` mounted with `size=0` has no limit.
  ///
  /// - Parameter path: A file or directory, existing or not.
  /// - Returns: Free bytes (`f_bavail × f_frsize`), the block size (`f_frsize`), the free and
  ///   total inodes (`f_favail`, `f_files`), or `nil`.
  ///
  /// Source: statvfs(3) (`f_blocks`); the Linux kernel's Documentation/filesystems/tmpfs.rst
  /// (`size=0`: no limit).
  public static func freeSpace(near path: String) -> (
    bytes: Int, blockSize: Int, freeInodes: Int, inodeCount: Int
  )? {
    var candidate = path.isEmpty ? "." : path
    while true {
      var status = statvfs()
      if statvfs(candidate, &status) == 0 {
        guard status.f_blocks > 0 else { return nil }
        return (
          Int(clamping: UInt64(status.f_bavail) &* UInt64(status.f_frsize)),
          Int(clamping: UInt64(status.f_frsize)), Int(clamping: UInt64(status.f_favail)),
          Int(clamping: UInt64(status.f_files))
        )
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
  /// The value as messages write it.
  ///
  /// A whole number without a decimal point (`1800`), else the shortest form that reads back
  /// as this value: a `Float`'s own (`Float.description`, `4e+30`) when the value is exactly a
  /// `Float`, as a `Float` widened to `Double` is, rather than the widened digits
  /// (`4.000000060189865e+30`); the `Double`'s otherwise (`1e+30`). For messages.
  public var formatted: String {
    if self == rounded() && abs(self) < 1e15 { return "\(Int(self))" }
    let narrow = Float(self)
    return Double(narrow) == self ? "\(narrow)" : "\(self)"
  }

  /// The value cut to 6 significant digits, towards zero (33333.333… is 33333.3), so that a
  /// limit stated as "at most" this value still holds for it; 0, infinities and NaN unchanged.
  var roundedDown: Double {
    guard isFinite, self != 0 else { return self }
    let scale = pow(10, 5 - floor(log10(abs(self))))
    let cut = (self * scale).rounded(.towardZero) / scale
    return cut.isFinite && abs(cut) <= abs(self) ? cut : self
  }
}
