import LayerFX

extension RenderJob.Input {
  /// The passes of `renderer` (built over this input) at `times`, their padded sizes checked
  /// (``ChainRenderer/checkedPasses(at:pixelLimit:)``), with a padded size too large reported
  /// as `FILE: problem` when the input is a file, as every error about the input reads.
  ///
  /// - Parameters:
  ///   - renderer: The chain's renderer over this input.
  ///   - times: The frame times, seconds.
  ///   - pixelLimit: The most pixels a stored padded layer may have.
  /// - Returns: One list of prepared passes per time.
  /// - Throws: What ``ChainRenderer/checkedPasses(at:pixelLimit:)`` throws; its
  ///   ``CompositionError/limitExceeded(_:)`` prefixed with ``path`` when there is one.
  func checkedPasses(
    of renderer: ChainRenderer, at times: [Double], pixelLimit: Int
  ) throws -> [[PreparedShader]] {
    do {
      return try renderer.checkedPasses(at: times, pixelLimit: pixelLimit)
    } catch CompositionError.limitExceeded(let message) where path != nil {
      throw CompositionError.limitExceeded("\(path ?? ""): \(message)")
    }
  }
}
