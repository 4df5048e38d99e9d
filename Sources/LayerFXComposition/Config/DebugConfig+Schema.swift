import LayerFX
import LayerFXAnimation

extension DebugConfig {
  /// The document's JSON Schema (draft 2020-12), derived from the kernel declarations of
  /// `library`: every key with its type, unit (`x-unit` and in the description), range,
  /// default and description, so an editor validates and completes a config.
  ///
  /// Each effect kernel is one `$defs` entry (`effect.NAME`) whose properties are its
  /// parameters; each fill one (`fill.NAME`) for the input; `FILE.metal:FUNCTION` effects are
  /// accepted with any parameters (their declarations are known only once compiled).
  ///
  /// - Parameter library: The kernels the schema describes (`ShaderLibrary.default`).
  /// - Returns: The schema, an object.
  ///
  /// Source: JSON Schema 2020-12, Core §8 (`$schema`, `$defs`, `$ref`) and §10 (`oneOf`,
  /// `properties`, `additionalProperties`), Validation §6 and §9.
  public static func schema(library: ShaderLibrary) -> JSONValue {
    let effects = library.functions.filter { $0.kind != .fill }
    let fills = library.functions.filter { $0.kind == .fill }
    var definitions: [(String, JSONValue)] = [
      ("keyframes", keyframesSchema), ("keyframe", keyframeSchema),
      (
        "metalEffect",
        object(
          "an effect from a .metal file; its parameters are checked when it is compiled",
          properties: [
            (
              "kernel",
              .object([
                ("type", .string("string")),
                ("pattern", .string(#"\.metal:[A-Za-z_][A-Za-z0-9_]*$"#)),
                ("description", .string("FILE.metal:FUNCTION, relative to the config's folder")),
              ])
            )
          ], required: ["kernel"], closed: false)
      ),
    ]
    for function in effects {
      definitions.append(("effect.\(function.name)", effectSchema(function)))
    }
    for function in fills { definitions.append(("fill.\(function.name)", fillSchema(function))) }
    let refs = effects.map { JSONValue.object([("$ref", .string("#/$defs/effect.\($0.name)"))]) }
    let fillRefs = fills.map { JSONValue.object([("$ref", .string("#/$defs/fill.\($0.name)"))]) }
    let trigger = object(
      "a trigger (a tap): replays every effect that has a clock",
      properties: [
        (
          "point",
          ConfigField.vector(
            "point", count: 2, "where the trigger happens; the effect's position parameter",
            unit: .points
          ).schema
        ),
        (
          "time",
          ConfigField.number(
            "time", "when it happens on the animation clock", unit: .seconds, range: .atLeast(0),
            defaultValue: 0
          ).schema
        ),
      ], required: ["point"])
    return .object([
      ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      ("title", .string("LayerFX debug config")),
      (
        "description",
        .string(
          "What 'layerfx tune' previews and 'layerfx ripple|apply|render --config' renders; "
            + "command-line flags override the file's values.")
      ),
      ("type", .string("object")), ("additionalProperties", .bool(false)),
      ("required", .array([.string("version")])),
      (
        "properties",
        .object([
          (
            "version",
            .object([("const", .integer(version)), ("description", .string("the format version"))])
          ),
          (
            "input",
            .object([
              (
                "description",
                .string(
                  "a PNG file relative to the config's folder, testcard:WxH, or a fill object")
              ),
              (
                "oneOf",
                .array(
                  [.object([("type", .string("string")), ("minLength", .integer(1))])] + fillRefs)
              ),
            ])
          ),
          (
            "scale",
            ConfigField.number(
              "scale", "pixels per point of the input", range: .closed(DebugConfig.scaleRange),
              defaultValue: 1
            ).schema
          ),
          (
            "effects",
            .object([
              ("description", .string("the effects, innermost first (stacked SwiftUI modifiers)")),
              ("type", .string("array")),
              ("minItems", .integer(1)),
              (
                "items",
                .object([
                  ("oneOf", .array(refs + [.object([("$ref", .string("#/$defs/metalEffect"))])]))
                ])
              ),
            ])
          ),
          (
            "triggers",
            .object([
              (
                "description",
                .string("the triggers, in order (default: one at t = 0 at the image's centre)")
              ),
              ("type", .string("array")), ("items", trigger), ("minItems", .integer(1)),
            ])
          ),
          ("output", section("where and when frames are written", Output.fields)),
          ("debug", section("checks and the tune preview", Debug.fields)),
        ])
      ),
      ("$defs", .object(definitions)),
    ])
  }

  /// A closed object of `fields`.
  static func section(_ description: String, _ fields: [ConfigField]) -> JSONValue {
    object(description, properties: fields.map { ($0.name, $0.schema) }, required: [])
  }

  private static func object(
    _ description: String, properties: [(String, JSONValue)], required: [String],
    closed: Bool = true
  ) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("description", .string(description)), ("type", .string("object")),
    ]
    if closed { members.append(("additionalProperties", .bool(false))) }
    if !required.isEmpty { members.append(("required", .array(required.map(JSONValue.string)))) }
    members.append(("properties", .object(properties)))
    return .object(members)
  }

