import Foundation

/// Every scalar of a JSON document by key path (`effects[0].amplitude`), as text: what file
/// based `layerfx tune` compares to say which values a save changed.
public struct ConfigLeaves: Sendable, Equatable {
  /// The scalars' texts by key path; empty for bytes that are not JSON.
  public let values: [String: String]

  /// The leaves of the JSON document `data`.
  public init(_ data: Data) {
    var result: [String: String] = [:]
    func visit(_ value: Any, _ path: String) {
      if let object = value as? [String: Any] {
        for (key, member) in object { visit(member, path.isEmpty ? key : "\(path).\(key)") }
      } else if let array = value as? [Any] {
        for (index, member) in array.enumerated() { visit(member, "\(path)[\(index)]") }
      } else {
        result[path] = "\(value)"
      }
    }
    if let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
      visit(root, "")
    }
    values = result
  }

  /// The key paths whose values differ from `earlier`'s (added and removed ones too), sorted.
  public func changed(since earlier: ConfigLeaves) -> [String] {
    Set(earlier.values.keys).union(values.keys).filter { earlier.values[$0] != values[$0] }
      .sorted()
  }

  /// At most five key paths, then how many more: `a, b, c, d, e and 2 more`.
  public static func list(_ paths: [String]) -> String {
    paths.prefix(5).joined(separator: ", ")
      + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
  }
}
