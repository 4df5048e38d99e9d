import CLayerFXFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A hidden temporary file's name, registered with the signal handler that unlinks it
/// (``AtomicFile/installSignalHandlers()``).
struct Temporary {
  /// The prefix of every temporary name; `PNGSequenceSink` removes stale ones by it.
  static let prefix = ".layerfx-"
  /// The suffix of every temporary name.
  static let suffix = ".tmp"

  /// The path, directory included.
  let name: String
  /// The signal handler's slot, or -1 when its table was full.
  private let slot: Int32

  /// Registers `name`.
  init(_ name: String) {
    self.name = name
    slot = RawBytes.cString(name).withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { lfx_temporary_register($0) } ?? -1
    }
  }

  /// A new hidden name in `directory` (empty or ending in `/`): `.layerfx-` and 16 random
  /// hexadecimal digits, 27 bytes whatever the destination's name.
  static func name(in directory: String) -> String {
    let number = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    return directory + prefix + String(repeating: "0", count: 16 - number.count) + number + suffix
  }

  /// Forgets the name (it was renamed, or removed).
  func release() {
    lfx_temporary_unregister(slot)
  }

  /// Unlinks the file and forgets the name.
  func remove() {
    unlink(RawBytes.cString(name))
    release()
  }
}
