import Foundation
import Synchronization

/// The bounds checker's copy of a library's layer effects, compiled the first time one runs
/// per pixel (``MetalGlue/probingUnit(source:signatures:)``: the source again, in its own
/// translation unit, whose `SwiftUI::Layer` tells LayerFX of each sample: logged in a batch of
/// pixels, or asked of it one pixel at a time).
///
/// Only the bounds checker and `Renderer.usesLaneKernels = false` run a layer effect per
/// pixel; every other render calls the row functions. Compiling the copy when first needed
/// keeps a layer effect's cold compile as cheap as another kind's (Inferno's 11 layer-effect
/// files, mean CPU of a cold `layerfx list`: 0.22 s with the source pasted twice into one
/// unit, 0.32 s as two units compiled at once, 0.22 s with the copy left for later; the
/// module's README). The copy is
/// the same source with another `Layer` type, so it compiles when the library did; if it does
/// not, its functions are a fault with signal 0 (``MetalFaults``), recorded once. Like the
/// library, the copy is checked and run only in shader workers (``pool(for:file:)``).
final class MetalProbe: Sendable {
  private let compiler: MetalCompiler
  private let units: [MetalCompiler.Unit]
  private let names: [String]
  private let rewriters: [String: MetalSourceRewriter]
  private let binary16: Bool
  /// The workers of the compiled copy, once compiled; `.none` inside after a failure.
  private let workers = Mutex<ShaderWorkerPool??>(nil)

  /// A copy to compile from `units`, as ``MetalCompiler/compile(units:rewriters:binary16:)``
  /// takes them, holding the pixel functions of the layer effects `names`.
  init(
    compiler: MetalCompiler, units: [MetalCompiler.Unit], names: [String],
    rewriters: [String: MetalSourceRewriter], binary16: Bool
  ) {
    self.compiler = compiler
    self.units = units
    self.names = names
    self.rewriters = rewriters
    self.binary16 = binary16
  }

  /// The workers of the copy and the index of the layer effect `name` in their function
  /// table, compiling and checking the copy on the first call (other threads wait for it);
  /// `nil` when the copy did not compile or was refused (recorded as a fault of `file`).
  func pool(for name: String, file: String) -> (pool: ShaderWorkerPool, function: Int)? {
    let pool = workers.withLock { pool -> ShaderWorkerPool? in
      if let pool { return pool }
      var made: ShaderWorkerPool?
      if let (path, _, _) = try? compiler.compile(
        units: units, rewriters: rewriters, binary16: binary16),
        let checked = try? MetalSandboxCheck.check(path, path: file),
        let executable = try? ShaderWorkerExecutable.path()
      {
        made = ShaderWorkerPool(executable: executable, libraryPath: checked, functions: names)
      } else {
        MetalFaults.record(path: file, function: name, signal: 0, row: nil)
      }
      pool = .some(made)
      return made
    }
    guard let pool, let index = names.firstIndex(of: name) else { return nil }
    return (pool, index)
  }
}
