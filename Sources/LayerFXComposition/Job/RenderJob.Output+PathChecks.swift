import Foundation
import LayerFXFiles

extension RenderJob.Output {
  /// Refuses an output path that does not fit `format` (`nil` for one frame): a directory of
  /// frames needs a directory not named like a file (`x.png`, `x.apng`, `x.raw`, or another
  /// image or video format's, `x.gif`, `x.mp4`; `x.gif/` is taken), one image or an animated
  /// PNG a file, and only a raw stream goes to standard output.
  ///
  /// - Throws: ``OutputPathError``.
  public static func checkPath(_ path: String, format: OutputFormat?) throws(OutputPathError) {
    let writesOneImage = format?.writesOneFile ?? true
    let isStream = OutputFormat.streamPaths.contains(path)
    if writesOneImage && !isStream {
      let (written, example) =
        switch format {
        case .apng: ("one animated PNG", "FILE.apng")
        case .raw: ("one raw file", "FILE.raw")
        default: ("one image", "FILE.png")
        }
      try checkIsFile(path, example: example, written: written)
    } else if !writesOneImage && isStream {
      throw .misnamed(
        commandLine: "--format png-sequence writes a directory of frames: give -o DIR/ (or "
          + "--format raw for standard output)",
        inConfig: "a png-sequence writes a directory of frames, not a stream: give a folder, "
          + "DIR/ (or format raw for standard output)")
    } else if !writesOneImage, let named = OutputFormat.oneFileFormat(named: path) {
      let (flag, key) =
        switch named {
        case .contactSheet, .pngSequence: ("--contact-sheet N", "contactSheet N")
        case .apng: ("--format apng", "format apng")
        case .raw: ("--format raw", "format raw")
        }
      let instead = named == .contactSheet ? "for one image" : "for one file"
      throw .misnamed(
        commandLine: "-o \(path) names \(named.fileDescription), but an animation writes a "
          + "directory of frames: give -o DIR/ (or \(flag) \(instead))",
        inConfig: "\(path) names \(named.fileDescription), but an animation writes a directory "
          + "of frames: give a folder, DIR/ (or output.\(key) \(instead))")
    } else if !writesOneImage && otherFormat(named: path) != nil {
      throw .misnamed(
        commandLine: "-o \(path): layerfx writes PNG only; name the output DIR/ (a folder of "
          + "PNG frames) or OUT.apng (an animated PNG)",
        inConfig: "\(path): layerfx writes PNG only; give a folder, DIR/ (PNG frames), or a "
          + "file name ending in .apng (an animated PNG)")
    }
    if format == .apng && isStream && path != "/dev/null" {
      throw .misnamed(
        commandLine: "--format apng writes a file: give -o OUT.apng",
        inConfig: "an apng is one file, not a stream: give a file name, OUT.apng")
    }
  }

