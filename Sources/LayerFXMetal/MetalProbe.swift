import CLayerFXMetalGuard
import Foundation
import Synchronization

/// The bounds checker's copy of a library's layer effects, compiled the first time one runs
/// per pixel (``MetalGlue/probingUnit(source:signatures:)``: the source again, in its own
/// translation unit, whose `SwiftUI::Layer` asks LayerFX for each sample).
///
/// Only the bounds checker and `Renderer.usesLaneKernels = false` run a layer effect per
/// pixel; every other render calls the row functions. Compiling the copy when first needed
/// keeps a layer effect's cold compile as cheap as another kind's (Inferno's 11 layer-effect
/// files, mean CPU of a cold `layerfx list`: 0.22 s with the source pasted twice into one
/// unit, 0.32 s as two units compiled at once, 0.22 s with the copy left for later; the
/// module's README). The copy is
/// the same source with another `Layer` type, so it compiles when the library did; if it does
/// not, its functions are a fault with signal 0 (``MetalFaults``), recorded once.
final class MetalProbe: Sendable {
  private let compiler: MetalCompiler
  private let units: [MetalCompiler.Unit]
  private let names: [String]
  private let rewriters: [String: MetalSourceRewriter]
  private let binary16: Bool
  /// The pixel functions by Metal name (their addresses), once compiled; empty after a
  /// failure.
  private let functions = Mutex<[String: Int]?>(nil)

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

  /// The pixel function of the layer effect `name` in `file`, compiling the copy on the first
  /// call (other threads wait for it); `nil` when the copy did not compile.
  func pixel(_ name: String, file: String) -> lfx_pixel_function? {
    let table = functions.withLock { table -> [String: Int] in
      if let table { return table }
      var loaded: [String: Int] = [:]
      if let (path, _) = try? compiler.compile(
        units: units, rewriters: rewriters, binary16: binary16),
        let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL)
      {
        for symbol in names {
          if let address = dlsym(handle, MetalGlue.pixelSymbol(symbol)) {
            loaded[symbol] = Int(bitPattern: address)
          }
        }
      }
      if loaded[name] == nil { MetalFaults.record(path: file, function: name, signal: 0, row: nil) }
      table = loaded
      return loaded
    }
    guard let address = table[name], let pointer = UnsafeRawPointer(bitPattern: address) else {
      return nil
    }
    return unsafeBitCast(pointer, to: lfx_pixel_function.self)
  }
}
