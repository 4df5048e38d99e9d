import CLayerFXSandbox
import Foundation

/// What a compiled library must be before a worker loads it.
///
/// Checked on its ELF image (`lfx_elf_check`, Sources/CLayerFXSandbox/ELFCheck.c): no
/// constructors or destructors, no
/// writable globals, no thread-local storage, no library but libm, no undefined symbol but
/// libm's math functions, nothing but code on executable pages (no section that is not code,
/// no variable among the code) and no executable stack. Metal has no libc, no writable program-scope variables and no code
/// that runs at load time (MSL specification §4: address spaces), so a shader that needs any of
/// them is refused.
enum MetalSandboxCheck {
  /// Checks the shared object at `object`, compiled from `path`.
  ///
  /// - Returns: `object`.
  /// - Throws: ``MetalCompileError/refused(path:reason:)`` naming what it found.
  static func check(_ object: String, path: String) throws(MetalCompileError) -> String {
    var message = [CChar](repeating: 0, count: 512)
    guard lfx_elf_check(object, &message, message.count) == 0 else {
      throw .refused(
        path: path,
        reason: "the compiled library "
          + String(
            decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return object
  }

  /// The symbol a link failed on, from the linker's `undefined reference to 'NAME'` (GNU ld
  /// and gold quote it differently) or `undefined symbol: NAME` (lld), if the output has one.
  static func undefinedSymbol(in output: String) -> String? {
    for line in output.split(separator: "\n") {
      if let range = line.range(of: "undefined reference to ") {
        return String(line[range.upperBound...].dropFirst().prefix { $0 != "'" })
      }
      if let range = line.range(of: "undefined symbol: ") {
        return String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }
}
