import Foundation
import LayerFX

/// A kernel as a command line or a config names it: a built-in's name (`ripple`) or a function
/// of a `.metal` file (`Shaders/LayerEffects/Ripple.metal:Ripple`), optionally followed by its
/// arguments (`ripple:amplitude=4`, `FILE.metal:FUNCTION:P=V,...`).
public enum KernelReference {
  /// Whether `text` names a `.metal` file (`FILE.metal` or `FILE.metal:FUNCTION`).
  public static func isMetal(_ text: String) -> Bool {
    text.hasSuffix(".metal") || text.contains(".metal:")
  }

  /// The file and function of `FILE.metal:FUNCTION` (no function for `FILE.metal`); the text
  /// itself and no function when it names no `.metal` file.
  public static func split(_ text: String) -> (path: String, function: String?) {
    guard let range = text.range(of: ".metal:", options: .backwards) else { return (text, nil) }
    return (
      String(text[..<range.lowerBound]) + ".metal", String(text[range.upperBound...])
    )
  }

  /// `text` with the path of its `.metal` file made absolute, against the working directory
  /// (`ramp.metal:ramp` → `/home/me/fx/ramp.metal:ramp`); a built-in's name as it is.
  ///
  /// A dumped config names kernels this way: its printer never learns where the dump is saved,
  /// while a config's relative paths are read against its own folder, so only an absolute path
  /// names the same file wherever the dump is saved and read from. `.` components are dropped
  /// and `..` resolved as ``absolutePath(_:)`` resolves them.
  public static func absolute(_ text: String) -> String {
    guard isMetal(text) else { return text }
    let (path, function) = split(text)
    return absolutePath(path) + (function.map { ":" + $0 } ?? "")
  }

  /// `path` made absolute against the working directory, as ``absolute(_:)`` makes a `.metal`
  /// file's; a dumped config names an image argument's PNG file this way too.
  ///
  /// `.` components are dropped. A `..` leads where the system takes it: to the parent of what
  /// the path before it names, its symbolic links resolved (realpath(3)), since a link before
  /// `..` decides where it leads (`/d/link/..` with `link` → `/d/a/b` is `/d/a`); at the root
  /// it is the root. A `..` after a path that does not exist is kept: no file is reached through
  /// it. Nothing after the last `..` is resolved, so a link in the file's own name stays a link.
  ///
  /// Source: POSIX.1-2017, Base Definitions §4.13 "Pathname Resolution" (dot-dot refers to the
  /// parent directory of the directory reached so far).
  public static func absolutePath(_ path: String) -> String {
    let base = path.hasPrefix("/") ? "" : FileManager.default.currentDirectoryPath
    var components: [Substring] = []
    for component in (base + "/" + path).split(separator: "/") where component != "." {
      guard component == ".." else {
        components.append(component)
        continue
      }
      if components.isEmpty { continue }
      guard let resolved = realpath("/" + components.joined(separator: "/"), nil) else {
        components.append(component)
        continue
      }
      components = String(cString: resolved).split(separator: "/").dropLast()
      free(resolved)
    }
    return "/" + components.joined(separator: "/")
  }

  /// The kernel name and the argument text of an effect: `NAME[:P=V,...]` or
  /// `FILE.metal:FUNCTION[:P=V,...]` (the first colon after `.metal:` ends the function name).
  ///
  /// - Returns: The name, and what follows its colon (`nil` when there is no colon).
  public static func splitEffect(_ text: String) -> (name: String, arguments: Substring?) {
    let nameStart = text.range(of: ".metal:")?.upperBound ?? text.startIndex
    guard let colon = text[nameStart...].firstIndex(of: ":") else { return (text, nil) }
    return (String(text[..<colon]), text[text.index(after: colon)...])
  }

