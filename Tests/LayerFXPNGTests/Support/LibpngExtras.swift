import Foundation
import LayerFXTestSupport

/// libpng's own test images in the shared test data (`pngsuite/libpng-extras`) and the digests
/// of their decodes by a second, independent decoder.
///
/// Source: /work/shared/testdata/pngsuite/README.md; `Scripts/png-reference-digests.py`.
enum LibpngExtras {
  /// What `Scripts/png-reference-digests.py` recorded for one file.
  struct Digest: Decodable, Sendable {
    var width: Int
    var height: Int
    /// 8 or 16: the depth of the straight codes hashed.
    var depth: Int
    /// CRC-32 of the straight codes (see ``StraightCodes/bytes(_:maxCode:)``).
    var crc32: UInt32
  }

  /// The directory holding the extras, inside the shared test data.
  static var directory: String { TestData.path("pngsuite/libpng-extras") }

  /// The path of `relativePath` (`testpngs/gray-8.png`) inside the extras.
  static func path(_ relativePath: String) -> String { directory + "/" + relativePath }

  /// The digests, by path relative to the extras directory; every valid file is listed.
  static let digests: [String: Digest] = {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/libpng-extras-rgba-crc32.json")
    guard let data = try? Data(contentsOf: file) else { return [:] }
    return (try? JSONDecoder().decode([String: Digest].self, from: data)) ?? [:]
  }()

  /// The relative paths of the valid files, sorted; empty when the test data is absent.
  static var validNames: [String] { TestData.isAvailable ? digests.keys.sorted() : [] }

  /// The relative paths of every PNG file in the extras, sorted.
  static var allNames: [String] {
    guard TestData.isAvailable,
      let walker = FileManager.default.enumerator(atPath: directory)
    else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".png") }.sorted()
  }
}
