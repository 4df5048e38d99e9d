extension RenderJob.Input {
  /// Runs `check`, a check of a size over this input (a pass's padded layer,
  /// ``ChainRenderer/checkPaddedSize(of:maxSampleOffset:function:storesPadding:pixelLimit:)``),
  /// with a ``CompositionError/limitExceeded(_:)`` it throws reported as `FILE: problem` when
  /// the input is a file, as every error about an input reads.
  ///
  /// - Returns: What `check` returns.
  /// - Throws: What `check` throws; its ``CompositionError/limitExceeded(_:)`` prefixed with
  ///   ``path`` when there is one.
  func naming<Result>(_ check: () throws -> Result) throws -> Result {
    do {
      return try check()
    } catch CompositionError.limitExceeded(let message) where path != nil {
      throw CompositionError.limitExceeded("\(path ?? ""): \(message)")
    }
  }
}
