import Foundation
import LayerFXComposition
import LayerFXFiles

#if canImport(Glibc)
  import Glibc
#endif

/// File-based `layerfx tune` (without `--serve`): a preview rendered again on every change.
///
/// Renders a preview, then polls the config and the files it names every ``pollInterval``
/// seconds (``FileStamp``: saved in place or by rename) and renders again when one changes,
/// reporting one line per render: what changed (the files, and the key paths whose values
/// differ, ``ConfigLeaves``) and the render time. A failed render reports its error and keeps
/// the last good preview.
///
/// The render itself is the caller's (the CLI decodes the config with its flags); this type owns
/// the watching, the change detection and the lines.
public struct TuneWatch {
  /// Seconds between two looks at the watched files.
  public static let pollInterval = 0.1

  /// Renders the preview and returns its number of frames.
  ///
  /// It sets its argument to the files the config names as soon as it knows them (they are
  /// watched from then on, even when the render then fails).
  public typealias Render = (_ files: inout [String]) throws -> Int

  /// The config file, as given.
  let configPath: String
  /// The preview PNG, as named in the lines.
  let previewPath: String
  /// Receives each line for standard output.
  let report: (String) -> Void
  /// Receives each line for standard error.
  let reportError: (String) -> Void
  /// Renders one preview.
  let renderPreview: Render
  /// The files the last config read names, watched besides the config.
  var files: [String] = []
  /// The last good document's values by key path, to say what changed.
  var leaves: ConfigLeaves?
  /// The watched files' stamps at the last render, by path; a file the config names is
  /// stamped once the render that read the config names it, so its first edit is named too.
  var lastStamps: [String: FileStamp?] = [:]

  /// A session over the config at `configPath`; nothing is read before the first render.
  ///
  /// - Parameters:
  ///   - configPath: The config file, as given on the command line.
  ///   - previewPath: The preview PNG the render writes (only named in the lines).
  ///   - report: Receives the lines for standard output (one per render, and notes).
  ///   - reportError: Receives the lines for standard error (a failed render's error).
  ///   - render: Renders the preview (see ``Render``).
  public init(
    configPath: String, previewPath: String, report: @escaping (String) -> Void,
    reportError: @escaping (String) -> Void, render: @escaping Render
  ) {
    self.configPath = configPath
    self.previewPath = previewPath
    self.report = report
    self.reportError = reportError
    self.renderPreview = render
  }

  /// Renders the preview once and keeps the document's values for the next comparison.
  ///
  /// - Returns: The number of frames rendered.
  /// - Throws: What the render throws; the preview file is then unchanged.
  @discardableResult
  public mutating func render() throws -> Int {
    // The preview is compared with the files as this render reads them, not with every version
    // read before: a config saved by rename frees its old inode, which the preview may reuse.
    ReadFiles.forgetAll()
    let data = FileManager.default.contents(atPath: configPath)
    let frames = try renderPreview(&files)
    leaves = ConfigLeaves(data ?? Data())
    return frames
  }

  /// Renders, then renders again whenever a watched file changes; never returns (the process
  /// ends on a signal).
  public mutating func watch() -> Never {
    renderReporting()
    var stamps = stamps()
    while true {
      usleep(UInt32(Self.pollInterval * 1_000_000))
      let now = self.stamps()
      guard now != stamps else { continue }
      stamps = now
      renderReporting()
      // Files the new config names are watched from now on.
      stamps = self.stamps()
    }
  }

  /// The stamps of the config and the files it names.
  func stamps() -> [FileStamp?] { ([configPath] + files).map(FileStamp.init(path:)) }

  /// Records the stamps of `paths` now.
  mutating func stamp(_ paths: [String]) {
    for path in paths { lastStamps[path] = FileStamp(path: path) }
  }

  /// Renders and reports one line, or reports the error and keeps the last good preview.
  mutating func renderReporting() {
    let before = leaves
    let changedFiles = zip(files, files.map(FileStamp.init(path:))).filter { path, stamp in
      lastStamps[path].map { $0 != stamp } ?? false
    }.map(\.0)
    stamp(files)
    let start = DispatchTime.now().uptimeNanoseconds
    let rendered = Result { try render() }
    // The files a config newly names (the first render's, an added effect's), from now on:
    // before the line, which a watcher of the output may answer with an edit.
    stamp(files.filter { lastStamps[$0] == nil })
    do {
      let frames = try rendered.get()
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      var changed = changedFiles
      if let before, let leaves { changed += leaves.changed(since: before) }
      let what =
        before == nil
        ? "first render"
        : changed.isEmpty
          ? "no value changed"
          : "changed "
            + ConfigLeaves.list(changed)
      report(
        "\(configPath): \(what); rendered \(frames) frame\(frames == 1 ? "" : "s") in \(seconds.fixed(3)) s "
          + "to \(previewPath)")
      for note in leaves?.overriddenNotes(changed: changed) ?? [] {
        report("\(configPath): note: \(note)")
      }
    } catch {
      reportError("layerfx: error: \(error)")
      reportError(
        before == nil
          ? "layerfx: \(configPath): no preview yet; waiting for the next change"
          : "layerfx: \(configPath): keeping the last good preview")
    }
  }
}
