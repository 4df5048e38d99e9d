import CLayerFXSandbox
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

extension ShaderWorkerPool {
  /// Starts a worker and makes sure it answers (``ShaderWorker/ping(deadline:)``) within
  /// `timeLimit` seconds, or ``startupTimeLimit`` when that is longer, keeping it for the first
  /// request, so that a program that is not a LayerFX shader worker
  /// (`LAYERFX_SHADER_WORKER=/bin/true`) is a setup error, not a fault of every tile the shader
  /// renders.
  ///
  /// - Parameters:
  ///   - name: The worker as messages name it (``ShaderWorkerExecutable/name(of:environment:)``).
  ///   - timeLimit: The shader time limit, seconds; the wait is at least ``startupTimeLimit``.
  /// - Throws: ``MetalCompileError/compilerNotFound(_:)`` (a front end's configuration error)
  ///   saying how the process ended, or that it did not answer in time.
  func checkWorker(named name: String, timeLimit: Double) throws(MetalCompileError) {
    let wait = max(timeLimit, Self.startupTimeLimit)
    let deadline = lfx_monotonic_ns() + Int64(min(wait, SandboxedFrame.longestTimeLimit) * 1e9)
    let worker = try ShaderWorker(
      executable: executable, libraryPath: libraryPath, functions: functions)
    do {
      try worker.ping(deadline: deadline)
    } catch {
      let how =
        if case .timedOut = error {
          "no answer within \(wait.formatted) s"
        } else {
          worker.ending.map { "it ended with \($0)" } ?? "it sent what no worker sends"
        }
      throw .compilerNotFound(
        "cannot run .metal: \(name) did not answer as a LayerFX shader worker (\(how))")
    }
    idle.withLock { $0.append(ShaderWorkerBox(worker)) }
  }

  /// The least time, seconds, a new worker has to answer its first request: starting it
  /// (exec, loading the library, installing its filter) is not the shader's time, so a short
  /// `shaderTimeout` never makes a working worker read as a program that is not one
  /// (`--shader-timeout 0.01` had: exit 78, "did not answer as a LayerFX shader worker").
  static let startupTimeLimit = 10.0
}

/// A worker handed between threads: only one thread uses it at a time (the pool's lock).
final class ShaderWorkerBox: @unchecked Sendable {
  let worker: ShaderWorker
  init(_ worker: ShaderWorker) { self.worker = worker }
}
