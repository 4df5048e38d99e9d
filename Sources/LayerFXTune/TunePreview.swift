import LayerFX
import LayerFXComposition
import LayerFXMetal

/// One rendered preview frame: the PNG, the render's time, and the bounds checker's line and
/// suggested `maxSampleOffset` when it ran.
struct TunePreview {
  /// The PNG file's bytes.
  var png: [UInt8] = []
  /// Milliseconds from the request's turn to the encoded PNG (decode, load, render, encode).
  var milliseconds = 0.0
  /// The bounds checker's reports, one line each; empty when it did not run.
  var bounds: [String] = []
  /// The smallest offset covering every pass's samples, points per axis
  /// (`LayerFX.SampleBoundsReport.sufficientOffset`, the largest over the passes).
  var suggestedOffset: SIMD2<Float>?

  /// The answer: 200 `image/png` with `X-LayerFX-Render-Ms`, and `X-LayerFX-Bounds` and
  /// `X-LayerFX-Suggested-Max-Sample-Offset` (rounded up to 2 decimals) when the bounds
  /// checker ran.
  var response: TuneResponse {
    var headers = [("X-LayerFX-Render-Ms", String(format: "%.1f", milliseconds))]
    if !bounds.isEmpty {
      headers.append(("X-LayerFX-Bounds", bounds.joined(separator: "; ")))
    }
    if let offset = suggestedOffset {
      // Shown to people and copied into configs: rounded up, as the bounds line rounds it.
      let text = [offset.x, offset.y].map { $0.decimalText(places: 2, rounding: .up) }
      headers.append(("X-LayerFX-Suggested-Max-Sample-Offset", text.joined(separator: ",")))
    }
    headers.append(("Cache-Control", "no-store"))
    return TuneResponse(status: 200, contentType: "image/png", body: png, headers: headers)
  }

  /// Collects what a render job's events deliver into a preview.
  final class Collector: @unchecked Sendable {
    var preview = TunePreview()
    var milliseconds: Double {
      get { preview.milliseconds }
      set { preview.milliseconds = newValue }
    }

    /// The job's events: the PNG arrives as standard output; `isCancelled` is asked before the
    /// frame renders; a compiled shader's fault fails the render.
    func events(isCancelled: @escaping () -> Bool) -> RenderJobEvents {
      RenderJobEvents(
        boundsReport: { self.preview.bounds.append($0) },
        stillBoundsReports: { reports in
          self.preview.suggestedOffset = reports.map(\.sufficientOffset).reduce(.zero) {
            pointwiseMax($0, $1)
          }
        },
        standardOutput: { self.preview.png = Array($0) },
        checkFaults: { checkpoint in
          guard let fault = MetalFaults.first else { return }
          let moment: String? =
            if case .still(let time?) = checkpoint { "t = \(time) s" } else { nil }
          throw TuneFault(description: fault.description(at: moment))
        },
        isCancelled: isCancelled)
    }
  }
}
