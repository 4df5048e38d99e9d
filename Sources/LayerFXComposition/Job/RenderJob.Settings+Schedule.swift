import LayerFXPNG

extension RenderJob.Settings {
  /// The schedule the settings give: one frame at ``time``, or an animation at the timing's
  /// `fps` of its `frames` frames or until `endTime`, within its `frameRange`.
  ///
  /// - Parameters:
  ///   - endTime: When the chain's last replay ends, seconds ≥ 0.
  ///   - limits: The most frames allowed.
  ///   - bitDepth: The PNG encoding's bits per sample (an APNG writes 8).
  /// - Returns: One frame, or the animation's frame count and the frames selected.
  /// - Throws: ``RenderJobError`` about ``RenderJob/Setting/fps`` or
  ///   ``RenderJob/Setting/frames`` (more frames than `limits` allow),
  ///   ``RenderJob/Setting/frameRange`` (frames the animation does not have) or
  ///   ``RenderJob/Setting/format`` (an APNG of 16-bit samples).
  public func schedule(endTime: Double, limits: AnimationLimits, bitDepth: PNGEncoder.BitDepth)
    throws(RenderJobError) -> RenderJob.Schedule
  {
    if let time { return .still(time: time) }
    guard let fps = timing.fps else { preconditionFailure("Settings have a time or an fps") }
    let count: Int
    do {
      count = try limits.frameCount(explicit: timing.frames, duration: endTime, fps: fps)
    } catch {
      throw RenderJobError(setting: countSetting, underlying: error)
    }
    let selected = try timing.frameRange.map { range throws(RenderJobError) in
      guard let indices = range.indices(in: count) else {
        let frames = count == 1 ? "1 frame" : "\(count) frames"
        throw RenderJobError(
          setting: .frameRange,
          underlying: RenderJob.Misfit.invalidValue(
            value: range.description,
            expected: "frames from 0 to \(count - 1) (the animation has \(frames))"))
      }
      return indices
    }
    if format == .apng && bitDepth == .sixteen {
      throw RenderJobError(
        setting: .format,
        underlying: RenderJob.Misfit.invalid(
          commandLine: "--format apng writes 8-bit samples: drop --bit-depth 16", inConfig: nil))
    }
    return .animation(fps: fps, frameCount: count, frames: selected)
  }

  /// The times the schedule renders, for checks of a config's values over the whole schedule
  /// before the first frame (``RenderJob/Timing/times(endTime:limits:)``).
  ///
  /// - Throws: ``RenderJobError`` about ``RenderJob/Setting/frames`` or
  ///   ``RenderJob/Setting/fps`` for more frames than `limits` allow.
  public func times(endTime: Double, limits: AnimationLimits) throws(RenderJobError) -> [Double] {
    do {
      return try timing.times(endTime: endTime, limits: limits)
    } catch {
      throw RenderJobError(setting: countSetting, underlying: error)
    }
  }

  /// The setting the frame count comes from: the timing's `frames`, else its `fps`.
  private var countSetting: RenderJob.Setting { timing.frames == nil ? .fps : .frames }
}
