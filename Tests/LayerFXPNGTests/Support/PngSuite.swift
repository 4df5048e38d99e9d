import Foundation
import LayerFXTestSupport

/// The PngSuite files in the shared test data and their reference decodes.
///
/// Source: /work/shared/testdata/pngsuite/README.md (file list, name code, reference JSON).
enum PngSuite {
  /// The directory holding the suite, inside the shared test data.
  static var directory: String { TestData.path("pngsuite") }

  /// The file names (`basn0g01.png`, …) of the suite, sorted; empty when the data is absent.
  static let allNames: [String] = {
    guard TestData.isAvailable else { return [] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".png") }.sorted()
  }()

  /// The valid images: every file whose name does not start with `x`.
  static var validNames: [String] { allNames.filter { !$0.hasPrefix("x") } }

  /// The intentionally corrupt images, whose names start with `x`.
  static var corruptNames: [String] { allNames.filter { $0.hasPrefix("x") } }

  /// The path of a suite file.
  static func path(_ name: String) -> String { directory + "/" + name }

  /// The bit depth from the PngSuite name code: the last two digits (`basn0g16` → 16).
  static func bitDepth(_ name: String) -> Int? {
    Int(name.dropLast(".png".count).suffix(2))
  }

  /// The reference decode: straight RGBA samples, 4 per pixel, at the file's bit depth for 16-bit
  /// files and at 8 bits for all others.
  static func reference(_ name: String) throws -> [Int] {
    let json = directory + "/reference-rgba-json/" + name.dropLast(".png".count) + ".json"
    return try JSONDecoder().decode([Int].self, from: Data(contentsOf: URL(fileURLWithPath: json)))
  }
}
