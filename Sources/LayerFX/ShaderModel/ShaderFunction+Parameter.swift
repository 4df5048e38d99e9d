import LayerFXMath

extension ShaderFunction {
  /// A declared parameter of a shader function: everything LayerFX knows about one argument,
  /// stated once.
  ///
  /// From it come the argument checks (type, finiteness, ``validRange``), `layerfx list` and
  /// `list --json`, command-line flags and help, and the defaults a caller may leave out.
  public struct Parameter: Sendable, Equatable {
    /// The Metal parameter name (`origin`, `amplitude`).
    public let name: String
    /// The Metal type the argument must have.
    public let type: Shader.ArgumentType
    /// What it means, in a few words (no unit or range: those are below).
    public let summary: String
    /// The unit of the value (points, seconds, …), if it has one.
    public let unit: Unit?
    /// The values the kernel accepts; others are refused when the shader is prepared.
    public let validRange: ValueRange?
    /// The range in which the effect looks good: advice for sliders and docs, never checked.
    public let suggestedRange: ClosedRange<Float>?
    /// The value used when a caller gives none; `nil` for a required parameter.
    public let defaultValue: Shader.Argument?
    /// What the value stands for, where it has a standard meaning.
    public let role: Role?
    /// Whether only whole numbers are meaningful (the noise's `seed`, which it rounds down).
    ///
    /// The command line and a config refuse a fraction rather than round it unseen; an argument
    /// bound in Swift, and a keyframe track's frames, are not checked.
    public let isWholeNumber: Bool

    /// Creates a parameter declaration.
    ///
    /// - Parameters:
    ///   - name: The Metal parameter name.
    ///   - type: The Metal type.
    ///   - summary: What it means, in a few words.
    ///   - unit: Its unit, if any.
    ///   - validRange: The values accepted (each component of a vector), if restricted.
    ///   - suggestedRange: Where the effect looks good, if known.
    ///   - defaultValue: The value used when none is given; must be of `type`.
    ///   - role: What the value stands for, if it has a standard meaning.
    ///   - isWholeNumber: Whether only whole numbers are meaningful (a `float` the kernel rounds
    ///     down).
    /// - Precondition: `defaultValue`, when given, is of `type`.
    public init(
      _ name: String, _ type: Shader.ArgumentType, summary: String = "", unit: Unit? = nil,
      validRange: ValueRange? = nil, suggestedRange: ClosedRange<Float>? = nil,
      defaultValue: Shader.Argument? = nil, role: Role? = nil, isWholeNumber: Bool = false
    ) {
      precondition(
        defaultValue.map { $0.type == type } ?? true,
        "the default of parameter '\(name)' must be a \(type.rawValue)")
      self.name = name
      self.type = type
      self.summary = summary
      self.unit = unit
      self.validRange = validRange
      self.suggestedRange = suggestedRange
      self.defaultValue = defaultValue
      self.role = role
      self.isWholeNumber = isWholeNumber
    }
  }

  /// What a parameter's value stands for, so tools can bind it: an animation drives a
  /// ``timeSinceTrigger`` parameter with the seconds since each tap, and puts the tap's point in
  /// a ``position``.
  public enum Role: String, Sendable, Equatable, CaseIterable {
    /// Seconds since the trigger (a tap) that started the effect.
    case timeSinceTrigger
    /// A point in the view, in points (such as where a tap landed).
    case position
    /// The view's size, `float2(width, height)` in points.
    case viewSize
    /// The view's bounding rectangle, `float4(x, y, width, height)` in points.
    case boundingRect
  }

  /// The unit of a parameter's value.
  public struct Unit: Sendable, Hashable, CustomStringConvertible {
    /// The unit's name as it reads in help text and JSON (`points`, `radians per second`).
    public let name: String

    /// Creates a unit named `name`.
    public init(_ name: String) { self.name = name }

    /// The name.
    public var description: String { name }

    /// Points, SwiftUI's layout unit (`pixels / scale`).
    public static let points = Unit("points")
    /// Pixels of the image.
    public static let pixels = Unit("pixels")
    /// Seconds.
    public static let seconds = Unit("seconds")
    /// Radians.
    public static let radians = Unit("radians")
    /// Degrees.
    public static let degrees = Unit("degrees")
    /// Radians per second.
    public static let radiansPerSecond = Unit("radians per second")
    /// Per second (a rate).
    public static let perSecond = Unit("per second")
    /// Points per second.
    public static let pointsPerSecond = Unit("points per second")
    /// A fraction: 0 is none, 1 is all.
    public static let fraction = Unit("fraction")
    /// A colour, premultiplied RGBA channels in [0, 1].
    public static let premultipliedRGBA = Unit("premultiplied RGBA")
  }

  /// The values a parameter accepts: a lower and an upper bound, each open, closed or absent.
  public struct ValueRange: Sendable, Equatable, CustomStringConvertible {
    /// The lower bound and whether it is included, if there is one.
    public let lower: (value: Float, isIncluded: Bool)?
    /// The upper bound and whether it is included, if there is one.
    public let upper: (value: Float, isIncluded: Bool)?

    /// Creates a range from optional bounds.
    public init(lower: (value: Float, isIncluded: Bool)?, upper: (value: Float, isIncluded: Bool)?)
    {
      self.lower = lower
      self.upper = upper
    }

    /// Values ≥ `value`.
    public static func atLeast(_ value: Float) -> ValueRange {
      ValueRange(lower: (value, true), upper: nil)
    }
    /// Values > `value`.
    public static func greaterThan(_ value: Float) -> ValueRange {
      ValueRange(lower: (value, false), upper: nil)
    }
    /// Values in `range`, bounds included.
    public static func closed(_ range: ClosedRange<Float>) -> ValueRange {
      ValueRange(lower: (range.lowerBound, true), upper: (range.upperBound, true))
    }

    /// Whether `value` lies in the range.
    public func contains(_ value: Float) -> Bool {
      if let lower, lower.isIncluded ? value < lower.value : value <= lower.value { return false }
      if let upper, upper.isIncluded ? value > upper.value : value >= upper.value { return false }
      return true
    }

    /// The range as it reads in help text: `≥ 0`, `> 0`, `0…1`, `[0, 1)`.
    public var description: String {
      switch (lower, upper) {
      case (nil, nil): "any"
      case (let lower?, nil): "\(lower.isIncluded ? "≥" : ">") \(lower.value.shortDescription)"
      case (nil, let upper?): "\(upper.isIncluded ? "≤" : "<") \(upper.value.shortDescription)"
      case (let lower?, let upper?) where lower.isIncluded && upper.isIncluded:
        "\(lower.value.shortDescription)…\(upper.value.shortDescription)"
      case (let lower?, let upper?):
        "\(lower.isIncluded ? "[" : "(")\(lower.value.shortDescription), "
          + "\(upper.value.shortDescription)\(upper.isIncluded ? "]" : ")")"
      }
    }

    /// Two ranges are equal when their bounds are.
    public static func == (lhs: ValueRange, rhs: ValueRange) -> Bool {
      lhs.lower?.value == rhs.lower?.value && lhs.lower?.isIncluded == rhs.lower?.isIncluded
        && lhs.upper?.value == rhs.upper?.value && lhs.upper?.isIncluded == rhs.upper?.isIncluded
    }
  }
}

extension Float {
  /// The value as LayerFX prints it in help and messages: whole numbers without a trailing
  /// `.0` (`12`), others in Swift's shortest round-trip form (`0.5`, `1e-05`).
  public var shortDescription: String {
    rounded() == self && magnitude < 1e7 ? String(Int(self)) : "\(self)"
  }
}
