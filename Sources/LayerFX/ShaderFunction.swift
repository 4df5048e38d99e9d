import LayerFXMath

/// A named kernel and the parameters it takes after SwiftUI's own: the analogue of a
/// `[[ stitchable ]]` Metal function in a `ShaderLibrary`.
///
/// `makeKernel` receives the arguments already checked against ``parameters`` (count, types,
/// finiteness) and returns the per-pixel closure with them bound, so the per-pixel path never
/// looks an argument up.
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
  @usableFromInline let makeKernel: @Sendable (ShaderArguments) -> EffectKernel
  @usableFromInline let makeLaneKernel: (@Sendable (ShaderArguments) -> LaneKernel)?
  let declaredMaxSampleOffset: @Sendable (ShaderArguments) -> float2

  /// Creates a shader function.
  ///
  /// - Parameters:
  ///   - name: The function's name.
  ///   - kind: The effect kind; the kernel `makeKernel` returns must be of this kind.
  ///   - summary: A one-line description.
  ///   - parameters: The parameters after SwiftUI's own, in call order.
  ///   - maxSampleOffset: The offset (points, per axis) the kernel needs for given arguments,
  ///     for callers that do not choose one; zero by default (and for colour effects).
  ///   - makeLaneKernel: Binds checked arguments and returns the kernel's lane form (eight
  ///     pixels per call, in SIMD lanes), which the renderer prefers; `nil` when there is none.
  ///     Its kind must be `kind`, and it must agree with `makeKernel`'s within 1 8-bit code value.
  ///   - makeKernel: Binds checked arguments and returns the per-pixel kernel.
  public init(
    name: String, kind: EffectKind, summary: String = "", parameters: [Parameter],
    maxSampleOffset: @escaping @Sendable (ShaderArguments) -> float2 = { _ in .zero },
    makeLaneKernel: (@Sendable (ShaderArguments) -> LaneKernel)? = nil,
    makeKernel: @escaping @Sendable (ShaderArguments) -> EffectKernel
  ) {
    self.name = name
    self.kind = kind
    self.summary = summary
    self.parameters = parameters
    self.declaredMaxSampleOffset = maxSampleOffset
    self.makeKernel = makeKernel
    self.makeLaneKernel = makeLaneKernel
  }

  /// Returns a shader that calls this function with `arguments`: SwiftUI's
  /// `ShaderFunction.callAsFunction(_:)`.
  ///
  /// - Parameter arguments: The arguments in call order; checked when the shader is applied.
  /// - Returns: A shader of this function with `arguments`.
  public func callAsFunction(_ arguments: Shader.Argument...) -> Shader {
    Shader(function: self, arguments: arguments)
  }

  /// A declared parameter of a shader function.
  public struct Parameter: Sendable, Equatable {
    /// The Metal parameter name (`origin`, `amplitude`).
    public let name: String
    /// The Metal type the argument must have.
    public let type: Shader.ArgumentType
    /// What it means, with its unit and useful range (`points`, `radians per second`).
    public let summary: String
    /// The value used when a caller gives none, if any.
    public let defaultValue: Shader.Argument?

    /// Creates a parameter declaration.
    ///
    /// - Parameters:
    ///   - name: The Metal parameter name.
    ///   - type: The Metal type.
    ///   - summary: Meaning, unit and useful range.
    ///   - defaultValue: The value used when none is given; must be of `type`.
    public init(
      _ name: String, _ type: Shader.ArgumentType, summary: String = "",
      defaultValue: Shader.Argument? = nil
    ) {
      self.name = name
      self.type = type
      self.summary = summary
      self.defaultValue = defaultValue
    }
  }
}
