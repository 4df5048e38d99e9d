/// The timed trial that chooses a function's row form (``MetalRowForm``, ``MetalFormChoice``):
/// its sample, its rounds and the rule that names the winner.
///
/// Both forms render the same bytes, so only their speed differs, and clang's verdict (the
/// lane form when the scalar pixel loop is not vectorised) guesses it wrong both ways:
/// Archetapp's lightning vectorises as scalar code that computes per pixel what the lane form
/// keeps as one value, and fourier-series runs one step of its loop at t = 1.3, where the lane
/// form costs more than the scalar loop (Benchmarks/README.md, issue 26). So the first tiles
/// large enough render a few of their rows in each form, inside the sandboxed workers as every
/// shader run is, with the frame's real arguments, and the faster form is kept:
/// - each of the first ``tiles`` tiles (bands of whole rows) samples ``sampleRows`` or more
///   rows spread over itself, at least ``minimumPixels`` pixels, each row a request; the
///   trial sums the tiles' times, so it weighs the frame's parts as the frame does;
/// - each form's time is the CPU time its worker spent (``ShaderWorker/cpuNanoseconds``), not
///   the wall clock, which on a shared machine counts the scheduler's waits;
/// - per tile the forms alternate, the verdict's first, for up to ``rounds`` rounds (one when
///   both runs took ``longRunNanoseconds``: long runs are measured well once), and each
///   form's best run counts;
/// - the other form wins only when its sum is below ``margin`` times the verdict's, so noise
///   leaves the verdict's form;
/// - the other form's run is stopped (and the verdict wins) past ``patience`` times the
///   verdict's shortest run on that tile (wall clock) plus ``slackNanoseconds``, so a much
///   slower form costs the frame a bounded time once.
enum MetalFormTrial {
  /// The fewest pixels a trial times per form and round: a tile with fewer (a small image)
  /// runs no trial, and the function keeps its verdict's form until one large enough.
  static let minimumPixels = 2048
  /// The fewest rows sampled from a tile (more when its rows are shorter than
  /// ``minimumPixels`` / 4).
  static let sampleRows = 4
  /// The most rounds per tile (one run of each form per round).
  static let rounds = 2
  /// The tiles whose samples a trial sums: a tile is a band of whole rows, 2 per renderer
  /// thread, so at 2 threads the trial covers the whole first frame (a single tile's
  /// sample missed where a frame's cost lies: tron-gridscape's top band chose the scalar
  /// form, 6× slower over the frame).
  static let tiles = 4
  /// A round whose two runs each took at least this CPU time ends the trial, nanoseconds.
  static let longRunNanoseconds: UInt64 = 20_000_000
  /// The other form wins when its best time is below this fraction of the verdict's best.
  static let margin = 0.9
  /// How many times the verdict's shortest run on the wall clock the other form's run may
  /// take before it is stopped, with ``slackNanoseconds`` on top.
  static let patience: Int64 = 4
  /// The other form's slack on top of ``patience``, nanoseconds (0.5 s): its first run
  /// starts its worker (a process, the library's check and load), and a loaded machine may
  /// hold a run back for tens of milliseconds; a stop on such a delay would crown the verdict
  /// for good.
  static let slackNanoseconds: Int64 = 500_000_000

  /// The rows sampled from a tile of `rows` rows of `count` pixels, as offsets into the tile,
  /// ascending: `k` rows at the middles of `k` equal parts of the tile; empty when the tile
  /// holds fewer than ``minimumPixels`` pixels.
  static func sample(rows: Int, count: Int) -> [Int] {
    guard rows > 0, count > 0, rows * count >= minimumPixels else { return [] }
    let k = min(rows, max(sampleRows, (minimumPixels + count - 1) / count))
    // Consecutive offsets are rows / k ≥ 1 apart before rounding down, so they differ.
    return (0..<k).map { (2 * $0 + 1) * rows / (2 * k) }
  }

  /// The form that wins a trial.
  ///
  /// `verdict`, unless the other's best time (`otherTimes`, nanoseconds per run) is below
  /// ``margin`` times the verdict's best (`verdictTimes`). No times for the other (it failed or
  /// was stopped) leave the verdict.
  static func winner(
    verdict: MetalRowForm, verdictTimes: [UInt64], otherTimes: [UInt64]
  ) -> MetalRowForm {
    guard let mine = verdictTimes.min(), let theirs = otherTimes.min() else { return verdict }
    return Double(theirs) < margin * Double(mine) ? verdict.other : verdict
  }
}
