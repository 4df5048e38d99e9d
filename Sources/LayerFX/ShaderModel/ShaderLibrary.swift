import LayerFXMath

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
  /// Functions the library holds but cannot run, by name, each with the reason.
  ///
  /// A compiled `.metal` function SwiftUI could not call is one (`Div.metal:6: not callable
  /// from SwiftUI: parameter 'd' has type 'int', which SwiftUI cannot pass`); none is in
  /// ``functions``.
  public let unavailable: [String: String]

  /// Creates a library of `functions`.
  ///
  /// - Parameters:
  ///   - functions: The functions it runs.
  ///   - unavailable: Functions it holds but cannot run, by name, each with the reason a
  ///     look-up of the name throws.
  /// - Precondition: Names are unique.
  public init(_ functions: [ShaderFunction], unavailable: [String: String] = [:]) {
    precondition(
      Set(functions.map(\.name)).count == functions.count, "shader function names must be unique")
    self.functions = functions.sorted { $0.name < $1.name }
    self.unavailable = unavailable
  }

  /// Returns the function called `name`.
  ///
  /// - Throws: ``ShaderArgumentError/invalidArguments(function:reason:)`` with the reason for a
  ///   name of ``unavailable``;
  ///   ``ShaderArgumentError/unknownFunction(name:suggestion:available:)`` if there is none,
  ///   with the nearest name as a suggestion.
  public func function(named name: String) throws(ShaderArgumentError) -> ShaderFunction {
    guard let function = functions.first(where: { $0.name == name }) else {
      if let reason = unavailable[name] { throw .invalidArguments(function: name, reason: reason) }
      let names = functions.map(\.name)
      throw .unknownFunction(
        name: name, suggestion: closestName(to: name, among: names), available: names)
    }
    return function
  }

  /// Returns the function called `name`, as in SwiftUI's `ShaderLibrary.default.ripple`.
  ///
  /// A name the library lacks (`library.Ripplee`) does not trap: it gives a function whose
  /// shaders throw ``ShaderArgumentError/unknownFunction(name:suggestion:available:)``, with
  /// the nearest name as a suggestion, when they are prepared or applied, so a misspelt member
  /// fails the one render (or test) that uses it. ``function(named:)`` throws at once.
  public subscript(dynamicMember name: String) -> ShaderFunction { deferredFunction(named: name) }

  /// Returns the function called `name`, or, when there is none, a function whose shaders throw
  /// ``ShaderArgumentError/unknownFunction(name:suggestion:available:)`` when they are
  /// prepared: the look-up of ``subscript(dynamicMember:)``, which defers the error to where it
  /// can be thrown.
  ///
  /// - Parameter name: The function's name.
  /// - Returns: The function, or the stand-in that carries the error.
  public func deferredFunction(named name: String) -> ShaderFunction {
    do {
      return try function(named: name)
    } catch {
      return ShaderFunction(unknown: name, error: error)
    }
  }
}

extension ShaderFunction {
  /// A function that is not in its library: a colour function without parameters whose every
  /// shader throws `error` when it is prepared.
  fileprivate init(unknown name: String, error: ShaderArgumentError) {
    self.init(
      name: name, kind: .color, summary: "", parameters: [],
      makeForms: { _ throws(ShaderArgumentError) in throw error })
    lookupError = error
  }
}
