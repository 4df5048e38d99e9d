import Foundation
import LayerFXTestSupport
import Testing

@testable import LayerFXMetal

#if canImport(Glibc)
  import Glibc
#endif

/// Where the compile cache goes when the environment names no usable folder: a relative
/// `XDG_CACHE_HOME` is ignored (XDG Base Directory Specification: "If an implementation
/// encounters a relative path in any of these variables it should consider the path invalid
/// and ignore it"), and a `TMPDIR` that is not an existing folder is ignored for `/tmp`, never
/// created.
@Suite struct MetalCacheLocationTests {
  @Test("a relative XDG_CACHE_HOME is ignored for ~/.cache, and nothing relative is created")
  func relativeXDG() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    // A name no run could have left in the working folder.
    let relative = "relative-xdg-\(UUID().uuidString)"
    let environment = ["XDG_CACHE_HOME": relative, "HOME": home.path]
    let chosen = try MetalCache.directory(
      options: MetalCompileOptions(), environment: environment)
    #expect(chosen == home.path + "/.cache/layerfx/metal")
    #expect(!FileManager.default.fileExists(atPath: relative))
    var status = stat()
    #expect(lstat(chosen, &status) == 0 && status.st_mode & 0o777 == 0o700)
  }

  @Test("an absolute XDG_CACHE_HOME is kept")
  func absoluteXDG() {
    let environment = ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"]
    #expect(
      MetalCache.location(options: MetalCompileOptions(), environment: environment)
        == "/x/cache/layerfx/metal")
  }

  @Test("without HOME, a TMPDIR that does not exist is ignored for /tmp and not created")
  func missingTemporaryFolder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let missing = directory.path("nonexistent")
    let chosen = try MetalCache.directory(
      options: MetalCompileOptions(), environment: ["TMPDIR": missing])
    #expect(chosen == "/tmp/layerfx-metal-\(geteuid())")
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  @Test("without HOME, a TMPDIR that is a file or relative is ignored; an existing folder is used")
  func temporaryFolderKinds() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.path("file")
    #expect(FileManager.default.createFile(atPath: file, contents: Data()))
    let uid = geteuid()
    let location = { (temporary: String) in
      MetalCache.location(options: MetalCompileOptions(), environment: ["TMPDIR": temporary])
    }
    #expect(location(file) == "/tmp/layerfx-metal-\(uid)")
    #expect(location("tmp") == "/tmp/layerfx-metal-\(uid)")
    #expect(location(directory.path) == directory.path + "/layerfx-metal-\(uid)")
  }
}