  /// Refuses a single-file output that is empty or names a directory (`out/`, or one that
  /// exists), or whose folder is missing or not a directory.
  ///
  /// - Parameters:
  ///   - path: The output path.
  ///   - option: The flag that gave it, for the command line's words (`-o`, `--png`).
  ///   - example: The file name the message suggests instead (`FILE.png`, `FILE.svg`).
  ///   - written: What the command writes there, for the message (`one image`, `one animated
  ///     PNG`).
  /// - Throws: ``OutputPathError/misnamed(commandLine:inConfig:)`` for the name,
  ///   ``OutputPathError/cannotWrite(path:reason:)`` for the folder.
  public static func checkIsFile(
    _ path: String, option: String = "-o", example: String = "FILE.png",
    written: String = "one image"
  ) throws(OutputPathError) {
    guard !path.isEmpty else {
      throw .misnamed(
        commandLine: "\(option) needs a file name (it is empty)",
        inConfig: "an empty path names no file: give a file name, OUT.png")
    }
    var status = stat()
    if path.hasSuffix("/")
      || (stat(RawBytes.cString(path), &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR)
    {
      throw .misnamed(
        commandLine: "\(option) \(path) names a directory, but \(written) is written: give "
          + "\(option) \(example)",
        inConfig:
          "\(path) names a directory, but \(written) is written: give a file name, \(example)")
    }
    // The folder must be there before anything renders, not only when the image is written.
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex,
      !OutputFormat.streamPaths.contains(path)
    else { return }
    let folder = String(path[..<slash])
    guard stat(RawBytes.cString(folder), &status) == 0 else {
      throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      throw .cannotWrite(path: path, reason: String(cString: strerror(ENOTDIR)))
    }
  }

  /// Refuses a single-file output whose name does not end in `extensions`: LayerFX writes PNG
  /// only.
  ///
  /// A one image or a contact sheet ends in `.png`; an animated PNG or a raw file (`extensions`
  /// empty) in any extension, but in one. Extensions compare case-insensitively. A name without
  /// an extension is refused in every case: it would get PNG or RGBA bytes under any name
  /// (`authorized_keys`). The streams (``OutputFormat/streamPaths``) are taken, and so is a
  /// device or FIFO that exists (`/dev/full`), which opening the output refuses.
  ///
  /// - Parameters:
  ///   - path: The output path.
  ///   - extensions: The extensions allowed, without the dot; empty for any.
  /// - Throws: ``OutputPathError/misnamed(commandLine:inConfig:)``.
  public static func checkExtension(_ path: String, allowing extensions: [String] = ["png"])
    throws(OutputPathError)
  {
    var status = stat()
    if OutputFormat.streamPaths.contains(path)
      || (stat(RawBytes.cString(path), &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG)
    {
      return
    }
    // A name that is only the extension (`.png`) is a hidden file without one.
    let name = (path.split(separator: "/").last ?? "").lowercased()
    let dot = name.lastIndex(of: ".")
    let hasExtension = dot.map { $0 != name.startIndex && name.index(after: $0) != name.endIndex }
    let names = extensions.map { "." + $0 }
    if extensions.isEmpty && hasExtension == true { return }
    if names.contains(where: { name.hasSuffix($0) && name.count > $0.count }) { return }
    let listed = names.isEmpty ? "with an extension" : names.joined(separator: " or ")
    throw .misnamed(
      commandLine: "-o \(path): layerfx writes PNG only; name the output \(listed)",
      inConfig: "\(path): layerfx writes PNG only; give a file name ending in \(listed)")
  }

  /// Refuses an animated PNG or raw output named like a file of another known format.
  ///
  /// For `format` `.apng` or `.raw`, an extension names another format, any case: `.jpg`,
  /// `.jpeg`, `.gif`, `.tif`, `.tiff`, `.webp`, `.bmp`, `.avif`, `.heic`, `.heif` or a video's
  /// (`.mp4`, `.m4v`, `.mov`, `.webm`, `.mkv`, `.avi`) for either; `.raw` for an animated
  /// PNG; `.png` or `.apng` for raw frames. An animated PNG may be named `.png` (APNG files
  /// are, by convention), and any other extension is taken, as ``checkExtension(_:allowing:)``
  /// allows with none listed: the format is named.
  ///
  /// Under another format's name a viewer fails on the bytes, or a script mistakes them.
  ///
  /// - Parameters:
  ///   - path: The output path.
  ///   - format: The format written; other formats are not checked here.
  /// - Throws: ``OutputPathError/misnamed(commandLine:inConfig:)`` naming both formats.
  public static func checkFormatName(_ path: String, format: OutputFormat) throws(OutputPathError) {
    guard format == .apng || format == .raw else { return }
    let named = OutputFormat.oneFileFormat(named: path)
    // .png (a contact sheet's) and .apng both name an animated PNG; .raw raw frames.
    if let named, (named == .raw) == (format == .raw) { return }
    guard let kind = named?.fileDescription ?? otherFormat(named: path) else { return }
    if format == .apng {
      throw .misnamed(
        commandLine: "-o \(path): --format apng writes \(format.fileDescription), not \(kind); "
          + "give -o OUT.apng (or OUT.png)",
        inConfig: "\(path): format apng writes \(format.fileDescription), not \(kind); give a "
          + "file name ending in .apng or .png")
    }
    let isPNG = named != nil
    throw .misnamed(
      commandLine: "-o \(path): --format raw writes RGBA bytes with no header, not \(kind); "
        + "give -o OUT.raw" + (isPNG ? " (or --format apng for an animated PNG)" : ""),
      inConfig: "\(path): format raw writes RGBA bytes with no header, not \(kind); give a file "
        + "name ending in .raw" + (isPNG ? " (or format apng for an animated PNG)" : ""))
  }

  /// What a file of an image or video format LayerFX does not write is called in messages
  /// (`a GIF file`), when `path`'s extension names one, any case; `nil` for any other name.
  private static func otherFormat(named path: String) -> String? {
    let name = path.lowercased()
    return otherFormats.first { extensions, _ in
      extensions.contains { name.hasSuffix("." + $0) && name.count > $0.count + 1 }
    }?.description
  }

  /// Image and video formats LayerFX does not write, by their usual extensions (lower case, no
  /// dot), with what a file of each is called in messages.
  private static let otherFormats: [(extensions: [String], description: String)] = [
    (["jpg", "jpeg"], "a JPEG file"), (["gif"], "a GIF file"), (["tif", "tiff"], "a TIFF file"),
    (["webp"], "a WebP file"), (["bmp"], "a BMP file"), (["avif"], "an AVIF file"),
    (["heic", "heif"], "a HEIF file"), (["mp4", "m4v"], "an MP4 file"),
    (["mov"], "a QuickTime file"), (["webm"], "a WebM file"), (["mkv"], "a Matroska file"),
    (["avi"], "an AVI file"),
  ]

  /// Refuses an output path that is a file the render reads (its input, a config, a keyframes
  /// file, a `.metal` source), compared by device and inode
  /// (`AtomicFile.isSameFile(_:asAnyOf:followsSymbolicLink:)`), so a symbolic link, `..`, a
  /// hard link or a bind mount is caught too; `-` (standard output) never is one.
  ///
  /// - Parameters:
  ///   - path: The output path.
  ///   - reads: The paths of the files the render reads.
  /// - Throws: `AtomicFileError.wouldOverwriteInput`.
  public static func checkNotRead(_ path: String, reads: [String]) throws(AtomicFileError) {
    if path != "-" && AtomicFile.isSameFile(path, asAnyOf: reads) {
      throw .wouldOverwriteInput(path: path)
    }
  }
}
