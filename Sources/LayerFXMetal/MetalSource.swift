import Foundation
import LayerFXFiles

#if canImport(Glibc)
  import Glibc
#endif

/// One `.metal` file with every file of the shader's folder tree it includes, each rewritten
/// as Metal reads it (``MetalSourceRewriter``) and assembled into one text with `#line`
/// markers, so diagnostics name the real file and line.
///
/// The runner resolves `#include "x.h"` and `#import "x.h"` itself, relative to the including
/// file's folder, then the main file's, as Xcode's Metal compiler does; clang never opens a
/// user's file. An included file is read only when it is a regular file of at most
/// ``maxFileByteCount`` bytes whose real path (symbolic links resolved) lies in the shader's
/// folder tree (``root``), so a shader cannot quote `/etc/hostname` in an error or block on a
/// FIFO. `#include <name>` is left to clang, which finds only the stand-in headers
/// (`-nostdinc`); the name must be a plain relative path. A file with `#pragma once`, or
/// included by `#import`, is wrapped in a generated guard, so it is processed once wherever it
/// is included again; a file's own include guard works as written. Everything refused
/// (``MetalDirective``) is refused here, before clang runs, in one line naming the file and
/// line.
///
/// Source: Metal Shading Language Specification 3.2 §1.4 (the preprocessor is C++14's);
/// ISO/IEC 14882:2017 §19.2 (source file inclusion), §19.4 (`#line`).
struct MetalSource {
  /// The most bytes of one included file (16 MiB, as for a `.metal` source).
  static let maxFileByteCount = 16 << 20
  /// The most bytes of the assembled text (64 MiB): includes of includes end here.
  static let maxTextByteCount = 64 << 20
  /// The deepest nesting of includes (clang's default is 200; real shaders use a few).
  static let maxDepth = 64

  /// The main file's name, as given.
  let path: String
  /// The folder tree included files lie in (its real path): the main file's folder, or the
  /// library's.
  let root: String
  /// The project holding ``root`` (``projectRoot(containing:)``), if any: its Metal source and
  /// header files (``projectSourceExtensions``) may be included too, as Xcode compiles
  /// `#include "../Shared/noise.h"` from any folder of a target.
  let projectRoot: String?
  /// The extensions of the project's files outside ``root`` that may be included.
  static let projectSourceExtensions: Set<String> = ["h", "hh", "hpp", "metal", "metalh", "inc"]
  /// The assembled text; it starts with `#line 1 "path"`.
  private(set) var text = ""
  /// The stand-in headers included (`metal_stdlib`, `SwiftUI/SwiftUI_Metal.h`), in order,
  /// each with the file and line that first includes it.
  private(set) var standInHeaders: [(name: String, file: String, line: Int)] = []
  /// Every file's rewriter, by the name diagnostics give it, to map columns back.
  private(set) var rewriters: [String: MetalSourceRewriter] = [:]
  /// Where each run of assembled lines comes from: from assembled line `start` (1-based) on,
  /// line `line` of `file`.
  private var segments: [(start: Int, file: String, line: Int)] = []
  private var lineCount = 0
  private var onceGuards: [String: Int] = [:]
  private let binary16: Bool

  /// Assembles `source`, the text of the file named `path`.
  ///
  /// - Parameters:
  ///   - source: The main file's text.
  ///   - path: Its name in diagnostics; included files are found relative to its folder.
  ///   - root: The folder tree included files lie in; `nil` for the main file's folder. The
  ///     project holding it adds its Metal sources and headers (``projectRoot``).
  ///   - binary16: Whether `h` literals become `_Float16` (`f16`).
  /// - Throws: ``MetalCompileError/include(file:line:message:)`` for a refused or missing
  ///   include, ``MetalCompileError/cannotRead(path:reason:)`` for an included file that is
  ///   not UTF-8, ``MetalCompileError/nulByte(path:line:column:)`` for a NUL byte in any file.
  init(source: String, path: String, root: String? = nil, binary16: Bool)
    throws(MetalCompileError)
  {
    self.path = path
    let folder = Self.folder(of: path)
    let tree = Self.realPath(root ?? (folder.isEmpty ? "." : folder)) ?? (root ?? folder)
    self.root = tree
    self.projectRoot = Self.projectRoot(containing: tree).flatMap { $0 == tree ? nil : $0 }
    self.binary16 = binary16
    try emit(source, name: path, real: Self.realPath(path) ?? path, isImport: false, stack: [])
  }

