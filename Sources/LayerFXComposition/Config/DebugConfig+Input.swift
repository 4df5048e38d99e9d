import LayerFX
import LayerFXMath

extension DebugConfig {
  /// The config's `input`: a PNG file, the test card, or a fill.
  ///
  /// - A string: `"testcard:WxH"` (the built-in test card, sides 1…65535), or a PNG file's path
  ///   relative to the config's folder.
  /// - An object `{"fill": NAME, "pixels": [W, H], PARAMETER: VALUE, …}`: a built-in fill drawn
  ///   at `pixels` (width and height), with its parameters by name (a view-size parameter left
  ///   out is the image's size in points). `pixels`, not `size`: fills have a `size` parameter.
  ///
  /// Source: `Documentation/Semantics.md` §1.5 (fills).
  public enum Input: Sendable {
    /// A PNG file, the path resolved against the config's folder.
    case file(String)
    /// The built-in test card of this size, pixels.
    case testCard(width: Int, height: Int)
    /// A fill drawn at this size, pixels, with its arguments by name; `kernel` is the `fill`
    /// text as resolved (a built-in name, or `FILE.metal:FUNCTION` with the file's path resolved
    /// against the config's folder), which a dump writes back, as it writes each image
    /// argument's PNG file from `imagePaths` (by parameter, resolved the same way).
    case fill(
      ShaderFunction, arguments: [(name: String, value: Shader.Argument)], width: Int, height: Int,
      kernel: String, imagePaths: [String: String] = [:])

    /// The input as the command line names it (`photo.png`, `testcard:64x48`); `nil` for a fill.
    public var commandLineText: String? {
      switch self {
      case .file(let path): path
      case .testCard(let width, let height): "testcard:\(width)x\(height)"
      case .fill: nil
      }
    }

    /// The path of the file it reads, if any.
    public var path: String? {
      if case .file(let path) = self { return path }
      return nil
    }

    init(_ decoder: any Decoder, directory: String, resolve: DebugConfig.Resolver) throws {
      if let text = try? decoder.singleValueContainer().decode(String.self) {
        guard !text.isEmpty else {
          throw ConfigIssue(
            codingPath: decoder.codingPath,
            .invalidValue("expected a PNG file's path or testcard:WxH, not an empty string"))
        }
        guard text.hasPrefix("testcard:") else {
          self = .file(DebugConfig.resolve(text, in: directory))
          return
        }
        // Empty sides are kept, so `testcard:5xx6` is refused here as on the command line.
        let sides = text.dropFirst("testcard:".count).split(
          separator: "x", omittingEmptySubsequences: false)
        guard let size = Self.size(sides) else {
          throw ConfigIssue(
            codingPath: decoder.codingPath,
            .invalidValue("expected testcard:WxH with sides from 1 to 65535 (digits only)"))
        }
        self = .testCard(width: size.x, height: size.y)
        return
      }
      // A number, an array or a Boolean: said as what the key takes, a string first, as the
      // schema's description does (not Foundation's "an object" for the fill alone).
      guard let c = try? decoder.container(keyedBy: ConfigKey.self) else {
        throw ConfigIssue(
          codingPath: decoder.codingPath,
          .typeMismatch("a PNG file's path or testcard:WxH (a string), or a fill object"))
      }
      let kernel = DebugConfig.resolveKernel(
        try c.decode(String.self, forKey: "fill"), in: directory)
      let function: ShaderFunction
      do {
        function = try resolve(kernel)
      } catch {
        throw ConfigIssue(
          codingPath: c.codingPath + [ConfigKey(stringValue: "fill")], .invalidValue("\(error)"))
      }
      try c.check(
        function.kind == .fill, "fill",
        "'\(function.name)' is a \(function.kind) effect, not a fill")
      try c.rejectUnknownKeys(allowed: Set(function.parameters.map(\.name) + ["fill", "pixels"]))
      let sides = try c.floats("pixels", count: 2) ?? []
      guard sides.count == 2, let size = Self.size(sides.map { "\(Int(exactly: $0) ?? 0)" }) else {
        throw ConfigIssue(
          codingPath: c.codingPath + [ConfigKey(stringValue: "pixels")],
          .invalidValue("expected [width, height], whole pixels from 1 to 65535"))
      }
      var arguments: [(name: String, value: Shader.Argument)] = []
      var imagePaths: [String: String] = [:]
      for parameter in function.parameters {
        if let argument = try c.argument(parameter, directory: directory) {
          arguments.append((parameter.name, argument))
          imagePaths[parameter.name] = try c.imagePath(parameter, directory: directory)
        }
      }
      self = .fill(
        function, arguments: arguments, width: size.x, height: size.y, kernel: kernel,
        imagePaths: imagePaths)
    }

    /// Two sides from 1 to 65535, in digits (`Int("+5")` is 5, but a side has no sign).
    private static func size(_ parts: [some StringProtocol]) -> SIMD2<Int>? {
      guard parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
        parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
        (1...65535).contains(w), (1...65535).contains(h)
      else { return nil }
      return SIMD2(w, h)
    }
  }
}
