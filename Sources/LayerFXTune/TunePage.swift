import Foundation

/// The page's static files (`Page/index.html`, `tune.js`, `tune.css`), shipped as the
/// package's resources and read once when the server starts.
struct TunePage: Sendable {
  /// Each file's bytes and content type, by request path.
  let files: [String: (contentType: String, bytes: [UInt8])]

  /// Reads the files from the module's resource bundle.
  ///
  /// - Throws: ``TuneServerError/pageMissing(_:)`` when a file is not installed beside the
  ///   program (its resource bundle was not copied with it).
  init() throws(TuneServerError) {
    let entries = [
      ("/", "index", "html", "text/html; charset=utf-8"),
      ("/tune.js", "tune", "js", "text/javascript; charset=utf-8"),
      ("/tune.css", "tune", "css", "text/css; charset=utf-8"),
    ]
    var files: [String: (String, [UInt8])] = [:]
    for (path, name, ext, type) in entries {
      guard
        let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Page"),
        let data = try? Data(contentsOf: url)
      else { throw .pageMissing("\(name).\(ext)") }
      files[path] = (type, Array(data))
    }
    self.files = files
  }
}
