import FuzzSupport
import LayerFX
import LayerFXComposition
import LayerFXFiles
import LayerFXKernels

@testable import LayerFXCLI

/// Treats each input as NUL-separated pieces: the first is an `--effect NAME[:P=V,…]` value,
/// the rest `--arg NAME=VALUE` pairs, parsed and prepared as `layerfx apply` does; every piece,
/// as raw bytes, must also survive the file-name and message paths.
///
/// Checked on every piece (a violation traps, which libFuzzer reports):
/// - `RawBytes.cString(RawBytes.string(decoding: piece))` gives back the very bytes;
/// - `MessageText.escaped` of it, and of any error the parsing threw, holds no control
///   character and no escaped raw byte, and stays within its length limit.
@main
enum FuzzEffectArguments: FuzzTarget {
  static func test(_ bytes: [UInt8]) {
    let pieces = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    for piece in pieces { checkRawBytes(piece) }
    let texts = pieces.map { RawBytes.string(decoding: $0) }
    guard let spec = texts.first else { return }
    do {
      // apply's --effect path, with built-in functions only (no .metal file is compiled).
      let (name, argumentText) = KernelReference.splitEffect(spec)
      let effect = try ApplyCommand.animated(
        ShaderLibrary.default.function(named: name),
        pairs: ApplyCommand.pairs(argumentText, in: spec),
        option: "effect", effect: name, clockLength: 3, pixelLimit: 4096, timeParameter: nil)
      _ = try EffectChain([effect]).passes(at: 0.5, sizeInPoints: .init(16, 12))
    } catch {
      checkMessage("\(error)")
    }
    for function in ShaderLibrary.default.functions {
      do {
        let bound = try function.bind(Array(texts.dropFirst()), pixelLimit: 64)
        _ = try Shader(function: function, namedArguments: bound).prepared(
          for: function.kind, sizeInPoints: .init(16, 12))
      } catch {
        checkMessage("\(error)")
      }
    }
  }

  /// Traps unless `piece` round-trips through `String` as a file name does.
  static func checkRawBytes(_ piece: [UInt8]) {
    let text = RawBytes.string(decoding: piece)
    let back = RawBytes.cString(text).dropLast().map { UInt8(bitPattern: $0) }
    precondition(back == piece, "RawBytes lost bytes of a name")
    checkMessage(text)
  }

  /// Traps unless the escaped form of `text` is printable, on one line and bounded.
  static func checkMessage(_ text: String) {
    let escaped = MessageText.escaped(text)
    for scalar in escaped.unicodeScalars {
      precondition(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value), "control")
      precondition(RawBytes.byte(scalar) == nil, "an escaped raw byte left in a message")
    }
    precondition(escaped.count <= MessageText.defaultLimit + 40, "a message was not shortened")
  }
}
