import Foundation
import LayerFXComposition
import LayerFXFiles
import LayerFXTestSupport
import Testing

@Suite struct AtomicFileTests {
  @Test("a write through a symbolic link replaces the file it names and keeps the link")
  func symbolicLink() throws {
    let directory = try TemporaryDirectory()
    let target = directory.path("target.txt")
    let link = directory.path("link.txt")
    try AtomicFile.write("old", to: target)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.txt")
    try AtomicFile.write("new", to: link)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
    let attributes = try FileManager.default.attributesOfItem(atPath: link)
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
  }

  @Test("an existing file keeps its permission bits")
  func keepsMode() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("out.svg")
    try AtomicFile.write("a", to: path)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    try AtomicFile.write("b", to: path)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o640)
  }

  @Test("a file the command reads is never replaced, whatever path names it (hard link)")
  func protectsInputByInode() throws {
    let directory = try TemporaryDirectory()
    let input = directory.path("keyframes.json")
    let other = directory.path("alias.json")
    try AtomicFile.write("{}", to: input)
    try FileManager.default.linkItem(atPath: input, toPath: other)
    #expect(throws: AtomicFileError.wouldOverwriteInput(path: other)) {
      try AtomicFile.write("x", to: other, protecting: [input])
    }
    #expect(try String(contentsOfFile: input, encoding: .utf8) == "{}")
    #expect(AtomicFile.isSameFile(directory.path("./keyframes.json"), asAnyOf: [input]))
  }

  @Test("a device is written in place and a missing directory names the system's reason")
  func deviceAndFailure() throws {
    try AtomicFile.write("discarded", to: "/dev/null")
    #expect(
      throws: AtomicFileError.cannotWrite(
        path: "/nonexistent-layerfx/out.txt", reason: "No such file or directory")
    ) {
      try AtomicFile.write("x", to: "/nonexistent-layerfx/out.txt")
    }
  }
}
