import Foundation
import LayerFXFiles
import LayerFXTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Class 2 (data loss) and 6 (NAME_MAX) of issue 13 at the writer.
@Suite struct AtomicFileSafetyTests {
  @Test("without following, a planted symbolic link is replaced and its target untouched")
  func plantedLink() throws {
    let directory = try TemporaryDirectory()
    let victim = directory.path("victim.txt")
    try AtomicFile.write("precious", to: victim)
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("frame_0000.png"), withDestinationPath: victim)
    try AtomicFile.write("frame", to: directory.path("frame_0000.png"), followsSymbolicLink: false)
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    var status = stat()
    #expect(lstat(directory.path("frame_0000.png"), &status) == 0)
    #expect(status.st_mode & S_IFMT == S_IFREG)
  }

  @Test("a file with a 255-byte name (NAME_MAX) is replaced")
  func longName() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path(String(repeating: "n", count: 251) + ".png")
    try AtomicFile.write("old", to: path)
    try AtomicFile.write("new", to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
    #expect(try directory.contents().count == 1)
  }

  @Test("a FIFO or a device is refused, not replaced and not opened")
  func fifoAndDevice() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.fifo("pipe")
    #expect(throws: AtomicFileError.notRegularFile(path: path, kind: "a FIFO")) {
      try AtomicFile.write("x", to: path)
    }
    #expect(throws: AtomicFileError.notRegularFile(path: "/dev/zero", kind: "a character device")) {
      try AtomicFile.write("x", to: "/dev/zero")
    }
    var status = stat()
    #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test("an empty name is refused")
  func emptyName() {
    #expect(throws: AtomicFileError.cannotWrite(path: "", reason: "empty file name")) {
      try AtomicFile.write("x", to: "")
    }
  }

  @Test("a prepared file has no name until committed, and a discarded one leaves nothing")
  func prepared() throws {
    let directory = try TemporaryDirectory()
    try AtomicFile.write("old", to: directory.path("b.txt"))
    let first = try AtomicFile.prepare(Array("a".utf8), for: directory.path("a.txt"))
    let second = try AtomicFile.prepare(Array("b".utf8), for: directory.path("b.txt"))
    #expect(try directory.contents() == ["b.txt"])
    #expect(try String(contentsOfFile: directory.path("b.txt"), encoding: .utf8) == "old")
    try first.commit()
    second.discard()
    #expect(try directory.contents() == ["a.txt", "b.txt"])
    #expect(try String(contentsOfFile: directory.path("b.txt"), encoding: .utf8) == "old")
  }

  @Test("a directory is created with its parents, and a file in the way is named")
  func directories() throws {
    let directory = try TemporaryDirectory()
    try Directory.create(directory.path("a/b/c/"))
    var status = stat()
    #expect(stat(directory.path("a/b/c"), &status) == 0 && status.st_mode & S_IFMT == S_IFDIR)
    try AtomicFile.write("x", to: directory.path("file"))
    #expect(
      throws: AtomicFileError.cannotWrite(
        path: directory.path("file/sub"), reason: "Not a directory")
    ) {
      try Directory.create(directory.path("file/sub"))
    }
  }
}
