import LayerFX
import LayerFXArguments
import LayerFXComposition

/// A shader argument error about a function the command line names in a `.metal` file
/// (`FILE.metal:FUNCTION`), reported with the file, as a compile error is:
/// `need.metal: Tint: argument 'amount' (float) is required`.
struct MetalFunctionError: ExitCoded {
  /// The `.metal` file, as the command line names it.
  let path: String
  /// The error, which names the function.
  let underlying: ShaderArgumentError

  var exitCode: ExitCode { underlying.exitCode }
  var description: String { "\(path): \(underlying)" }

  /// Runs `body`, a command's run, reporting a ``LayerFX/ShaderArgumentError`` about a
  /// function of a `.metal` file that `arguments` names (`files(_:)`) with that file.
  ///
  /// - Throws: `MetalFunctionError` for such an error; what else `body` throws, as it is.
  static func naming<T>(_ arguments: ParsedArguments, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as ShaderArgumentError {
      guard let name = error.function, let path = files(arguments)[name] else { throw error }
      throw MetalFunctionError(path: path, underlying: error)
    }
  }

  /// The `.metal` file of each function the command line names as `FILE.metal:FUNCTION`
  /// (KERNEL, FILL, `--effect`, `config dump`'s `FILE.metal:FUNCTION:P=V,…`); a name that two
  /// files, or a file and a built-in, share is left out, since an error could be about either.
  static func files(_ arguments: ParsedArguments) -> [String: String] {
    let references = (arguments.positionals + arguments.all("effect")).map {
      KernelReference.splitEffect($0).name
    }
    var files: [String: String] = [:]
    var shared: Set<String> = []
    for reference in references {
      let (path, function) = KernelReference.split(reference)
      guard KernelReference.isMetal(reference), let function else {
        shared.insert(reference)
        continue
      }
      if let known = files[function], known != path { shared.insert(function) }
      files[function] = path
    }
    return files.filter { !shared.contains($0.key) }
  }
}

extension ShaderArgumentError {
  /// The function the error is about: the one named, or the name no library has
  /// (`need.metal:Tnit` is reported at `need.metal`).
  var function: String? {
    switch self {
    case .tooManyArguments(let function, _, _), .missingArgument(let function, _, _),
      .unknownParameter(let function, _, _, _), .duplicateArgument(let function, _),
      .wrongType(let function, _, _, _), .notFinite(let function, _, _),
      .outOfRange(let function, _, _, _, _), .tooManyImages(let function, _),
      .wrongEffectKind(let function, _, _), .invalidArguments(let function, _),
      .missingMaxSampleOffset(let function, _):
      function
    case .unknownFunction(let name, _, _): name
    }
  }
}
