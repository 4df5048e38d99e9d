import Foundation
import LayerFXComposition

extension OutputOptions {
  /// Refuses an animation that would write a frame over its input file.
  ///
  /// That happens when the frame directory holds the input under one of the frame names
  /// (`frames/frame_0003.png` as input, 10 frames into `frames/`). Any other file in the
  /// directory is left alone.
  ///
  /// - Throws: ``CLIError/wouldOverwriteInput(path:)`` naming the frame file.
  static func checkFramesAvoidInput(directory: String, frameCount: Int, input: String?) throws {
    guard let input else { return }
    let inputURL = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath()
    let directoryURL = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
      .resolvingSymlinksInPath()
    guard inputURL.deletingLastPathComponent().path == directoryURL.path else { return }
    let name = inputURL.lastPathComponent
    if let index = (0..<frameCount).first(where: {
      PNGSequenceSink.frameName($0, of: frameCount) == name
    }) {
      throw CLIError.wouldOverwriteInput(
        path: directoryURL.appendingPathComponent(PNGSequenceSink.frameName(index, of: frameCount))
          .path
      )
    }
  }
}
