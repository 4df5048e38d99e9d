/// A set of shader functions looked up by name: SwiftUI's `ShaderLibrary`.
///
/// In SwiftUI a library is compiled Metal code; here it is a table of kernels.
/// `LayerFXKernels` provides the built-in one as `ShaderLibrary.default`, so
/// `ShaderLibrary.default.ripple(…)` and `ShaderLibrary.ripple(…)` read as in SwiftUI.
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
  /// - Throws: ``ShaderArgumentError/unknownFunction(name:suggestion:available:)`` if there is
  ///   none, with the nearest name as a suggestion.
  public func function(named name: String) throws(ShaderArgumentError) -> ShaderFunction {
    guard let function = functions.first(where: { $0.name == name }) else {
      let names = functions.map(\.name)
      throw .unknownFunction(
        name: name, suggestion: closestName(to: name, among: names), available: names)
    }
    return function
  }

  /// Returns the function called `name`, as in SwiftUI's `ShaderLibrary.default.ripple`.
  ///
  /// - Precondition: The library has a function of that name (a misspelt member is a
  ///   programmer error; ``function(named:)`` throws instead).
  public subscript(dynamicMember name: String) -> ShaderFunction {
    do {
      return try function(named: name)
    } catch {
      preconditionFailure(error.description)
    }
  }
}
