import LayerFX

extension ShaderFunction {
  /// The first parameter whose role is `role`, such as the clock an animation drives
  /// (``ShaderFunction/Role/timeSinceTrigger``), or `nil` when the function has none.
  ///
  /// - Parameter role: The role.
  /// - Returns: The parameter's declaration.
  public func parameter(role: Role) -> Parameter? {
    parameters.first { $0.role == role }
  }
}
