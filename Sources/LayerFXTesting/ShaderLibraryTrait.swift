import LayerFX
import LayerFXKernels
import Testing

/// A test trait that makes `ShaderLibrary.default` a library of your own (the app's `.metal`
/// files) for the tests it is on, so the app's line `ShaderLibrary.default.ripple(…)` compiles
/// and runs unchanged in a test.
///
/// ```swift
/// @Test(.shaderLibrary(try ShaderLibrary(metalResourcesOf: .module)))
/// func rippleAtRest() throws {
///   let shader = ShaderLibrary.default.ripple(.float2(origin), .float(0), …)
/// }
/// ```
/// On a suite it covers every test of the suite. The library is built when the test (or suite)
/// starts; an error building it fails that test. The binding is a task local
/// (`ShaderLibrary.withDefault(_:isolation:operation:)`): tests running at the same
/// time each see their own.
public struct ShaderLibraryTrait: TestTrait, SuiteTrait, TestScoping {
  let makeLibrary: @Sendable () throws -> ShaderLibrary

  /// Binds the library around `function`.
  ///
  /// - Throws: What building the library or the test throws.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let library = try makeLibrary()
    try await ShaderLibrary.withDefault(library) { try await function() }
  }
}

extension Trait where Self == ShaderLibraryTrait {
  /// Makes `ShaderLibrary.default` the library `library` builds, for the test or suite.
  ///
  /// - Parameter library: Builds the library (for example
  ///   `try ShaderLibrary(metalResourcesOf: .module)`), once per test.
  /// - Returns: The trait.
  public static func shaderLibrary(
    _ library: @autoclosure @escaping @Sendable () throws -> ShaderLibrary
  ) -> Self {
    ShaderLibraryTrait(makeLibrary: library)
  }
}
