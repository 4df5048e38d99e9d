import LayerFXFiles

/// The headers a compile read besides its translation unit and the stand-in headers: what a
/// `.metal` source pulls in with `#include "x.h"`, as clang lists them in a make rule
/// (`-MMD -MF FILE`).
///
/// clang reads these headers itself, not through ``InputFile``. So each is read once more
/// through ``InputFile/read(_:limit:)``, which records it in ``ReadFiles``: with the guard on (the
/// CLI), ``AtomicFile`` then refuses to replace a header as it refuses the source (`-o x.h`). Its
/// bytes also join the compiled object's cache key, so an edited header is compiled again rather
/// than served stale from the cache.
///
/// Source: clang's `-MMD`, `-MF` and `-MT` options (Clang command line argument reference,
/// "Dependency file generation"; `-MMD` leaves out system headers); the rule's syntax is make's
/// (GNU make manual, "Rule Syntax": `target: prerequisites`, a `\` before a newline continues
/// the line), with a space in a name written `\ `, `#` written `\#` and `$` written `$$`.
struct MetalDependencies: Equatable {
  /// The headers' paths, as clang spelled them, in the rule's order.
  let paths: [String]

  /// The most bytes of one header read (16 MiB, as for a `.metal` source).
  static let maxHeaderByteCount = 16 << 20

  /// The prerequisites of the make rule `text`, leaving out the files under `directory` (the
  /// compile cache: the translation unit and the stand-in headers).
  ///
  /// - Parameters:
  ///   - text: A dependency file clang wrote: one rule, `target: prerequisite …`.
  ///   - directory: A folder whose files are not the source's headers.
  init(makeRule text: String, excluding directory: String) {
    var names: [String] = []
    var name = ""
    var characters = text.makeIterator()
    var pending = characters.next()
    while let character = pending {
      pending = characters.next()
      switch character {
      case "\\" where pending == "\n":
        pending = characters.next()
        fallthrough
      case " ", "\t", "\n":
        if !name.isEmpty { names.append(name) }
        name = ""
      case "\\" where pending == " " || pending == "#":
        name.append(pending ?? character)
        pending = characters.next()
      case "$" where pending == "$":
        name.append("$")
        pending = characters.next()
      default:
        name.append(character)
      }
    }
    if !name.isEmpty { names.append(name) }
    // The first name is the target, `NAME:`.
    paths = names.drop { !$0.hasSuffix(":") }.dropFirst().filter {
      !$0.hasPrefix(directory + "/")
    }
  }

  /// Reads every header through ``InputFile`` (recording it in ``ReadFiles``) and returns a
  /// hash of their paths and bytes, for the cache key.
  ///
  /// A header that cannot be read again counts by its path alone, unrecorded: one gone since
  /// clang read it, one larger than ``maxHeaderByteCount``, or one whose name the rule cannot
  /// spell (clang writes a `\` in a name as `/`, so `c\d.h` is listed as `c/d.h`). Such a
  /// header compiles as before, but an edit to it is not seen by the cache.
  func contentKey() -> String {
    var parts: [[UInt8]] = []
    for path in paths {
      parts.append(Array(path.utf8))
      if let bytes = try? InputFile.read(path, limit: Self.maxHeaderByteCount) {
        parts.append(bytes)
      }
    }
    return MetalCompiler.hash(bytes: parts)
  }
}
