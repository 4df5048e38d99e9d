import Foundation
import LayerFX
import LayerFXComposition
import LayerFXMetal
import LayerFXResolver
import LayerFXTestSupport
import Synchronization
import Testing

/// How a kernel text becomes a function: built-ins, `.metal` functions, a library's bare names,
/// and a failed compile's errors.
@Suite struct KernelResolverTests {
  /// The repository's grayscale original, whose one stitchable function is `Grayscale`, a
  /// colour effect (`half4 Grayscale(float2 position, half4 color, float amount)`).
  static let grayscale = TestData.packageRoot.appendingPathComponent(
    "Shaders/ColorEffects/Grayscale.metal"
  ).path

  /// A resolver compiling into a cache of this test run's own.
  static func resolver(libraryPaths: [String] = []) -> KernelResolver {
    KernelResolver(libraryPaths: libraryPaths) {
      MetalCompileOptions(
        cacheDirectory: NSTemporaryDirectory() + "layerfx-resolver-tests-\(geteuid())")
    }
  }

  @Test("a built-in's name is the built-in, and compiles nothing")
  func builtIn() throws {
    // The compile options are read only when .metal code is compiled: these would throw.
    let resolver = KernelResolver { throw CancellationError() }
    let ripple = try resolver.function("ripple")
    // Shaders/LayerEffects/Ripple.metal: a layer effect.
    #expect(ripple.name == "ripple")
    #expect(ripple.kind == .layer)
    #expect(!resolver.compilesMetal(["ripple", "grayscale"]))
  }

  @Test("FILE.metal:FUNCTION is the file's compiled function")
  func metalFunction() throws {
    let function = try Self.resolver().function(Self.grayscale + ":Grayscale")
    #expect(function.name == "Grayscale")
    #expect(function.kind == .color)
    #expect(function.parameters.map(\.name) == ["amount"])
  }

  @Test("FILE.metal without a function is refused, naming the file's functions")
  func fileWithoutFunction() {
    #expect(
      throws: KernelResolverError.functionNotNamed(path: Self.grayscale, functions: ["Grayscale"])
    ) { try Self.resolver().function(Self.grayscale) }
    #expect(
      "\(KernelResolverError.functionNotNamed(path: "a.metal", functions: ["F", "G"]))"
        == "a.metal: name a function, FILE.metal:FUNCTION (one of F, G)")
  }

  @Test("with a library, a bare name is the library's function before a built-in")
  func libraryNames() throws {
    let resolver = Self.resolver(libraryPaths: [Self.grayscale])
    #expect(resolver.compilesMetal([]))
    #expect(try resolver.function("Grayscale").kind == .color)
    // A name the library does not have is still a built-in.
    #expect(try resolver.function("ripple").kind == .layer)
  }

  @Test(
    "a failed compile reports its errors in clang's order, then throws the first with the count")
  func compileErrors() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("Broken.metal")
    // Two undeclared names: clang reports line 5 first, then line 6.
    let source = """
      #include <metal_stdlib>
      #include <SwiftUI/SwiftUI_Metal.h>
      using namespace metal;
      [[ stitchable ]] half4 Broken(float2 position, half4 color) {
        float a = undeclaredOne;
        float b = undeclaredTwo;
        return color * half(a + b);
      }

      """
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    let reported = Mutex<[MetalCompileError.Diagnostic]>([])
    var resolver = Self.resolver()
    resolver.reportError = { diagnostic in reported.withLock { $0.append(diagnostic) } }
    let error = #expect(throws: MetalCompileError.self) {
      try resolver.function(path + ":Broken")
    }
    guard case .compileFailed(let diagnostics, _)? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(diagnostics.map(\.line) == [5])
    #expect(
      diagnostics.map(\.message) == [
        "use of undeclared identifier 'undeclaredOne' (the first of 2 errors)"
      ])
    #expect(reported.withLock { $0.map(\.line) } == [5, 6])
    #expect(reported.withLock { $0.map(\.severity) } == ["error", "error"])
  }
}
