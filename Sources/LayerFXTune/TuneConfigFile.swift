import Foundation
import LayerFXComposition
import LayerFXFiles

/// The config file a tune server edits: its version (+1 each time the file changes on disk or a
/// save lands), a thread that polls it every ``pollInterval`` seconds (``FileStamp``: saved in
/// place or by rename), atomic saves, and waiting for the next version (`/api/events`).
final class TuneConfigFile: @unchecked Sendable {
  /// Seconds between two looks at the file.
  static let pollInterval = 0.1

  /// The file, as given.
  let path: String
  /// Guards every member below and signals a new version.
  private let condition = NSCondition()
  private var version = 1
  private var stamp: FileStamp?
  private var isStopped = false

  /// Watches the file at `path` from now on.
  init(path: String) {
    self.path = path
    stamp = FileStamp(path: path)
    let thread = Thread { [weak self] in
      while let self, self.poll() { Thread.sleep(forTimeInterval: Self.pollInterval) }
    }
    thread.name = "layerfx tune: watch \(path)"
    thread.start()
  }

  /// The current version.
  var currentVersion: Int { condition.withLock { version } }

  /// Looks at the file once, and counts a new version when its stamp changed.
  ///
  /// - Returns: Whether to go on polling.
  private func poll() -> Bool {
    let now = FileStamp(path: path)
    return condition.withLock {
      if now != stamp {
        stamp = now
        version += 1
        condition.broadcast()
      }
      return !isStopped
    }
  }

  /// Writes `bytes` over the file atomically (a temporary file in its folder, synced, then
  /// renamed), and counts the new version.
  ///
  /// - Returns: The new version.
  /// - Throws: `LayerFXFiles.AtomicFileError` when the file cannot be written; the file is
  ///   then untouched.
  func save(_ bytes: [UInt8]) throws -> Int {
    try condition.withLock {
      // The server read the config; a save replaces it on purpose.
      ReadFiles.forgetAll()
      try AtomicFile.write(bytes, to: path)
      stamp = FileStamp(path: path)
      version += 1
      condition.broadcast()
      return version
    }
  }

  /// Waits until the version passes `seen` or `timeout` seconds go by.
  ///
  /// - Returns: The new version; `seen` on a timeout; `nil` once the server stops.
  func wait(after seen: Int, timeout: Double) -> Int? {
    condition.withLock {
      let deadline = Date(timeIntervalSinceNow: timeout)
      while version == seen && !isStopped {
        if !condition.wait(until: deadline) { break }
      }
      return isStopped ? nil : version
    }
  }

  /// Ends the polling thread and every wait.
  func stop() {
    condition.withLock {
      isStopped = true
      condition.broadcast()
    }
  }
}
