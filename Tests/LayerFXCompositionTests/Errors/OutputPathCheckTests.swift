import Foundation
import LayerFXComposition
import LayerFXFiles
import LayerFXTestSupport
import Testing

@Suite struct OutputPathCheckTests {
  /// The command line's words of a misnamed path, or `nil` for another outcome.
  func commandLine(_ check: () throws(OutputPathError) -> Void) -> String? {
    do {
      try check()
      return nil
    } catch .misnamed(let commandLine, _) {
      return commandLine
    } catch {
      return nil
    }
  }

  @Test("a directory of frames needs a folder; one image or an APNG a file, not a stream")
  func pathFitsFormat() throws {
    #expect(
      commandLine { () throws(OutputPathError) in
        try RenderJob.Output.checkPath("frames.png", format: .pngSequence)
      }?.contains("names a PNG file") == true)
    #expect(
      commandLine { () throws(OutputPathError) in
        try RenderJob.Output.checkPath("-", format: .pngSequence)
      } != nil)
    #expect(
      commandLine { () throws(OutputPathError) in
        try RenderJob.Output.checkPath("-", format: .apng)
      } == "--format apng writes a file: give -o OUT.apng")
    // /dev/null renders every frame and drops it, as a raw stream or an APNG.
    try RenderJob.Output.checkPath("/dev/null", format: .apng)
    try RenderJob.Output.checkPath("-", format: .raw)
    try RenderJob.Output.checkPath("frames/", format: .pngSequence)
  }

  @Test("one image refuses an empty name, a directory and a missing folder")
  func isFile() {
    #expect(
      commandLine { () throws(OutputPathError) in try RenderJob.Output.checkIsFile("") }
        == "-o needs a file name (it is empty)")
    #expect(
      commandLine { () throws(OutputPathError) in try RenderJob.Output.checkIsFile("out/") }
        != nil)
    let missing = "/nonexistent-\(UUID().uuidString)/a.png"
    #expect(throws: OutputPathError.cannotWrite(path: missing, reason: "No such file or directory"))
    {
      try RenderJob.Output.checkIsFile(missing)
    }
  }

  @Test("a PNG ends in .png in any case; an APNG or raw file in any extension, but in one")
  func extensions() throws {
    try RenderJob.Output.checkExtension("a.PNG")
    try RenderJob.Output.checkExtension("a.apng", allowing: [])
    for (path, allowed) in [("a", ["png"]), (".png", ["png"]), ("a.jpg", ["png"]), ("a", [])] {
      #expect(
        commandLine { () throws(OutputPathError) in
          try RenderJob.Output.checkExtension(path, allowing: allowed)
        } != nil, "\(path)")
    }
  }

  @Test("an output that is a file the render reads is refused, through a hard link too")
  func notRead() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let input = folder.path("in.png")
    try Data([1, 2, 3]).write(to: URL(fileURLWithPath: input))
    let link = folder.path("link.png")
    try FileManager.default.linkItem(atPath: input, toPath: link)
    #expect(throws: AtomicFileError.wouldOverwriteInput(path: link)) {
      try RenderJob.Output.checkNotRead(link, reads: [input])
    }
    // Another file, and standard output, are never inputs.
    try RenderJob.Output.checkNotRead(folder.path("out.png"), reads: [input])
    try RenderJob.Output.checkNotRead("-", reads: [input, "-"])
  }
}
