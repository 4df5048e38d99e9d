extension PNGInfo {
  /// The header and chunk list as `layerfx info` prints them, one `key: value` line each
  /// (size, colour type, bit depth, interlace, for an APNG the animation, chunks), without the
  /// file's name.
  ///
  /// The animation line is ``PNGAnimation/summary`` (`animation: 30 frames, 3 s, loops
  /// forever`); the chunks are ``chunkRuns``.
  public var summary: String {
    """
    size: \(width) × \(height) pixels
    colour type: \(colorType.rawValue) (\(colorType.name))
    bit depth: \(bitDepth)
    interlace: \(interlaceMethod == .adam7 ? "Adam7" : "none")
    \(animation.map { "animation: \($0.summary)\n" } ?? "")chunks: \(chunkRuns)
    """
  }

  /// The chunk types in file order, a run of one type written once with its count, then a run
  /// of one repeated pair written once in parentheses with its count: `IHDR IDAT×57 IEND`, and
  /// for an APNG, whose frames after the first are each an `fcTL` and its `fdAT` data,
  /// `IHDR acTL fcTL IDAT (fcTL fdAT)×29 IEND` (`(fcTL fdAT×3)×29` when each frame's data
  /// spans three chunks).
  ///
  /// Pairs are found from the left, each at the first place it repeats, after single types
  /// have been grouped.
  public var chunkRuns: String {
    var runs: [(name: String, count: Int)] = []
    for name in chunkNames {
      if let last = runs.last, last.name == name {
        runs[runs.count - 1].count += 1
      } else {
        runs.append((name, 1))
      }
    }
    let words = runs.map { $0.count == 1 ? $0.name : "\($0.name)×\($0.count)" }
    var parts: [String] = []
    var index = 0
    while index < words.count {
      var repeats = 1
      while index + 2 * repeats + 1 < words.count,
        words[index + 2 * repeats] == words[index],
        words[index + 2 * repeats + 1] == words[index + 1]
      {
        repeats += 1
      }
      if repeats > 1 {
        parts.append("(\(words[index]) \(words[index + 1]))×\(repeats)")
        index += 2 * repeats
      } else {
        parts.append(words[index])
        index += 1
      }
    }
    return parts.joined(separator: " ")
  }
}

extension PNGInfo.ColorType {
  /// The PNG specification's name for the colour type: `greyscale`, `truecolour`,
  /// `indexed-colour`, `greyscale with alpha` or `truecolour with alpha`.
  ///
  /// Source: PNG Specification (Third Edition) §6.1 "Colour types and values".
  public var name: String {
    switch self {
    case .grayscale: "greyscale"
    case .truecolor: "truecolour"
    case .indexedColor: "indexed-colour"
    case .grayscaleAlpha: "greyscale with alpha"
    case .truecolorAlpha: "truecolour with alpha"
    }
  }
}