  /// The file and line (1-based) of line `line` of ``text``.
  func location(ofLine line: Int) -> (file: String, line: Int) {
    guard let segment = segments.last(where: { $0.start <= line }) else { return (path, line) }
    return (segment.file, segment.line + line - segment.start)
  }

  /// `name` quoted for a `#line` directive or a C++ string literal.
  static func quoted(_ name: String) -> String {
    "\""
      + name.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
      .replacing("\n", with: "\\n") + "\""
  }

  private mutating func append(_ line: some StringProtocol) throws(MetalCompileError) {
    text += line
    text += "\n"
    lineCount += 1
    guard text.utf8.count <= Self.maxTextByteCount else {
      throw .include(
        file: path, line: 1,
        message: "the includes expand to more than \(Self.maxTextByteCount >> 20) MiB")
    }
  }

  private mutating func mark(_ line: Int, _ file: String) throws(MetalCompileError) {
    try append("#line \(line) \(Self.quoted(file))")
    segments.append((lineCount + 1, file, line))
  }

  private mutating func emit(
    _ source: String, name: String, real: String, isImport: Bool, stack: [String]
  ) throws(MetalCompileError) {
    // Line ends as clang reads them (CR LF and CR are LF), for every scan below.
    var source = Self.unifyingLineEnds(source)
    if let (line, column) = Self.firstNULByte(in: source) {
      throw .nulByte(path: name, line: line, column: column)
    }
    // A byte order mark starts no line of the unit (clang skips it at a file's start only).
    if source.unicodeScalars.first == "\u{FEFF}" {
      source = String(String.UnicodeScalarView(source.unicodeScalars.dropFirst()))
    }
    let directives = MetalDirective.scan(source)
    for directive in directives {
      if case .refused(let reason) = directive.kind {
        throw .include(file: name, line: directive.firstLine, message: reason)
      }
    }
    let rewriter = MetalSourceRewriter(source, binary16: binary16)
    rewriters[name] = rewriter
    let lines = rewriter.text.split(separator: "\n", omittingEmptySubsequences: false)
    let isOnce = isImport || directives.contains { $0.kind == .pragmaOnce }
    if isOnce {
      let number = onceGuards[real] ?? onceGuards.count
      onceGuards[real] = number
      try append("#ifndef LFX_ONCE_\(number)")
      try append("#define LFX_ONCE_\(number)")
    }
    try mark(1, name)
    var next = 1
    func copy(_ range: Range<Int>, blank: Bool = false) throws(MetalCompileError) {
      for number in range where number <= lines.count {
        try append(blank ? "" : lines[number - 1])
      }
    }
    for directive in directives {
      try copy(next..<directive.firstLine)
      let span = directive.firstLine..<(directive.lastLine + 1)
      next = span.upperBound
      switch directive.kind {
      case .refused: break
      case .pragmaOnce: try copy(span, blank: true)
      case .include(.angled(let header), _):
        guard MetalDirective.isStandInName(header) else {
          throw .include(
            file: name, line: directive.firstLine,
            message: "#include <\(header)> refused: a stand-in header is a plain relative name")
        }
        noteStandIn(header, name, directive.firstLine)
        try copy(span)
      case .include(.quoted(let header), let isImport):
        guard
          let (included, includedReal) = try resolve(
            header, from: name, line: directive.firstLine)
        else {
          // Not a file of the tree: a stand-in header spelled with quotes, left to clang.
          noteStandIn(header, name, directive.firstLine)
          try append("#include <\(header)>")
          try copy(span.dropFirst(), blank: true)
          continue
        }
        guard stack.count < Self.maxDepth else {
          throw .include(
            file: name, line: directive.firstLine,
            message: "#include \"\(header)\": includes nested more than \(Self.maxDepth) deep")
        }
        // A file including itself, through others or not, stops there, as its guard would
        // stop it (without one, clang would nest until its limit).
        if !stack.contains(includedReal) && includedReal != real {
          let text = try Self.read(includedReal, header: header, from: name, line: span.lowerBound)
          try emit(
            text, name: included, real: includedReal, isImport: isImport,
            stack: stack + [real])
        }
        try mark(next, name)
      }
    }
    try copy(next..<(lines.count + 1))
    if isOnce { try append("#endif") }
  }

