import Foundation

/// The page's static files (`Page/index.html`, `tune.js`, `tune.css`), shipped as the
/// package's resources and read once when the server starts.
struct TunePage: Sendable {
  /// Each file's bytes and content type, by request path.
  let files: [String: (contentType: String, bytes: [UInt8])]

  /// The folder of the module's resources, as SwiftPM names it beside the executables it builds.
  static let bundleName = "LayerFX_LayerFXTune.resources"

  /// The running executable, symbolic links resolved: `layerfx`, or a test bundle, which
  /// SwiftPM builds into the folder that holds ``bundleName``.
  static var runningExecutable: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  }

  /// Reads the files from the resource folder beside `executable`.
  ///
  /// SwiftPM's `Bundle.module` is not used: it stops the process (`fatalError`) when the
  /// folder is missing, and otherwise falls back to the build folder, which would let a copied
  /// `layerfx` work only while its build tree exists.
  ///
  /// - Parameter executable: The program whose folder holds ``bundleName``; the running one
  ///   by default.
  /// - Throws: ``TuneServerError/pageMissing(file:executable:)`` naming the first file not
  ///   installed beside `executable` (its resource folder was not copied with it).
  init(executable: URL = TunePage.runningExecutable) throws(TuneServerError) {
    let entries = [
      ("/", "index.html", "text/html; charset=utf-8"),
      ("/tune.js", "tune.js", "text/javascript; charset=utf-8"),
      ("/tune.css", "tune.css", "text/css; charset=utf-8"),
    ]
    let folder = executable.deletingLastPathComponent()
    var files: [String: (String, [UInt8])] = [:]
    for (path, name, type) in entries {
      let file = "\(Self.bundleName)/Page/\(name)"
      guard let data = try? Data(contentsOf: folder.appendingPathComponent(file)) else {
        throw .pageMissing(file: file, executable: executable.path)
      }
      files[path] = (type, Array(data))
    }
    self.files = files
  }
}
