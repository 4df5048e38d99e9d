import Synchronization

/// The test each reference named after a test belongs to in this process, so that two tests
/// whose names give one file are told apart instead of comparing with, or recording over, each
/// other's image.
///
/// ``expectReference(_:named:tolerance:recording:artifactDirectory:filePath:sourceLocation:)``
/// names a reference after the test file and the test function, not the suite: `SuiteA.same()`
/// and `SuiteB.same()` in one file both get `__References__/<File>/same.png`. The owner is the
/// test's full name and place (`SuiteA.same() at ModeTests.swift:16`); the same test again
/// (`--iterations`, or each case of a parameterised test, which must give `named:`) is the same
/// owner.
final class ReferenceClaims: Sendable {
  /// The claims of this process.
  static let shared = ReferenceClaims()

  private let owners = Mutex<[String: String]>([:])

  /// Claims `path` for `owner`.
  ///
  /// - Returns: The owner that claimed `path` first when it is another, else `nil` (and
  ///   `path` is `owner`'s from now on).
  func claim(_ path: String, by owner: String) -> String? {
    owners.withLock { owners in
      if let first = owners[path], first != owner { return first }
      owners[path] = owner
      return nil
    }
  }
}
