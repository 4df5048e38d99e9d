import Foundation
import LayerFX
import LayerFXMetal
import LayerFXTestSupport

/// Shared setup of the runner's tests: a compile cache of their own and the repository's
/// `Shaders/` folder.
enum MetalTestSupport {
  /// Options with a cache directory private to this test run's user (created with mode 0700
  /// by the runner; the cache refuses a folder open to others).
  static let options = MetalCompileOptions(
    cacheDirectory: NSTemporaryDirectory() + "layerfx-metal-tests-\(geteuid())")

  /// The repository's `Shaders/` folder.
  static let shaders = TestData.packageRoot.appendingPathComponent("Shaders")

  /// Every `.metal` file under `Shaders/`, sorted by path.
  static var shaderFiles: [URL] {
    let enumerator = FileManager.default.enumerator(at: shaders, includingPropertiesForKeys: nil)
    var files: [URL] = []
    while let url = enumerator?.nextObject() as? URL {
      if url.pathExtension == "metal" { files.append(url) }
    }
    return files.sorted { $0.path < $1.path }
  }
}
