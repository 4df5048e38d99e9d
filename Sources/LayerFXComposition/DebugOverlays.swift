import Foundation

/// Which debug overlays are drawn on every output frame, after the effect chain.
///
/// Each overlay has a stable name, used by the CLI's `--overlay` list and the config's debug
/// options:
///
/// | name | draws |
/// |---|---|
/// | `origins` | a yellow cross at each pass's position parameter: each active trigger's point |
/// | `displacement` | a heat map of each pixel's displacement in points (``DisplacementColorScale``) |
/// | `bounds` | magenta where a pixel sampled beyond its pass's `maxSampleOffset` |
/// | `tiles` | cyan lines on the renderer's tile edges |
///
/// Overlays change the written frames only; an empty set renders exactly the frames without.
public struct DebugOverlays: OptionSet, Sendable, Hashable {
  /// The bits.
  public let rawValue: Int

  /// Creates a set from its bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Trigger origins: a cross at each pass's `ShaderFunction.Role.position` parameter.
  public static let origins = DebugOverlays(rawValue: 1 << 0)
  /// The displacement heat map of layer and distortion passes.
  public static let displacement = DebugOverlays(rawValue: 1 << 1)
  /// Pixels that sampled beyond `maxSampleOffset`.
  public static let bounds = DebugOverlays(rawValue: 1 << 2)
  /// The tile grid of the renderer.
  public static let tiles = DebugOverlays(rawValue: 1 << 3)

  /// Every overlay with its stable name, in the order they are listed.
  public static let named: [(name: String, overlay: DebugOverlays)] = [
    ("origins", .origins), ("displacement", .displacement), ("bounds", .bounds),
    ("tiles", .tiles),
  ]

  /// Parses a comma-separated list of names (`"origins,tiles"`); spaces around names are
  /// ignored; `nil` when a name is unknown or repeated (``repeatedName(in:)``: a set draws each
  /// overlay once, so a second mention means nothing and is likely a slip), or the list is empty.
  ///
  /// - Parameter list: Names from ``named``, each at most once.
  public init?(parsing list: String) {
    guard Self.repeatedName(in: list) == nil else { return nil }
    self = []
    for name in Self.names(in: list) {
      guard let entry = Self.named.first(where: { $0.name == name }) else { return nil }
      insert(entry.overlay)
    }
  }

  /// The first name of a comma-separated list (``names(in:)``) that an earlier one repeats, or
  /// `nil` when every name is given once.
  ///
  /// - Parameter list: The list, as given.
  /// - Returns: The repeated name, as ``names(in:)`` reads it.
  public static func repeatedName(in list: String) -> String? {
    var seen: Set<String> = []
    return names(in: list).first { !seen.insert($0).inserted }
  }

  /// The names of a comma-separated list as ``init(parsing:)`` reads them: split at every
  /// comma (an empty name included), spaces around each removed.
  ///
  /// - Parameter list: The list, as given.
  /// - Returns: The names, in order.
  public static func names(in list: String) -> [String] {
    list.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
  }

  /// The names of the overlays in the set, in ``named`` order.
  public var names: [String] { Self.named.filter { contains($0.overlay) }.map(\.name) }
}
