import LayerFXCLI

extension ValueType where Value == [Int] {
  /// A comma-separated list of whole numbers from 1 to 65536 (thread counts, tile edges).
  static let counts = ValueType(expected: "comma-separated whole numbers from 1 to 65536") {
    text in
    let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
    guard !values.isEmpty, values.allSatisfy({ ($0 ?? 0) >= 1 && ($0 ?? 0) <= 65536 }) else {
      return nil
    }
    return values.compactMap { $0 }
  }
}
