import LayerFXArguments
import LayerFXCLI

extension ValueType where Value == [Int] {
  /// A comma-separated list of whole numbers from 1 to 65536 (tile edges).
  static let counts = ValueType(expected: "comma-separated whole numbers from 1 to 65536") {
    text in
    let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
    guard !values.isEmpty, values.allSatisfy({ ($0 ?? 0) >= 1 && ($0 ?? 0) <= 65536 }) else {
      return nil
    }
    return values.compactMap { $0 }
  }

  /// A comma-separated list of thread counts from 1 to 1024, the bound `layerfx --threads` has
  /// (65536 threads would only exhaust the machine).
  static let threadCounts = ValueType(expected: "comma-separated thread counts from 1 to 1024") {
    text in
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    let values = parts.compactMap { Int($0) }.filter { (1...1024).contains($0) }
    return !parts.isEmpty && values.count == parts.count ? values : nil
  }
}
