/// One PNG chunk as stored in a file: its four-letter type and its data.
///
/// Source: PNG Specification (Second Edition) §5.3 "Chunk layout".
public struct PNGChunk: Sendable, Equatable {
  /// The chunk type, four ASCII letters such as `gAMA`.
  public var name: String
  /// The chunk data, without the length, type and CRC fields.
  public var data: [UInt8]

  /// Creates a chunk from its type and data.
  ///
  /// - Parameters:
  ///   - name: The chunk type, four ASCII letters.
  ///   - data: The chunk data, without the length, type and CRC fields.
  public init(name: String, data: [UInt8]) {
    self.name = name
    self.data = data
  }
}
