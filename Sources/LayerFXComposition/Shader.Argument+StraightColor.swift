import LayerFX

extension Shader.Argument {
  /// Why a colour given with straight alpha, as a config and the command line give one, is not
  /// one: the first channel outside 0…1, in R,G,B,A order, named with its value as written
  /// (`red is 2, outside 0…1`).
  ///
  /// - Parameter channels: Red, green, blue and alpha: each its value and its text as the user
  ///   wrote it (the command line's digits as typed, a config's number as
  ///   ``Swift/Float/shortDescription`` prints it).
  /// - Returns: The problem, or `nil` when every channel lies in 0…1.
  ///
  /// Source: `Documentation/Semantics.md` §3.8 (colour arguments).
  public static func straightColorProblem(_ channels: [(value: Float, text: String)]) -> String? {
    for (name, channel) in zip(["red", "green", "blue", "alpha"], channels)
    where !(0...1).contains(channel.value) {
      return "\(name) is \(channel.text), outside 0…1"
    }
    return nil
  }
}
