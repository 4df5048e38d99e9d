import Foundation
import LayerFX
import LayerFXComposition
import LayerFXKernels
import LayerFXMetal

/// Finds the shader function a kernel text names, as a command line or a config writes it
/// (`LayerFXComposition.KernelReference`): a built-in's name (`ripple`), a function of a
/// `.metal` file (`Shaders/LayerEffects/Ripple.metal:Ripple`, compiled by the `.metal` runner),
/// or a bare name of a function of the library's other `.metal` files.
///
/// Every front end resolves kernels through it (the CLI's commands, the tune page's decoder), so
/// a name means the same function everywhere. A library of several files works as an app's
/// default library does, which holds every `.metal` file it ships: one file may call helpers
/// defined in another (``libraryPaths``).
public struct KernelResolver: Sendable {
  /// `.metal` files, and folders whose every `*.metal` file below joins the library, compiled
  /// and linked with every `.metal` function named; with any, a bare name is looked up among
  /// the library's functions before the built-ins.
  public var libraryPaths: [String]
  /// The compile options (`half` precision, the per-frame time limit), read each time a library
  /// is compiled and only then, so a front end's options for `.metal` code are checked only when
  /// `.metal` code is compiled.
  public var compileOptions: @Sendable () throws -> MetalCompileOptions
  /// Receives each error of a failed compile with more than one, in clang's order, before the
  /// summary is thrown (``library(_:)``), so a front end that writes one line per error shows
  /// them all, the first first.
  public var reportError: @Sendable (MetalCompileError.Diagnostic) -> Void

  /// Creates a resolver; see the properties.
  public init(
    libraryPaths: [String] = [],
    compileOptions: @escaping @Sendable () throws -> MetalCompileOptions = {
      MetalCompileOptions()
    },
    reportError: @escaping @Sendable (MetalCompileError.Diagnostic) -> Void = { _ in }
  ) {
    self.libraryPaths = libraryPaths
    self.compileOptions = compileOptions
    self.reportError = reportError
  }

  /// Whether resolving `texts` compiles `.metal` code: one of them names a `.metal` file, or
  /// the resolver has ``libraryPaths``.
  public func compilesMetal(_ texts: [String]) -> Bool {
    !libraryPaths.isEmpty || texts.contains(where: KernelReference.isMetal)
  }

  /// Compiles the `.metal` file at `path` (if any) with the files of ``libraryPaths``, each
  /// read through `InputFile` (a regular file, at most `MetalLibrary.maxSourceByteCount`
  /// bytes).
  ///
  /// - Parameter path: The `.metal` file named, or `nil` for the library's files alone.
  /// - Returns: The compiled library.
  /// - Throws: ``KernelResolverError/folder(path:)`` when `path` is a folder (a usage error:
  ///   `--library` takes folders); what ``compileOptions`` throws;
  ///   `LayerFXMetal.MetalCompileError` when a file
  ///   cannot be read or compiled. A failed compile throws one diagnostic: its only error; or,
  ///   after every error went to ``reportError`` in clang's order, its first error at its place
  ///   with the count (`summary(of:output:)`).
  public func library(_ path: String?) throws -> MetalLibrary {
    if let path { try Self.checkNotFolder(path) }
    let options = try compileOptions()
    do {
      return try MetalLibrary(paths: (path.map { [$0] } ?? []) + libraryPaths, options: options)
    } catch {
      // Matching the case in the catch clause crashes the 6.3 compiler (an ownership error).
      guard case .compileFailed(let diagnostics, let output) = error else { throw error }
      let errors = diagnostics.filter { $0.severity == "error" }
      guard let summary = Self.summary(of: errors, output: output) else {
        throw MetalCompileError.compileFailed(diagnostics: Array(errors.prefix(1)), output: output)
      }
      for diagnostic in errors { reportError(diagnostic) }
      throw MetalCompileError.compileFailed(diagnostics: [summary], output: output)
    }
  }