  /// An effect kernel's entry: `kernel`, its parameters, `duration` with a clock,
  /// `positionParameter` with a `float2` parameter, `maxSampleOffset` for a layer or distortion
  /// effect, `keyframes`.
  private static func effectSchema(_ function: ShaderFunction) -> JSONValue {
    var properties: [(String, JSONValue)] = [
      (
        "kernel",
        .object([("const", .string(function.name)), ("description", .string(function.summary))])
      )
    ]
    properties += function.parameters.map { ($0.name, parameterSchema($0)) }
    if function.parameter(role: .timeSinceTrigger) != nil {
      properties.append(
        (
          "duration",
          ConfigField.number(
            "duration",
            "each replay's clock runs 0 to duration; drawn while it is in (0, duration)",
            unit: .seconds, range: .greaterThan(0), defaultValue: 3
          ).schema
        ))
    }
    let float2Names = function.parameters.filter { $0.type == .float2 }.map(\.name)
    if !float2Names.isEmpty
      && !function.parameters.contains(where: { $0.name == Effect.positionKey })
    {
      properties.append(
        (
          Effect.positionKey,
          .object([
            ("type", .string("string")), ("enum", .array(float2Names.map(JSONValue.string))),
            (
              "description",
              .string(
                "the float2 parameter the triggers' points go to (default: the kernel's position "
                  + "parameter)")
            ),
          ])
        ))
    }
    if Effect.takesOffset(function) {
      properties.append(
        (
          Effect.offsetKey,
          ConfigField.vector(
            Effect.offsetKey, count: 2,
            function.requiresMaxSampleOffset
              ? "this effect's maxSampleOffset (default: debug.maxSampleOffset; the kernel "
                + "declares none, so one of the two is required)"
              : "this effect's maxSampleOffset (default: debug.maxSampleOffset, else the kernel's)",
            unit: .points, range: .atLeast(0)
          ).schema
        ))
    }
    let animatable = ParameterValues(defaultsOf: function).names
    properties.append(
      (
        "keyframes",
        .object([
          ("description", .string("keyframe tracks by float parameter name")),
          ("type", .string("object")), ("additionalProperties", .bool(false)),
          (
            "properties",
            .object(animatable.map { ($0, .object([("$ref", .string("#/$defs/keyframes"))])) })
          ),
        ])
      ))
    return object(
      "\(function.kind) effect \(function.name)", properties: properties, required: ["kernel"])
  }

  /// A fill's input object: `fill`, `pixels`, its parameters.
  private static func fillSchema(_ function: ShaderFunction) -> JSONValue {
    let size = JSONValue.object([
      ("type", .string("array")),
      (
        "items",
        .object([
          ("type", .string("integer")), ("minimum", .integer(1)), ("maximum", .integer(65535)),
        ])
      ),
      ("minItems", .integer(2)), ("maxItems", .integer(2)),
      ("description", .string("[width, height] of the image (pixels)")),
      ("x-unit", .string("pixels")),
    ])
    return object(
      "fill \(function.name): \(function.summary)",
      properties: [
        ("fill", .object([("const", .string(function.name))])), ("pixels", size),
      ] + function.parameters.map { ($0.name, parameterSchema($0)) }, required: ["fill", "pixels"])
  }

