extension PNGInfo {
  /// The header and chunk list as `layerfx info` prints them, one `key: value` line each
  /// (size, colour type, bit depth, interlace, chunks), without the file's name.
  ///
  /// The chunks are listed in file order, a run of one type written once with its count
  /// (`IDAT×57`, ``chunkRuns``).
  public var summary: String {
    """
    size: \(width) × \(height) pixels
    colour type: \(colorType.rawValue) (\(colorType.name))
    bit depth: \(bitDepth)
    interlace: \(interlaceMethod == .adam7 ? "Adam7" : "none")
    chunks: \(chunkRuns)
    """
  }

  /// The chunk types in file order, a run of one type written once with its count:
  /// `IHDR IDAT×57 IEND`.
  public var chunkRuns: String {
    var parts: [(name: String, count: Int)] = []
    for name in chunkNames {
      if parts.last?.name == name {
        parts[parts.count - 1].count += 1
      } else {
        parts.append((name, 1))
      }
    }
    return parts.map { $0.count == 1 ? $0.name : "\($0.name)×\($0.count)" }
      .joined(separator: " ")
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
