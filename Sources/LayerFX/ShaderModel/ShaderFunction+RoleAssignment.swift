extension ShaderFunction.Role {
  /// The Metal type a parameter in this role has: `float2` for a position and the view's size,
  /// `float` for the time since the trigger, `float4` for the bounding rectangle.
  public var argumentType: Shader.ArgumentType {
    switch self {
    case .timeSinceTrigger: .float
    case .position, .viewSize: .float2
    case .boundingRect: .float4
    }
  }

  /// The names by which a `float2` parameter of a compiled `.metal` function takes the
  /// ``position`` role: `origin` (Apple's WWDC24 ripple), `center` (LayerFX's twirl, bulge and
  /// kaleidoscope originals), `touch` (Inferno's loupes), `point`, `location`, `tapLocation`,
  /// `touchLocation`.
  ///
  /// **LayerFX's decision:** only when exactly one `float2` parameter has one of these names
  /// (``conventionalPosition(among:)``); two such parameters are ambiguous and neither takes the
  /// role. A position parameter that the caller leaves out is the image's centre in points
  /// (`Documentation/Semantics.md` §1.2), so a shader whose `center` is in unit coordinates
  /// (Inferno's `circleWave`: `0.5, 0.5` is the middle) must be given its value.
  public static let positionNames = [
    "origin", "center", "touch", "point", "location", "tapLocation", "touchLocation",
  ]

  /// The one name among `float2Names` (the names of a function's `float2` parameters) that
  /// takes the ``position`` role by convention (``positionNames``), or `nil` when none or more
  /// than one of them is such a name.
  public static func conventionalPosition(among float2Names: [String]) -> String? {
    let matches = float2Names.filter(positionNames.contains)
    return matches.count == 1 ? matches[0] : nil
  }

  /// The names among `float2Names` that are ``positionNames``, in their order, when there are
  /// two or more: the parameters that make the convention ambiguous, so that none takes the
  /// ``position`` role (``conventionalPosition(among:)``); empty otherwise.
  public static func ambiguousPositions(among float2Names: [String]) -> [String] {
    let matches = float2Names.filter(positionNames.contains)
    return matches.count > 1 ? matches : []
  }
}

extension ShaderFunction {
  /// Returns the function with its parameter `name` in `role`, and no other parameter in it.
  ///
  /// How a caller names the parameter that a name convention does not find
  /// (`layerfx apply --position-parameter NAME`, a config effect's `"positionParameter"`): a
  /// tap's point then goes to that parameter, and left out it is the image's centre
  /// (`Documentation/Semantics.md` §1.2). Everything else about the function is unchanged.
  ///
  /// - Parameters:
  ///   - role: The role.
  ///   - name: A parameter of this function whose type is `role`'s (``Role/argumentType``).
  /// - Returns: The function with the roles reassigned.
  /// - Precondition: The function has a parameter `name` of type `role.argumentType`; checked
  ///   in release.
  public func assigningRole(_ role: Role, to name: String) -> ShaderFunction {
    precondition(
      parameters.contains { $0.name == name && $0.type == role.argumentType },
      "\(self.name) has no \(role.argumentType.rawValue) parameter named '\(name)'")
    let reassigned = parameters.map { parameter in
      let newRole = parameter.name == name ? role : parameter.role == role ? nil : parameter.role
      return Parameter(
        parameter.name, parameter.type, summary: parameter.summary, unit: parameter.unit,
        validRange: parameter.validRange, suggestedRange: parameter.suggestedRange,
        defaultValue: parameter.defaultValue, role: newRole,
        isWholeNumber: parameter.isWholeNumber)
    }
    return ShaderFunction(
      name: self.name, kind: kind, summary: summary, parameters: reassigned,
      declaresMaxSampleOffset: declaresMaxSampleOffset, makeForms: makeForms)
  }
}
