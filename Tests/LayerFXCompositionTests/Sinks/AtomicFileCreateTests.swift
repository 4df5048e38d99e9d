import Foundation
import LayerFXFiles
import LayerFXTestSupport
import Testing

@Suite struct AtomicFileCreateTests {
  @Test("a stream's pieces become the file only at commit, which replaces the old content")
  func commitReplaces() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("out.apng")
    try AtomicFile.write("old", to: path)
    let stream = try AtomicFile.create(path)
    try stream.append(Array("ne".utf8))
    try stream.append(Array("w!".utf8))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    try stream.commit()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new!")
    #expect(try directory.contents() == ["out.apng"])
  }

  @Test("a stream dropped without a commit leaves the old file and no stray file")
  func dropKeepsOld() throws {
    let directory = try TemporaryDirectory()
    let old = directory.path("old.raw")
    try AtomicFile.write("old", to: old)
    do {
      let stream = try AtomicFile.create(old)
      try stream.append(Array("partial".utf8))
    }
    do {
      let stream = try AtomicFile.create(directory.path("new.raw"))
      try stream.append(Array("partial".utf8))
    }
    #expect(try String(contentsOfFile: old, encoding: .utf8) == "old")
    #expect(try directory.contents() == ["old.raw"])
  }

  @Test("a stream refuses an input and a directory, and writes a device in place")
  func refusalsAndDevice() throws {
    let directory = try TemporaryDirectory()
    let input = directory.path("in.png")
    try AtomicFile.write("png", to: input)
    #expect(throws: AtomicFileError.wouldOverwriteInput(path: input)) {
      _ = try AtomicFile.create(input, protecting: [input])
    }
    #expect(
      throws: AtomicFileError.cannotWrite(path: directory.url.path, reason: "Is a directory")
    ) {
      _ = try AtomicFile.create(directory.url.path)
    }
    let device = try AtomicFile.create("/dev/null")
    try device.append(Array("discarded".utf8))
    try device.commit()
  }
}
