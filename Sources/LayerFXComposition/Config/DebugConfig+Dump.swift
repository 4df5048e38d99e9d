import LayerFX
import LayerFXMath

extension DebugConfig {
  /// The document as JSON, every key with a value spelled out: what `layerfx config dump`
  /// prints, and reads back as the same config (``init(data:file:directory:resolve:)``).
  ///
  /// `effects` is written when there are any (a fill's config has none). Triggers are written
  /// when set. Left out, they stay out: the default, one tap at t = 0 at
  /// the input's centre (``triggers(sizeInPoints:)``), is then worked out for the input the
  /// config runs on, so a dump run on another image (or at another scale) taps that image's
  /// centre, not the centre of the one it was dumped for. The keyframe tracks are not written
  /// (a dump starts from defaults).
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [("version", .integer(Self.version))]
    if let input { members.append(("input", input.json)) }
    members.append(("scale", .number(scale)))
    // A fill's config has no effects: the key stays out (an empty list is refused).
    if !effects.isEmpty { members.append(("effects", .array(effects.map(\.json)))) }
    if let written = triggers {
      members.append(
        (
          "triggers",
          .array(
            written.map { trigger in
              .object([
                ("point", .array([.float(trigger.payload.x), .float(trigger.payload.y)])),
                ("time", .number(trigger.time)),
              ])
            })
        ))
    }
    members.append(("output", output.json))
    members.append(("debug", debug.json))
    return .object(members)
  }

  /// An argument as a config writes it (colours with straight alpha, as the config reads them);
  /// `nil` for an image, which only a file path names (an effect's or a fill's `imagePaths`).
  static func json(_ argument: Shader.Argument) -> JSONValue? {
    func list(_ values: [Float]) -> JSONValue { .array(values.map(JSONValue.float)) }
    func straight(_ c: half4) -> JSONValue {
      let a = Float(c.w)
      return a > 0
        ? list([Float(c.x) / a, Float(c.y) / a, Float(c.z) / a, a]) : list([0, 0, 0, 0])
    }
    return switch argument {
    case .float(let x): .float(x)
    case .float2(let v): list([v.x, v.y])
    case .float3(let v): list([v.x, v.y, v.z])
    case .float4(let v): list([v.x, v.y, v.z, v.w])
    case .color(let c): straight(c)
    case .floatArray(let values): list(values)
    case .colorArray(let colors): .array(colors.map(straight))
    case .data(let bytes): .array(bytes.map { .integer(Int($0)) })
    case .image: nil
    case .boundingRect: .string("bounds")
    }
  }
}

extension DebugConfig.Input {
  /// The input as a config writes it.
  var json: JSONValue {
    switch self {
    case .file(let path): .string(path)
    case .testCard(let width, let height): .string("testcard:\(width)x\(height)")
    case .fill(_, let arguments, let width, let height, let kernel, let imagePaths):
      .object(
        [
          ("fill", .string(kernel)),
          ("pixels", .array([.integer(width), .integer(height)])),
        ]
          + arguments.compactMap { name, value in
            (DebugConfig.json(value) ?? imagePaths[name].map(JSONValue.string)).map { (name, $0) }
          })
    }
  }
}
