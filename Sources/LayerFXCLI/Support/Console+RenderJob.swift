import LayerFXComposition
import LayerFXMetal

extension Console {
  /// A render job's events on the command line: the progress line on a terminal (frames done,
  /// frames per second, time left: ``RenderProgress``), the overlays'
  /// legend and bounds reports on standard error (`layerfx: overlay: …`, `layerfx: bounds: …`),
  /// `-o -` to standard output, and the `.metal` fault check
  /// (``LayerFXMetal/MetalFaults/check(at:)``).
  var renderJobEvents: RenderJobEvents {
    let progress = RenderProgress()
    return RenderJobEvents(
      progress: { frame, count in
        guard self.isErrorTerminal else { return }
        self.progress(progress.line(frame: frame, of: count))
      },
      progressEnded: { self.endProgress() },
      overlayLegend: { self.error("layerfx: overlay: \($0)") },
      boundsReport: { self.error("layerfx: bounds: \($0)") },
      standardOutput: { try self.writeOutput($0) },
      checkFaults: { checkpoint in
        switch checkpoint {
        case .still(let time):
          try MetalFaults.check(at: time.map { "t = \($0) s" })
        case .frame(let index, let time, let outcome):
          try MetalFaults.check(frame: index, time: time, outcome: outcome)
        case .finish: try MetalFaults.check()
        }
      })
  }
}