  /// Refuses a folder where one `.metal` file is expected (`FILE.metal:FUNCTION`, `list FILE`).
  ///
  /// - Parameter path: The path given.
  /// - Throws: ``KernelResolverError/folder(path:)``.
  public static func checkNotFolder(_ path: String) throws(KernelResolverError) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw .folder(path: path)
    }
  }

  /// The one line that ends a failed compile's errors when there are several, or when clang
  /// stopped at its error limit.
  ///
  /// It is the first error, at its place, with ` (the first of N errors)`, and `; clang
  /// stopped at its error limit (too many errors emitted), so there may be more` when clang's
  /// output says it stopped there (its `-ferror-limit`, 19 errors by default, then
  /// `fatal error: too many errors emitted`, which names no place and so is no diagnostic of
  /// its own).
  ///
  /// - Parameters:
  ///   - errors: The compile's errors, in clang's order.
  ///   - output: clang's whole output.
  /// - Returns: The line, or `nil` for a single error.
  ///
  /// Source: clang's Users Manual, `-ferror-limit`
  /// (https://clang.llvm.org/docs/UsersManual.html).
  static func summary(of errors: [MetalCompileError.Diagnostic], output: String)
    -> MetalCompileError.Diagnostic?
  {
    let stopped = output.contains("too many errors emitted")
    guard let first = errors.first, errors.count > 1 || stopped else { return nil }
    return MetalCompileError.Diagnostic(
      file: first.file, line: first.line, column: first.column, severity: first.severity,
      message: first.message + " (the first of \(errors.count) errors"
        + (stopped
          ? "; clang stopped at its error limit (too many errors emitted), so there may be more)"
          : ")"))
  }

  /// The function `text` names: `FILE.metal:FUNCTION` compiled with the library's other files;
  /// with ``libraryPaths``, a bare name of one of the library's functions; else a built-in of
  /// `ShaderLibrary.default` (module `LayerFXKernels`).
  ///
  /// - Parameter text: `NAME` or `FILE.metal:FUNCTION`, without arguments.
  /// - Returns: The function, ready for a `Shader`.
  /// - Throws: ``KernelResolverError/functionNotNamed(path:functions:)`` for `FILE.metal`
  ///   without a function; the file's `MetalCompileError.unsupportedSignature`
  ///   when the function named (`FILE.metal:NAME`, or a bare name of the library's) is one
  ///   SwiftUI could not call (the first, for `FILE.metal` whose every function is one); what
  ///   ``library(_:)`` throws;
  ///   `ShaderArgumentError.unknownFunction` for a name no library has.
  public func function(_ text: String) throws -> ShaderFunction {
    guard KernelReference.isMetal(text) else {
      if !libraryPaths.isEmpty {
        let library = try library(nil)
        if let function = library.library.functions.first(where: { $0.name == text }) {
          return function
        }
        // One SwiftUI cannot call is refused with why, as FILE.metal:NAME is, not as unknown.
        if let problem = Self.uncallable(text, in: library) { throw problem }
      }
      return try ShaderLibrary.default.function(named: text)
    }
    let (path, name) = KernelReference.split(text)
    let library = try library(path)
    guard let name else {
      // With none SwiftUI can call, why the first cannot be is the problem, not the name.
      if library.library.functions.isEmpty, let first = library.uncallable.first { throw first }
      throw KernelResolverError.functionNotNamed(
        path: path, functions: library.library.functions.map(\.name))
    }
    if let problem = Self.uncallable(name, in: library) { throw problem }
    return try library.library.function(named: name)
  }

  /// Why `library`'s function `name` is one SwiftUI could not call, or `nil` when it is not.
  private static func uncallable(_ name: String, in library: MetalLibrary) -> MetalCompileError? {
    library.uncallable.first {
      if case .unsupportedSignature(_, name, _, _) = $0 { true } else { false }
    }
  }
}
