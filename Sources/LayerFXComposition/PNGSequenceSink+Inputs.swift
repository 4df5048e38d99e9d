import LayerFXFiles

extension PNGSequenceSink {
  /// Refuses an animation that would write a frame over a file the render reads.
  ///
  /// That happens when the frame directory holds the input under one of the frame names
  /// (`frames/frame_0003.png` as input, 10 frames into `frames/`), by whatever path: each frame
  /// name is compared by device and inode with the protected files and every file read so far
  /// (`ReadFiles`: a `.metal` source, an image argument). A symbolic link under a
  /// frame name is not followed (the link is replaced, never the file it names).
  ///
  /// - Parameters:
  ///   - directory: The frames' folder.
  ///   - frameCount: The frames of the whole schedule (their names' width).
  ///   - protected: Files the render reads.
  /// - Throws: `LayerFXFiles.AtomicFileError.wouldOverwriteInput(path:)` naming the frame
  ///   file.
  public static func checkFramesAvoidInput(
    directory: String, frameCount: Int, protecting protected: [String]
  ) throws(AtomicFileError) {
    // Even with no list: every file read so far counts (ReadFiles, through isSameFile).
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    for index in 0..<frameCount {
      let path = prefix + frameName(index, of: frameCount)
      if AtomicFile.isSameFile(path, asAnyOf: protected, followsSymbolicLink: false) {
        throw .wouldOverwriteInput(path: path)
      }
    }
  }
}
