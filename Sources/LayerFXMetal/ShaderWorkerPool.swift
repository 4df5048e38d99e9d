import Foundation
import Synchronization

/// The shader workers of one compiled library: a renderer thread takes an idle one (or starts
/// one) for a request and gives it back, so as many workers run as threads render at once, and
/// they are kept for the library's life (started per session, not per frame).
final class ShaderWorkerPool: Sendable {
  let executable: String
  let libraryPath: String
  let functions: [String]
  private let idle = Mutex<[ShaderWorkerBox]>([])

  init(executable: String, libraryPath: String, functions: [String]) {
    self.executable = executable
    self.libraryPath = libraryPath
    self.functions = functions
  }

  /// Runs `body` with a worker of its own, started when none is idle; a worker that survived
  /// `body` goes back to the pool.
  func withWorker<R>(_ body: (ShaderWorker) throws(ShaderWorker.Failure) -> R)
    throws(ShaderWorker.Failure) -> R
  {
    let box: ShaderWorkerBox
    if let taken = idle.withLock({ $0.popLast() }) {
      box = taken
    } else {
      do {
        box = ShaderWorkerBox(
          try ShaderWorker(
            executable: executable, libraryPath: libraryPath, functions: functions))
      } catch {
        throw .died(error.description)
      }
    }
    defer { if box.worker.isAlive { idle.withLock { $0.append(box) } } }
    return try body(box.worker)
  }
}

/// A worker handed between threads: only one thread uses it at a time (the pool's lock).
final class ShaderWorkerBox: @unchecked Sendable {
  let worker: ShaderWorker
  init(_ worker: ShaderWorker) { self.worker = worker }
}
