import LayerFX
import LayerFXMath

// Emboss from its three taps' channel planes: the samples ahead, behind and at the pixel are the
// same offsets from every pixel, so the texel rows they read are transposed into planes once per
// run instead of each sample's four texels once per pixel (OffsetTapRun), then the body's own
// arithmetic (`relief`) makes the grey. At 3840 × 2160 the body samples three times a pixel,
// each a bilinear blend and a transpose into planes.
extension Emboss {
  /// `d`, `−d` and the pixel itself, in the order ``shadeOffsetTaps(_:)`` reads them.
  public var tapOffsets: [float2]? { [step, -step, .zero] }

  /// Shades the run from its taps' samples.
  ///
  /// - Parameter run: At least eight pixels whose taps read the layer's interior.
  public func shadeOffsetTaps(_ run: OffsetTapRun) {

    TexelRun.forEachBatch(of: run.count) { pixel in
      run.store(
        relief(
          ahead: run.sample(0, at: pixel), behind: run.sample(1, at: pixel),
          color: run.sample(2, at: pixel)),
        at: pixel)
    }
  }
}
