import LayerFX
import LayerFXPNG

/// One render, described in full: the input and the effect chain (arguments, keyframes and
/// triggers inside each ``AnimatedEffect``), or a fill drawn alone; the schedule, the output,
/// the debug options and the limits; ``run(checkOnly:events:)`` renders it.
///
/// A front end (the command line, a config document, a browser page) builds a job and makes one
/// call; every check a render runs before its first frame (padded sizes over the whole
/// schedule, memory, free space, the output's folder) is the job's, in the same order for every
/// front end. What a front end states about a setting (which flag or key gave it) stays with the
/// front end: a check about one setting throws ``RenderJobError`` naming the ``Setting``.
///
/// Source: `Documentation/Semantics.md` §4 (padding and `maxSampleOffset`), §5 (the clock and
/// triggers), §7 (keyframes).
public struct RenderJob: Sendable {
  /// What the frames are drawn from.
  public var source: Source
  /// One frame at a time, or an animation.
  public var schedule: Schedule
  /// Where the frames go and how they are encoded.
  public var output: Output
  /// Overlays and the bounds check.
  public var debug: Debug
  /// The pixel, frame, memory and free-space limits, and the renderer's threads and tiles.
  public var limits: Limits
  /// Files the render reads besides the input (a config, a keyframes file, `.metal` sources),
  /// which no output may replace; compared by device and inode.
  public var reads: [String]

  /// Creates a job of `chain` over `input`.
  ///
  /// - Parameters:
  ///   - input: The image the chain reads.
  ///   - chain: The effects, innermost first, their offsets resolved
  ///     (``MaxSampleOffsetSources/resolve(_:)``).
  ///   - schedule: One frame or an animation.
  ///   - output: The destination.
  ///   - debug: Overlays and the bounds check; none by default.
  ///   - limits: The limits and the renderer.
  ///   - reads: Other files the render reads.
  public init(
    input: Input, chain: EffectChain, schedule: Schedule, output: Output, debug: Debug = Debug(),
    limits: Limits, reads: [String] = []
  ) {
    self.init(
      source: .chain(chain, over: input), schedule: schedule, output: output, debug: debug,
      limits: limits, reads: reads)
  }

  /// Creates a job.
  ///
  /// - Parameters:
  ///   - source: A chain over an input, or a fill.
  ///   - schedule: One frame or an animation (a fill's is a PNG sequence).
  ///   - output: The destination.
  ///   - debug: Overlays and the bounds check; none by default.
  ///   - limits: The limits and the renderer.
  ///   - reads: Other files the render reads.
  public init(
    source: Source, schedule: Schedule, output: Output, debug: Debug = Debug(), limits: Limits,
    reads: [String] = []
  ) {
    self.source = source
    self.schedule = schedule
    self.output = output
    self.debug = debug
    self.limits = limits
    self.reads = reads
  }

  /// The files no output may replace: the input's file, if any, and ``reads``.
  public var protectedPaths: [String] {
    guard case .chain(_, let input) = source, let path = input.path else { return reads }
    return [path] + reads
  }

  /// What a job's frames are drawn from.
  public enum Source: Sendable {
    /// The effects, innermost first, over an input image.
    case chain(EffectChain, over: Input)
    /// A fill drawn alone over a new image (Semantics §1.5).
    case fill(Fill)
  }

  /// The image a chain reads: decoded pixels, the colour chunks its outputs copy, and the file
  /// it came from.
  public struct Input: Sendable {
    /// Premultiplied RGBA, at its scale (pixels per point).
    public var image: Image
    /// The PNG's colour chunks, copied to every output; empty for a generated image.
    public var metadata: PNGMetadata
    /// The file the image was read from; `nil` for a generated one (a test card, a fill).
    public var path: String?

    /// Creates an input.
    ///
    /// - Parameters:
    ///   - image: Premultiplied RGBA.
    ///   - metadata: Colour chunks to copy; none by default.
    ///   - path: The file read, which no output may replace; `nil` for none.
    public init(_ image: Image, metadata: PNGMetadata = PNGMetadata(), path: String? = nil) {
      self.image = image
      self.metadata = metadata
      self.path = path
    }

    /// The bytes of the colour chunks an output copies.
    var chunkBytes: Int { metadata.colorChunks.reduce(0) { $0 + $1.data.count } }
  }
}
