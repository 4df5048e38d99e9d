import LayerFXMath

/// One parameter of a ``ShaderKernel``: its declaration, and the stored property of the kernel
/// that receives the argument.
///
/// Made with ``float(_:_:summary:unit:validRange:suggestedRange:role:isRequired:isWholeNumber:)`` and its
/// siblings, one per Metal type; the default is the property's value in the kernel's `init()`.
public struct KernelParameter<Kernel: ShaderKernel>: Sendable {
  /// The declaration, as ``ShaderFunction/parameters`` lists it.
  public let declaration: ShaderFunction.Parameter
  @usableFromInline let assign: @Sendable (inout Kernel, Shader.Argument) -> Void

  init(
    _ name: String, _ type: Shader.ArgumentType, summary: String, unit: ShaderFunction.Unit?,
    validRange: ShaderFunction.ValueRange?, suggestedRange: ClosedRange<Float>?,
    role: ShaderFunction.Role?, defaultValue: Shader.Argument?, isWholeNumber: Bool = false,
    assign: @escaping @Sendable (inout Kernel, Shader.Argument) -> Void
  ) {
    declaration = ShaderFunction.Parameter(
      name, type, summary: summary, unit: unit, validRange: validRange,
      suggestedRange: suggestedRange, defaultValue: defaultValue, role: role,
      isWholeNumber: isWholeNumber)
    self.assign = assign
  }

  /// A `float` parameter stored at `property`.
  ///
  /// - Parameters:
  ///   - name: The Metal parameter name.
  ///   - property: Where the kernel keeps the argument.
  ///   - summary: What it means, in a few words.
  ///   - unit: Its unit, if any.
  ///   - validRange: The values accepted, if restricted.
  ///   - suggestedRange: Where the effect looks good, if known.
  ///   - role: What it stands for, if it has a standard meaning.
  ///   - isRequired: Whether a caller must give it (then `init()`'s value is no default).
  ///   - isWholeNumber: Whether only whole numbers are meaningful (the kernel rounds the value
  ///     down; ``ShaderFunction/Parameter/isWholeNumber``).
  /// - Returns: The parameter.
  public static func float(
    _ name: String, _ property: WritableKeyPath<Kernel, Float> & Sendable, summary: String,
    unit: ShaderFunction.Unit? = nil, validRange: ShaderFunction.ValueRange? = nil,
    suggestedRange: ClosedRange<Float>? = nil, role: ShaderFunction.Role? = nil,
    isRequired: Bool = false, isWholeNumber: Bool = false
  ) -> Self {
    Self(
      name, .float, summary: summary, unit: unit, validRange: validRange,
      suggestedRange: suggestedRange, role: role,
      defaultValue: isRequired ? nil : .float(Kernel()[keyPath: property]),
      isWholeNumber: isWholeNumber
    ) { kernel, argument in
      if case .float(let value) = argument { kernel[keyPath: property] = value }
    }
  }

  /// A `float2` parameter stored at `property` (a point or a size, for example).
  ///
  /// - Parameters: As for ``float(_:_:summary:unit:validRange:suggestedRange:role:isRequired:isWholeNumber:)``;
  ///   `validRange` applies to each component.
  /// - Returns: The parameter.
  public static func float2(
    _ name: String, _ property: WritableKeyPath<Kernel, LayerFXMath.float2> & Sendable,
    summary: String, unit: ShaderFunction.Unit? = nil,
    validRange: ShaderFunction.ValueRange? = nil, role: ShaderFunction.Role? = nil,
    isRequired: Bool = false
  ) -> Self {
    Self(
      name, .float2, summary: summary, unit: unit, validRange: validRange, suggestedRange: nil,
      role: role, defaultValue: isRequired ? nil : .float2(Kernel()[keyPath: property])
    ) { kernel, argument in
      if case .float2(let value) = argument { kernel[keyPath: property] = value }
    }
  }

  /// A `half4` colour parameter stored at `property`, premultiplied (SwiftUI's `.color`).
  ///
  /// - Parameters: As for ``float(_:_:summary:unit:validRange:suggestedRange:role:isRequired:isWholeNumber:)``.
  /// - Returns: The parameter.
  public static func color(
    _ name: String, _ property: WritableKeyPath<Kernel, half4> & Sendable, summary: String,
    isRequired: Bool = false
  ) -> Self {
    Self(
      name, .color, summary: summary, unit: .premultipliedRGBA, validRange: .closed(0...1),
      suggestedRange: nil, role: nil,
      defaultValue: isRequired ? nil : .color(Kernel()[keyPath: property])
    ) { kernel, argument in
      if case .color(let value) = argument { kernel[keyPath: property] = value }
    }
  }
}
