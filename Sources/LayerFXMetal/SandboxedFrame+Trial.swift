import CLayerFXMetalGuard
import CLayerFXSandbox
import LayerFX

extension SandboxedFrame {
  /// Times both forms of the function on the `sample` rows of this tile (``MetalFormTrial``)
  /// and reports the tile's best times to the choice
  /// (``MetalFormChoice/report(_:verdictTime:otherTime:)``), which settles the form once
  /// ``MetalFormTrial/tiles`` tiles have reported; returns the form faster on this tile's
  /// sample, in which the caller renders the tile (the first frame does not wait for the
  /// trial to settle in the verdict's form; both forms give the same bytes).
  ///
  /// The sampled rows are the frame's own, rendered into the destination by each form in
  /// turn (the same bytes).
  ///
  /// A failure of the verdict's form (a fault, a worker's death, the frame's time limit) gives
  /// the tile's part in the trial back unreported: the caller's render of the whole tile in
  /// that form then fails as it would have without a trial (the same first faulting row, the
  /// same signal or limit), and that failure is the one reported. A failure of the other form
  /// (it faults, or is stopped at ``MetalFormTrial/patience`` times the verdict's time) makes
  /// the verdict the winner: the verdict's form rendered those rows, so the frame is not the
  /// other form's to fail.
  func trial(
    _ first: RowKernel.Run, rows: Int, destinationStride: Int, sourceStride: Int,
    verdict: MetalRowForm, sample: [Int], deadline: Int64
  ) -> MetalRowForm {
    let index = Int(function)
    // One run of `form` over the sample: its CPU time as the trial counts it, and its
    // wall-clock time (nanoseconds).
    func run(_ form: MetalRowForm, deadline: Int64) throws(ShaderWorker.Failure) -> (
      time: UInt64, wall: Int64
    ) {
      let start = lfx_monotonic_ns()
      var total: UInt64 = 0
      for offset in sample {
        total += try render(
          first, from: offset, rows: 1, destinationStride: destinationStride,
          sourceStride: sourceStride, form: form, deadline: deadline)
      }
      return (choice.counted(form, total), lfx_monotonic_ns() - start)
    }
    var verdictTimes: [UInt64] = []
    var otherTimes: [UInt64] = []
    // The verdict's shortest run on the wall clock (at most an hour), which bounds the other
    // form's.
    var verdictWall: Int64 = 3_600_000_000_000
    for round in 0..<MetalFormTrial.rounds {
      let order = round % 2 == 0 ? [verdict, verdict.other] : [verdict.other, verdict]
      for form in order {
        if form == verdict {
          do {
            let (time, wall) = try run(verdict, deadline: deadline)
            verdictTimes.append(time)
            verdictWall = Swift.min(verdictWall, wall)
          } catch {
            choice.abandonTrial(of: index)
            return verdict
          }
        } else {
          let bound =
            lfx_monotonic_ns() + verdictWall * MetalFormTrial.patience
            + MetalFormTrial.slackNanoseconds
          do {
            otherTimes.append(try run(form, deadline: Swift.min(deadline, bound)).time)
          } catch {
            choice.report(index, verdictTime: verdictTimes.min() ?? 0, otherTime: nil)
            return verdict
          }
        }
      }
      let long = MetalFormTrial.longRunNanoseconds
      if let mine = verdictTimes.last, let theirs = otherTimes.last, mine >= long, theirs >= long {
        break
      }
    }
    choice.report(index, verdictTime: verdictTimes.min() ?? 0, otherTime: otherTimes.min())
    return MetalFormTrial.winner(
      verdict: verdict, verdictTimes: verdictTimes, otherTimes: otherTimes)
  }
}
