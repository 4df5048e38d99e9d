import LayerFXMath

/// A named kernel and the parameters it takes after SwiftUI's own: the analogue of a
/// `[[ stitchable ]]` Metal function in a `ShaderLibrary`.
///
/// Made from a ``ShaderKernel`` type (`init(_:name:summary:)`: the kernel's math
/// written once serves the per-pixel and the lane form) or from a closure that binds checked
/// arguments into a per-pixel ``EffectKernel``
/// (``init(name:kind:summary:parameters:maxSampleOffset:makeKernel:)``).
///
/// Source: Apple, `ShaderFunction` and `ShaderLibrary` documentation.
public struct ShaderFunction: Sendable {
  /// The function's name, the lowerCamel form of the Metal function's (`ripple`).
  public let name: String
  /// The effect kind the function implements.
  public let kind: EffectKind
  /// The parameters after SwiftUI's own (`position`, `color`, `layer`), in call order.
  public let parameters: [Parameter]
  /// A one-line description for catalogues and `--help`.
  public let summary: String
  /// Whether the function states the `maxSampleOffset` it needs for given arguments, as every
  /// built-in kernel does (the ripple's is its amplitude).
  ///
  /// A compiled `.metal` function states none: Metal source cannot say it, and SwiftUI takes it
  /// from the modifier (`layerEffect(_:maxSampleOffset:)`, a required argument). See
  /// ``requiresMaxSampleOffset``.
  public let declaresMaxSampleOffset: Bool
  @usableFromInline let makeForms: @Sendable (ShaderArguments) throws(ShaderArgumentError) -> Forms
  /// Why a library has no function of this name, for a function looked up by a misspelt
  /// member (``ShaderLibrary/subscript(dynamicMember:)``): thrown before anything else when a
  /// shader of it is prepared.
  var lookupError: ShaderArgumentError?

  /// What preparing the function with checked arguments gives: its per-pixel closure, its lane
  /// form when it has one, the `maxSampleOffset` it declares for those arguments, and the
  /// passes of its fast form when it runs as several (``MultiPassLayerEffect``).
  @usableFromInline
  struct Forms: Sendable {
    @usableFromInline let kernel: EffectKernel
    @usableFromInline let lanes: LaneKernel?
    @usableFromInline let maxSampleOffset: float2
    @usableFromInline let passes: [LayerPass]

    @inlinable
    init(
      kernel: EffectKernel, lanes: LaneKernel?, maxSampleOffset: float2, passes: [LayerPass] = []
    ) {
      self.kernel = kernel
      self.lanes = lanes
      self.maxSampleOffset = maxSampleOffset
      self.passes = passes
    }
  }

  @usableFromInline
  init(
    name: String, kind: EffectKind, summary: String, parameters: [Parameter],
    declaresMaxSampleOffset: Bool = true,
    makeForms: @escaping @Sendable (ShaderArguments) throws(ShaderArgumentError) -> Forms
  ) {
    precondition(
      Set(parameters.map(\.name)).count == parameters.count,
      "\(name): parameter names must be unique")
    self.name = name
    self.kind = kind
    self.summary = summary
    self.parameters = parameters
    self.declaresMaxSampleOffset = declaresMaxSampleOffset
    self.makeForms = makeForms
  }

  /// Whether a caller must give this function's `maxSampleOffset`.
  ///
  /// True for a layer or distortion effect that does not declare one
  /// (``declaresMaxSampleOffset``), such as a compiled `.metal` function, as SwiftUI's
  /// `layerEffect(_:maxSampleOffset:)` and `distortionEffect(_:maxSampleOffset:)` require the
  /// argument. Colour effects and fills never sample a layer, so they need none.
  ///
  /// Source: Apple, `View.layerEffect(_:maxSampleOffset:isEnabled:)`;
  /// `Documentation/Semantics.md` §4.1.
  public var requiresMaxSampleOffset: Bool {
    (kind == .layer || kind == .distortion) && !declaresMaxSampleOffset
  }

  /// Creates a shader function from a closure that binds checked arguments into a per-pixel
  /// kernel.
  ///
  /// The closure runs once per prepared shader, never per pixel; it reads arguments by name
  /// (`try arguments.float("amount")`). Such a function has no lane form: it runs one pixel per
  /// call (a ``ShaderKernel`` type runs eight). A ``ShaderArgumentError`` it throws reaches the
  /// caller as it is; any other error as
  /// ``ShaderArgumentError/invalidArguments(function:reason:)``.
  ///
  /// - Parameters:
  ///   - name: The function's name.
  ///   - kind: The effect kind; the kernel `makeKernel` returns must be of this kind.
  ///   - summary: A one-line description.
  ///   - parameters: The parameters after SwiftUI's own, in call order.
  ///   - maxSampleOffset: The offset (points, per axis) the kernel needs for given arguments,
  ///     for callers that do not choose one; zero by default (and for colour effects).
  ///   - makeKernel: Binds checked arguments and returns the per-pixel kernel.
  public init(
    name: String, kind: EffectKind, summary: String = "", parameters: [Parameter],
    maxSampleOffset: @escaping @Sendable (ShaderArguments) throws -> float2 = { _ in .zero },
    makeKernel: @escaping @Sendable (ShaderArguments) throws -> EffectKernel
  ) {
    self.init(name: name, kind: kind, summary: summary, parameters: parameters) {
      arguments throws(ShaderArgumentError) in
      do {
        return Forms(
          kernel: try makeKernel(arguments), lanes: nil,
          maxSampleOffset: try maxSampleOffset(arguments))
      } catch let error as ShaderArgumentError {
        throw error
      } catch {
        throw .invalidArguments(function: name, reason: "\(error)")
      }
    }
  }

  /// Returns a shader that calls this function with `arguments` in call order.
  ///
  /// SwiftUI's `ShaderFunction.callAsFunction(_:)`; trailing parameters with defaults may be
  /// left out.
  ///
  /// - Parameter arguments: The arguments in call order; checked when the shader is prepared.
  /// - Returns: A shader of this function with `arguments`.
  public func callAsFunction(_ arguments: Shader.Argument...) -> Shader {
    Shader(function: self, arguments: arguments)
  }

  /// Returns a shader that calls this function with arguments by parameter name; parameters
  /// with defaults may be left out.
  ///
  /// - Parameter arguments: Parameter names and values, e.g. `["origin": .float2(p)]`; checked
  ///   when the shader is prepared (an unknown name throws, with a did-you-mean).
  /// - Returns: A shader of this function with `arguments`.
  public func callAsFunction(_ arguments: KeyValuePairs<String, Shader.Argument>) -> Shader {
    Shader(function: self, namedArguments: arguments.map { (name: $0.key, value: $0.value) })
  }
}