  /// Records the stand-in header `header`, first included by `file` at `line`.
  private mutating func noteStandIn(_ header: String, _ file: String, _ line: Int) {
    if !standInHeaders.contains(where: { $0.name == header }) {
      standInHeaders.append((header, file, line))
    }
  }

  /// The file `header` names from the file `includer`: its name for diagnostics and its real
  /// path, or `nil` when no file of that name exists and it may name a stand-in header.
  private func resolve(_ header: String, from includer: String, line: Int)
    throws(MetalCompileError) -> (String, String)?
  {
    func refuse(_ reason: String) -> MetalCompileError {
      .include(file: includer, line: line, message: "#include \"\(header)\" refused: \(reason)")
    }
    guard !header.hasPrefix("/") else {
      throw refuse("an absolute path (a shader includes files of its own folder tree only)")
    }
    var candidates = [Self.joined(Self.folder(of: includer), header)]
    let main = Self.joined(Self.folder(of: path), header)
    if main != candidates[0] { candidates.append(main) }
    for candidate in candidates {
      var status = stat()
      guard lstat(RawBytes.cString(candidate), &status) == 0 else { continue }
      guard let real = Self.realPath(candidate) else {
        throw refuse("a symbolic link that leads nowhere")
      }
      let isProjectSource =
        projectRoot.map { Self.isInside(real, $0) } == true
        && Self.projectSourceExtensions.contains(
          String(real.split(separator: "/").last?.split(separator: ".").last ?? ""))
      guard Self.isInside(real, root) || isProjectSource else {
        throw refuse("\(real) is outside the shader's folder tree \(root)")
      }
      return (candidate, real)
    }
    guard MetalDirective.isStandInName(header) else {
      throw .include(file: includer, line: line, message: "#include \"\(header)\": file not found")
    }
    return nil
  }

  /// The text of an included file, through ``InputFile`` (a regular file, never a pipe, size
  /// checked before reading, recorded in ``ReadFiles``).
  private static func read(_ real: String, header: String, from includer: String, line: Int)
    throws(MetalCompileError) -> String
  {
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(real, limit: maxFileByteCount, readsPipes: false)
    } catch {
      throw .include(
        file: includer, line: line, message: "#include \"\(header)\" refused: \(error.reason)")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .include(file: includer, line: line, message: "#include \"\(header)\": not UTF-8 text")
    }
    return text
  }

  /// The folder part of `path` (empty for a bare name).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Whether the real path `path` is `folder` or lies below it.
  static func isInside(_ path: String, _ folder: String) -> Bool {
    path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
  }

  /// The nearest folder at or above `folder` (a real path) that is a project's root: it holds
  /// `.git`, `Package.swift`, or an Xcode project or workspace; `nil` when none does below `/`.
  ///
  /// A shader may include its project's Metal sources and headers: Xcode compiles
  /// `#include "../Shared/x.h"` from any folder of the target, and they are no secret to a
  /// shader that ships beside them; the project's other files and what lies outside it stay out
  /// of reach.
  static func projectRoot(containing folder: String) -> String? {
    var candidate = folder
    while candidate.count > 1 {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: candidate)) ?? []
      if names.contains(where: {
        $0 == ".git" || $0 == "Package.swift" || $0.hasSuffix(".xcodeproj")
          || $0.hasSuffix(".xcworkspace")
      }) {
        return candidate
      }
      candidate = Self.folder(of: candidate)
    }
    return nil
  }

  /// `name` under `folder` (just `name` when the folder is empty).
  static func joined(_ folder: String, _ name: String) -> String {
    folder.isEmpty ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
  }

  /// `path` with every symbolic link resolved, or `nil` when it leads nowhere.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(RawBytes.cString(path), nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
