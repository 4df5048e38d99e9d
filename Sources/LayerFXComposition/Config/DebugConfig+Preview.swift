import Foundation
import LayerFX
import LayerFXMath

extension DebugConfig {
  /// Checks every effect at the times `layerfx tune` previews (``Debug/previewTimes``, else four
  /// spread over the animation), over the config's input: what `layerfx config check` runs for
  /// a config that names neither `output.time` nor `output.fps`.
  ///
  /// The input is loaded at the config's scale (a file decoded, a fill drawn) for its size in
  /// points; without an input, a 1 × 1 point image.
  ///
  /// - Parameters:
  ///   - file: The config's path, for messages.
  ///   - limits: The pixel and memory limits the input is loaded with.
  ///   - loadInput: Loads the input at the config's scale, for a front end that tags the errors
  ///     with the key that named the file; `nil`:
  ///     ``RenderJob/Input/init(loading:named:scale:limits:warn:)`` with `limits`, without
  ///     libpng's warnings.
  /// - Throws: What loading the input throws; ``ConfigError`` naming the key of a value that
  ///   does not fit at a preview time, padded sizes included
  ///   (``checkPreview(file:image:pixelLimit:)``).
  public func checkPreview(
    file: String, limits: RenderJob.Limits,
    loadInput: ((Input) throws -> RenderJob.Input)? = nil
  ) throws {
    guard let input else {
      let sizeInPoints = float2(1, 1)
      let endTime = chain(sizeInPoints: sizeInPoints).endTime
      try checkSchedule(
        file: file, sizeInPoints: sizeInPoints, times: debug.previewTimes(endTime: endTime))
      return
    }
    let loaded =
      try loadInput?(input)
      ?? RenderJob.Input(loading: input, scale: Float(scale), limits: limits, warn: { _, _ in })
    try checkPreview(file: file, image: loaded.image, pixelLimit: limits.pixelLimit)
  }

  /// Checks every effect at the times `layerfx tune` previews over `image`, the loaded input,
  /// each layer and distortion pass's padded size included
  /// (``checkSchedule(file:image:times:pixelLimit:)``): the check `layerfx config check` and
  /// `layerfx tune` share, so both name the config and the key of a value that does not fit.
  ///
  /// - Parameters:
  ///   - file: The config's path, for messages.
  ///   - image: The config's input, loaded at the config's scale.
  ///   - pixelLimit: The most pixels a padded layer may have.
  /// - Throws: ``ConfigError/invalidValue(file:path:reason:)`` at the key of the first value
  ///   that does not fit.
  public func checkPreview(file: String, image: Image, pixelLimit: Int) throws(ConfigError) {
    let endTime = chain(sizeInPoints: image.sizeInPoints).endTime
    try checkSchedule(
      file: file, image: image, times: debug.previewTimes(endTime: endTime),
      pixelLimit: pixelLimit)
  }

  /// A config document's `debug.shaderTimeout` when it is a number in
  /// ``Debug/shaderTimeoutRange`` (> 0, at most an hour), read before the
  /// document is decoded (its `.metal` effects are compiled while it is); any other value is
  /// left to the decoder, which refuses it naming the key.
  ///
  /// - Parameter data: The document's bytes.
  /// - Returns: Seconds, or `nil`.
  public static func shaderTimeout(in data: Data) -> Double? {
    let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    let debug = document?["debug"] as? [String: Any]
    guard let seconds = (debug?["shaderTimeout"] as? NSNumber)?.doubleValue,
      seconds > 0, seconds <= Debug.longestShaderTimeout
    else { return nil }
    return seconds
  }
}
