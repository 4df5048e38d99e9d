import LayerFX

/// A render's bytes as one 64-bit FNV-1a hash: every channel's bit pattern, in memory order.
///
/// Two builds of the engine (the x86-64-v3 and x86-64-v4 lane code, or a build before and
/// after a change that must not change the output) render the same bytes exactly when their
/// hashes agree; `layerfx-bench --json` reports it per case as `swiftHash`.
///
/// Source: Fowler, Noll and Vo, "FNV-1a" (64-bit offset basis 0xcbf29ce484222325, prime
/// 0x100000001b3), IETF draft-eastlake-fnv.
enum OutputHash {
  /// The hash of `image`'s pixels as sixteen lowercase hex digits.
  static func of(_ image: Image) -> String {
    let hash = image.pixels.withUnsafeBytes { bytes in
      bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