  /// A parameter's schema from its declaration.
  static func parameterSchema(_ parameter: ShaderFunction.Parameter) -> JSONValue {
    var description = parameter.summary
    if let suggested = parameter.suggestedRange {
      description +=
        ", suggested \(suggested.lowerBound.shortDescription)…"
        + suggested.upperBound.shortDescription
    }
    switch parameter.role {
    case .position?: description += "; set by the triggers unless given"
    case .timeSinceTrigger?: description += "; the clock, driven by the triggers unless given"
    case .viewSize?: description += "; the image's size in points unless given"
    default: break
    }
    let defaultValue = parameter.defaultValue.flatMap(json)
    func vector(_ count: Int) -> JSONValue {
      var field = ConfigField.vector(
        parameter.name, count: count, description, unit: parameter.unit,
        range: parameter.validRange
      ).schema
      if case .object(var members) = field, let defaultValue {
        members.append(("default", defaultValue))
        field = .object(members)
      }
      return field
    }
    switch parameter.type {
    case .float:
      var field = ConfigField.number(
        parameter.name, description, unit: parameter.unit, range: parameter.validRange,
        integer: parameter.isWholeNumber
      ).schema
      if case .object(var members) = field, let defaultValue {
        members.append(("default", defaultValue))
        field = .object(members)
      }
      return field
    case .float2: return vector(2)
    case .float3: return vector(3)
    case .float4: return vector(4)
    case .color:
      var field = ConfigField.vector(
        parameter.name, count: 4, description + ", [r, g, b, a] with straight alpha",
        unit: parameter.unit, range: .closed(0...1)
      ).schema
      if case .object(var members) = field, let defaultValue {
        members.append(("default", defaultValue))
        field = .object(members)
      }
      return field
    case .floatArray:
      return .object([
        ("type", .string("array")), ("items", .object([("type", .string("number"))])),
        ("description", .string(description)),
      ])
    case .colorArray:
      return .object([
        ("type", .string("array")),
        (
          "items",
          ConfigField.vector(
            "colour", count: 4, "[r, g, b, a], straight alpha", range: .closed(0...1)
          )
          .schema
        ),
        ("description", .string(description)),
      ])
    case .data:
      return .object([
        ("type", .string("array")),
        (
          "items",
          .object([
            ("type", .string("integer")), ("minimum", .integer(0)), ("maximum", .integer(255)),
          ])
        ),
        ("description", .string(description)),
      ])
    case .image:
      return .object([
        ("type", .string("string")),
        ("description", .string(description + "; a PNG file relative to the config's folder")),
      ])
    }
  }

  /// A keyframe track: an array of keyframes.
  private static let keyframesSchema = JSONValue.object([
    ("description", .string("a keyframe track, in order")), ("type", .string("array")),
    ("items", .object([("$ref", .string("#/$defs/keyframe"))])),
  ])

  /// One keyframe, as ``KeyframesConfig`` reads it.
  private static let keyframeSchema = object(
    "a keyframe (Documentation/Semantics.md §7.3–§7.7)",
    properties: [
      (
        "type",
        .object([
          ("enum", .array(["move", "linear", "spring", "cubic"].map(JSONValue.string))),
          ("description", .string("the keyframe's kind, as SwiftUI's MoveKeyframe, …")),
        ])
      ),
      ("value", ConfigField.number("value", "the value reached at the keyframe's end").schema),
      (
        "duration",
        ConfigField.number(
          "duration", "how long the keyframe takes (required for linear and cubic)",
          unit: .seconds, range: .atLeast(0)
        ).schema
      ),
      (
        "curve",
        .object([
          (
            "description",
            .string(
              "linear only: a UnitCurve name or [x1, y1, x2, y2] Bézier control points, x in 0…1")
          ),
          (
            "oneOf",
            .array([
              .object([
                (
                  "enum",
                  .array(
                    [
                      "linear", "easeIn", "easeOut", "easeInOut", "circularEaseIn",
                      "circularEaseOut", "circularEaseInOut",
                    ].map(JSONValue.string))
                )
              ]),
              .object([
                ("type", .string("array")), ("items", .object([("type", .string("number"))])),
                ("minItems", .integer(4)), ("maxItems", .integer(4)),
              ]),
            ])
          ),
          ("default", .string("linear")),
        ])
      ),
      (
        "springDuration",
        ConfigField.number(
          "springDuration", "spring only: the spring's perceptual duration", unit: .seconds,
          range: .greaterThan(0), defaultValue: 0.5
        ).schema
      ),
      (
        "bounce",
        ConfigField.number(
          "bounce", "spring only: the spring's bounce",
          range: ShaderFunction.ValueRange(lower: (-1, false), upper: (1, true)), defaultValue: 0
        ).schema
      ),
      (
        "startVelocity",
        ConfigField.number(
          "startVelocity", "spring and cubic: the starting velocity", unit: .perSecond
        )
        .schema
      ),
      (
        "endVelocity",
        ConfigField.number("endVelocity", "cubic only: the ending velocity", unit: .perSecond)
          .schema
      ),
    ], required: ["type", "value"])
}