  /// The `P=V` items of an effect's argument text (what follows the colon after its name,
  /// ``splitEffect(_:)``): a value may itself hold commas, as `origin=200,150` does, so an item
  /// without `=` continues the one before.
  ///
  /// - Parameter text: The argument text; `nil` when the effect has no colon.
  /// - Returns: The `P=V` texts, in order; none for `nil`.
  /// - Throws: ``ArgumentListError`` for a colon with nothing after it (`ripple:`) or an empty
  ///   item (`ripple:,,`, `ripple:amplitude=2,`), which would otherwise be dropped without a
  ///   word.
  public static func pairs(_ text: Substring?) throws(ArgumentListError) -> [String] {
    guard let text else { return [] }
    guard !text.isEmpty else { throw .empty }
    let tokens = text.split(separator: ",", omittingEmptySubsequences: false)
    guard !tokens.contains(where: \.isEmpty) else { throw .emptyItem }
    var pairs: [String] = []
    for token in tokens {
      if token.contains("=") || pairs.isEmpty {
        pairs.append(String(token))
      } else {
        pairs[pairs.count - 1] += "," + token
      }
    }
    return pairs
  }

  /// The item of an effect's arguments reserved for its own `maxSampleOffset`
  /// (`bulge:maxSampleOffset=4,4`).
  public static let offsetItem = "maxSampleOffset"

  /// The one message for an item of an effect's arguments given more than once, `context`
  /// naming the effect as the command line does: `--effect sepia: amount given more than once;
  /// give it once` (`config dump twirl`, `--effect ramp.metal:ramp`; `--arg` alone for a
  /// kernel's `--arg` items).
  ///
  /// - Parameters:
  ///   - item: The parameter's name, or ``offsetItem``.
  ///   - context: The option or command and the effect as typed (`--effect sepia`).
  /// - Returns: One line.
  public static func repeatedItem(_ item: String, in context: String) -> String {
    "\(context): \(item) given more than once; give it once"
  }

  /// Takes the reserved item `maxSampleOffset=X,Y` (``offsetItem``) out of an effect's `pairs`
  /// (``pairs(_:)``).
  ///
  /// The item is the effect's own `maxSampleOffset` (points), which a front end's shared offset
  /// does not replace. A function with a parameter of that name gets the item as that
  /// parameter: nothing is taken.
  ///
  /// - Parameters:
  ///   - pairs: The effect's `P=V` texts.
  ///   - function: The effect's function.
  ///   - context: The option or command and the effect as the command line names it, for
  ///     errors: `--effect twirl`, `config dump crash.metal:crash`.
  /// - Returns: The other pairs, in order, and the item's value text (`X,Y`) if given.
  /// - Throws: ``RenderJobError`` about no one setting, with a
  ///   ``RenderJob/Misfit/invalid(commandLine:inConfig:)`` in the command line's words
  ///   (`context`): the item given twice (``repeatedItem(_:in:)``), or given to a colour effect.
  public static func ownOffset(_ pairs: [String], of function: ShaderFunction, context: String)
    throws(RenderJobError) -> (pairs: [String], offset: String?)
  {
    let prefix = offsetItem + "="
    guard !function.parameters.contains(where: { $0.name == offsetItem }),
      let item = pairs.last(where: { $0.hasPrefix(prefix) })
    else { return (pairs, nil) }
    func misfit(_ commandLine: String) -> RenderJobError {
      RenderJobError(
        setting: nil, underlying: RenderJob.Misfit.invalid(commandLine: commandLine, inConfig: nil))
    }
    guard pairs.filter({ $0.hasPrefix(prefix) }).count == 1 else {
      throw misfit(repeatedItem(offsetItem, in: context))
    }
    guard function.kind == .layer || function.kind == .distortion else {
      throw misfit(
        "\(context):\(item): only layer and distortion effects take a "
          + "maxSampleOffset; \(function.name) is a colour effect")
    }
    return (pairs.filter { !$0.hasPrefix(prefix) }, String(item.dropFirst(prefix.count)))
  }

  /// An effect's argument text that ``pairs(_:)`` refuses.
  public enum ArgumentListError: Error, Equatable {
    /// A colon with nothing after it.
    case empty
    /// An empty item between commas, or at either end.
    case emptyItem

    /// What the text should be instead: `P=V,... after the colon, or no colon`.
    public var expected: String {
      switch self {
      case .empty: "P=V,... after the colon, or no colon"
      case .emptyItem: "P=V items with one comma between them (an item is empty)"
      }
    }
  }
}
