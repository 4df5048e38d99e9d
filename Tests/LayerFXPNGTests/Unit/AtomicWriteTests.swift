import Foundation
import LayerFX
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// Where a PNG is written: links, permissions, devices, FIFOs (open(2), rename(2), link(2)).
@Suite struct AtomicWriteTests {
  let image = Image(width: 3, height: 2, color: [0.5, 0.25, 0, 1])

  @Test("writing through a symbolic link replaces its target and keeps the link")
  func symbolicLink() throws {
    let directory = try TemporaryDirectory()
    try PNGEncoder().write(Image(width: 1, height: 1), to: directory.path("real.png"))
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("link.png"), withDestinationPath: "real.png")
    try PNGEncoder().write(image, to: directory.path("link.png"))
    let destination = try FileManager.default.destinationOfSymbolicLink(
      atPath: directory.path("link.png"))
    #expect(destination == "real.png")
    #expect(try PNGDecoder().decode(contentsOf: directory.path("real.png")).info.width == 3)
    #expect(try directory.contents() == ["link.png", "real.png"])
  }

  @Test("an existing file keeps its permission bits")
  func keepsMode() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("out.png")
    try PNGEncoder().write(image, to: path)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    try PNGEncoder().write(image, to: path)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test("a character device is written to, never replaced")
  func device() throws {
    try PNGEncoder().write(image, to: "/dev/null")
    var status = stat()
    #expect(stat("/dev/null", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
  }

  @Test("a FIFO is refused at once, without waiting for a reader, and stays a FIFO")
  func fifo() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.fifo("pipe")
    // No reader is ever opened: a write that opened the FIFO would block here for ever.
    #expect(throws: PNGError.cannotWrite(path: path, reason: "not a regular file: a FIFO")) {
      try PNGEncoder().write(image, to: path)
    }
    var status = stat()
    #expect(lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
  }

  @Test("a directory as the destination is refused and left alone")
  func directoryDestination() throws {
    let directory = try TemporaryDirectory()
    #expect(throws: PNGError.cannotWrite(path: directory.path, reason: "Is a directory")) {
      try PNGEncoder().write(image, to: directory.path)
    }
    #expect(try directory.contents().isEmpty)
  }
}

@Suite struct DanglingLinkTests {
  @Test("writing through a dangling symbolic link creates the file it names")
  func danglingLink() throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("link.png"), withDestinationPath: "target.png")
    try PNGEncoder().write(Image(width: 2, height: 2), to: directory.path("link.png"))
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: directory.path("link.png"))
        == "target.png")
    #expect(try PNGDecoder().decode(contentsOf: directory.path("target.png")).info.width == 2)
  }
}
