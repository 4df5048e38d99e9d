import LayerFX

extension MaxSampleOffsetSources {
  /// Refuses an offset for every pass (``shared``) when none of `functions` samples: only
  /// layer and distortion effects declare a `maxSampleOffset`; a colour effect reads only its
  /// own pixel and a fill has no layer to read.
  ///
  /// Source: `Documentation/Semantics.md` §4.
  ///
  /// - Parameter functions: The passes the offset would apply to.
  /// - Throws: ``RenderJobError`` about ``RenderJob/Setting/maxSampleOffset`` naming the pass
  ///   and its kind, for one pass; for several, that none of them samples.
  public static func checkSamples(_ functions: [ShaderFunction]) throws(RenderJobError) {
    guard !functions.contains(where: { $0.kind == .layer || $0.kind == .distortion }) else {
      return
    }
    let what =
      functions.count == 1
      ? "\(functions[0].name) is a \(functions[0].kind == .fill ? "fill" : "colour effect")"
      : "no pass of the chain is one"
    throw RenderJobError(
      setting: .maxSampleOffset,
      underlying: RenderJob.Misfit.invalid(
        commandLine: "--max-sample-offset is taken only by layer and distortion effects; \(what)",
        inConfig: "only layer and distortion effects take a maxSampleOffset; \(what)"))
  }

  /// Refuses a layer or distortion effect whose kernel declares no `maxSampleOffset` (a `.metal`
  /// function) when neither the offset for every pass nor the effect's own gives one: SwiftUI's
  /// `layerEffect(_:maxSampleOffset:)` and `distortionEffect(_:maxSampleOffset:)` take it as a
  /// required argument, and a layer padded by 0 would streak its edges without a word.
  ///
  /// Source: `Documentation/Semantics.md` §4.1, §4.2.
  ///
  /// - Parameters:
  ///   - effects: Each effect's function and whether it has its own offset
  ///     (`--effect NAME:maxSampleOffset=X,Y`).
  ///   - given: Whether an offset for every pass is given (`--max-sample-offset`).
  ///   - isChain: Whether the effects come from `--effect` (the message then names its item).
  /// - Throws: ``RenderJobError`` about no one setting, a ``RenderJob/Misfit`` naming
  ///   `--max-sample-offset` and how to measure one.
  public static func checkRequired(
    _ effects: [(function: ShaderFunction, hasOwn: Bool)], given: Bool, isChain: Bool = false
  ) throws(RenderJobError) {
    guard !given,
      let function = effects.first(where: { !$0.hasOwn && $0.function.requiresMaxSampleOffset })?
        .function
    else { return }
    let kind = function.kind.rawValue
    let options =
      isChain
      ? "--max-sample-offset X,Y or --effect …:\(function.name):maxSampleOffset=X,Y (points)"
      : "--max-sample-offset X,Y (points)"
    throw RenderJobError(
      setting: nil,
      underlying: RenderJob.Misfit.invalid(
        commandLine: "\(function.name) is a \(kind) effect that declares no maxSampleOffset (a "
          + ".metal function cannot): give \(options), as SwiftUI's "
          + "\(kind)Effect(_:maxSampleOffset:) requires; to measure one, run with "
          + "--max-sample-offset 0,0 --check-bounds, whose report names the maxSampleOffset "
          + "that would be enough",
        inConfig: nil))
  }
}
