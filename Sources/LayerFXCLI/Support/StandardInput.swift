import LayerFXArguments
import LayerFXComposition

/// The arguments that read standard input (`-`), of which a command line may have one: the
/// first to read it takes every byte, so a second would find it empty.
enum StandardInput {
  /// Refuses a command line on which more than one argument reads standard input: a `-`
  /// operand (INPUT, FILE), an image argument `--arg NAME=-` or `--effect NAME:P=-`, and
  /// `--keyframes -` or `--config -`.
  ///
  /// - Parameter arguments: The parsed command line.
  /// - Throws: ``UsageError/invalid(_:)`` naming the first two readers (exit 64): `INPUT - and
  ///   --arg mask=- both read standard input, which can be read only once; save one of them to
  ///   a file`.
  static func checkOneReader(_ arguments: ParsedArguments) throws {
    let readers = self.readers(arguments)
    guard readers.count > 1 else { return }
    let problem =
      readers[0] == readers[1]
      ? "\(readers[0]) is given twice, but standard input"
      : "\(readers[0]) and \(readers[1]) both read standard input, which"
    throw UsageError.invalid("\(problem) can be read only once; save one of them to a file")
  }

  /// The arguments that read standard input, as the command line gives them, in the order:
  /// operands, `--arg`, `--effect`, `--keyframes`, `--config`.
  static func readers(_ arguments: ParsedArguments) -> [String] {
    let operands = arguments.positionals.filter { $0 == "-" }.map { _ in "INPUT -" }
    let pairs = arguments.all("arg").filter { $0.hasSuffix("=-") }.map { "--arg \($0)" }
    let effects = arguments.all("effect").flatMap { text in
      let pairs = (try? KernelReference.pairs(KernelReference.splitEffect(text).arguments)) ?? []
      return pairs.filter { $0.hasSuffix("=-") }.map { _ in "--effect \(text)" }
    }
    let files = ["keyframes", "config"].flatMap { option in
      arguments.all(option).filter { $0 == "-" }.map { _ in "--\(option) -" }
    }
    return operands + pairs + effects + files
  }
}
