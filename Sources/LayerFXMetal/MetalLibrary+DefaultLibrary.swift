import Foundation

extension MetalLibrary {
  /// The most `.metal` files of a project searched for a missing helper.
  static let maxProjectFiles = 4096

  /// Compiles `files`; when they were named one by one and a function they call is defined in
  /// none of them, adds the `.metal` files of their project that name it and compiles again, as
  /// an app's default library is every `.metal` file its target ships (Xcode links them
  /// together).
  ///
  /// The project is the first file's (``MetalSource/projectRoot(containing:)``, else its
  /// folder), so nothing outside the shader's folder tree joins. Up to four rounds follow a
  /// helper that calls another; when the larger library fails for any other reason, the first
  /// error stands.
  ///
  /// - Throws: ``MetalCompileError``, the first compile's when the helpers cannot be found.
  static func resolvingHelpers(
    _ files: [(text: String, path: String, root: String?)], name: String, isFolder: Bool,
    options: MetalCompileOptions
  ) throws(MetalCompileError) -> MetalLibrary {
    var library = files
    var firstError: MetalCompileError?
    // The project's other files, walked and read once, on the first missing helper.
    var project: [(text: String, path: String, root: String?)]?
    for _ in 0..<5 {
      do {
        var compiled = try MetalLibrary(files: library, name: name, options: options)
        compiled.helperFiles = library.dropFirst(files.count).map(\.path)
        return compiled
      } catch {
        let first = firstError ?? error
        firstError = first
        guard !isFolder, case .linkFailed(_, let message) = error,
          let missing = missingName(message), let path = files.first?.path
        else { throw first }
        if project == nil {
          let named = Set(files.map { MetalSource.realPath($0.path) ?? $0.path })
          project = projectFiles(around: path).filter {
            !named.contains(MetalSource.realPath($0) ?? $0)
          }.compactMap { candidate in (try? read(candidate)).map { ($0, candidate, nil) } }
        }
        let known = Set(library.map(\.path))
        let added = (project ?? []).filter {
          !known.contains($0.path) && names(missing, in: $0.text)
        }
        guard !added.isEmpty else { throw first }
        library += added
      }
    }
    throw firstError ?? .noStitchableFunctions(path: name)
  }

  /// The function a link error says no file defines, by its last name: `Loki` of
  /// `undefined function 'Loki::Loki(unsigned int)': …`.
  static func missingName(_ message: String) -> String? {
    guard message.hasPrefix("undefined "), let open = message.firstIndex(of: "'") else {
      return nil
    }
    let rest = message[message.index(after: open)...]
    let signature = rest.prefix { $0 != "'" && $0 != "(" }
    let name = signature.split(separator: ":").last.map(String.init) ?? ""
    return name.isEmpty ? nil : name
  }

  /// Whether `text` holds `name` as a whole identifier.
  static func names(_ name: String, in text: String) -> Bool {
    var start = text.startIndex
    while let range = text.range(of: name, range: start..<text.endIndex) {
      let before =
        range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
      if !(before.map(isIdentifier) ?? false) && !(after.map(isIdentifier) ?? false) {
        return true
      }
      start = range.upperBound
    }
    return false
  }

  private static func isIdentifier(_ c: Character) -> Bool {
    c == "_" || c.isLetter || c.isNumber
  }

  /// The `.metal` files of the project holding `path`, sorted; hidden folders and `.build` are
  /// skipped, and at most ``maxProjectFiles`` are listed.
  static func projectFiles(around path: String) -> [String] {
    let folder = MetalSource.folder(of: path)
    let real = MetalSource.realPath(folder.isEmpty ? "." : folder) ?? folder
    let root = MetalSource.projectRoot(containing: real) ?? real
    guard let walk = FileManager.default.enumerator(atPath: root) else { return [] }
    var found: [String] = []
    while let name = walk.nextObject() as? String, found.count < maxProjectFiles {
      let last = name.split(separator: "/").last.map(String.init) ?? name
      if last.hasPrefix(".") || last == ".build" {
        walk.skipDescendants()
      } else if last.hasSuffix(".metal") {
        found.append(MetalSource.joined(root, name))
      }
    }
    return found.sorted()
  }
}
