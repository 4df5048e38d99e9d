#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Carries file names that are not valid UTF-8 through `String` without loss.
///
/// A POSIX file name is any bytes but `/` and NUL; a Swift `String` holds only Unicode. Each
/// byte of an invalid UTF-8 sequence becomes one code point of the last private-use block,
/// U+10FF00 + byte (256 code points, so every byte has its own), and ``cString(_:)`` turns them
/// back into the bytes, so `open(2)` sees the name the user typed. Error messages show them as
/// `\xNN` (``MessageText``). A name that really contains U+10FF00…U+10FFFF (valid UTF-8) has
/// those four bytes escaped one by one too, so every byte sequence round-trips exactly; such a
/// character only shows as `\xf4\x8f…` in messages.
///
/// Source: Unicode 15 §23.5 "Private-Use Characters" (plane 16 is private use); the idea is
/// PEP 383's "surrogateescape", moved out of the surrogates, which `String` cannot hold.
public enum RawBytes {
  /// The code point that byte 0 maps to.
  public static let escapeBase: UInt32 = 0x10_FF00

  /// The string for `bytes`: valid UTF-8 as is, each byte of an invalid sequence escaped.
  ///
  /// - Parameter bytes: A C string's bytes, without the terminating NUL.
  /// - Returns: A string that ``cString(_:)`` maps back to exactly `bytes`.
  public static func string(decoding bytes: [UInt8]) -> String {
    var scalars = String.UnicodeScalarView()
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let scalar = Unicode.UTF8.decode(encoded)
        if byte(scalar) != nil {
          // A real U+10FFxx would read back as one raw byte: escape its bytes instead.
          for byte in encoded { scalars.append(escaped(byte)) }
        } else {
          scalars.append(scalar)
        }
        offset += encoded.count
      case .error(let length):
        for byte in bytes[offset..<offset + length] {
          scalars.append(escaped(byte))
        }
        offset += length
      case .emptyInput:
        return String(scalars)
      }
    }
  }

  /// The string for the NUL-terminated C string `text`.
  ///
  /// - Parameter text: A C string, such as an element of `argv`.
  /// - Returns: As ``string(decoding:)``.
  public static func string(cString text: UnsafePointer<CChar>) -> String {
    string(
      decoding: Array(UnsafeBufferPointer(start: text, count: strlen(text))).map {
        UInt8(bitPattern: $0)
      })
  }

  /// The bytes `text` stands for, NUL-terminated: UTF-8, with escaped bytes restored.
  ///
  /// - Parameter text: A string from ``string(decoding:)`` or any string.
  /// - Returns: The C string to hand to a system call.
  public static func cString(_ text: String) -> [CChar] {
    var bytes: [CChar] = []
    bytes.reserveCapacity(text.utf8.count + 1)
    for scalar in text.unicodeScalars {
      if let byte = byte(scalar) {
        bytes.append(CChar(bitPattern: byte))
      } else {
        bytes.append(contentsOf: String(scalar).utf8.map { CChar(bitPattern: $0) })
      }
    }
    bytes.append(0)
    return bytes
  }

  /// The raw byte `scalar` escapes, or `nil` for an ordinary character.
  ///
  /// - Parameter scalar: A code point of a string from ``string(decoding:)``.
  /// - Returns: The byte, 0…255.
  public static func byte(_ scalar: Unicode.Scalar) -> UInt8? {
    scalar.value >= escapeBase ? UInt8(truncatingIfNeeded: scalar.value - escapeBase) : nil
  }

  private static func escaped(_ byte: UInt8) -> Unicode.Scalar {
    Unicode.Scalar(escapeBase + UInt32(byte)) ?? "\u{FFFD}"
  }
}
