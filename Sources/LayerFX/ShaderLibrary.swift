/// A set of shader functions looked up by name: SwiftUI's `ShaderLibrary`.
///
/// In SwiftUI a library is compiled Metal code; here it is a table of Swift kernels.
/// `LayerFXKernels` provides the built-in one.
///
/// Source: Apple, `ShaderLibrary` documentation.
@dynamicMemberLookup
public struct ShaderLibrary: Sendable {
  /// The functions, sorted by name.
  public let functions: [ShaderFunction]

  /// Creates a library of `functions`.
  ///
  /// - Precondition: Names are unique.
  public init(_ functions: [ShaderFunction]) {
    precondition(
      Set(functions.map(\.name)).count == functions.count, "shader function names must be unique")
    self.functions = functions.sorted { $0.name < $1.name }
  }

  /// Returns the function called `name`.
  ///
  /// - Throws: ``ShaderArgumentError/unknownFunction(name:available:)`` if there is none.
  public func function(named name: String) throws(ShaderArgumentError) -> ShaderFunction {
    guard let function = functions.first(where: { $0.name == name }) else {
      throw .unknownFunction(name: name, available: functions.map(\.name))
    }
    return function
  }

  /// Returns the function called `name`, as in SwiftUI's `ShaderLibrary.default.ripple`.
  ///
  /// - Precondition: The library has a function of that name.
  public subscript(dynamicMember name: String) -> ShaderFunction {
    guard let function = functions.first(where: { $0.name == name }) else {
      preconditionFailure("no shader function named '\(name)'")
    }
    return function
  }
}
