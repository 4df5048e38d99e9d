import LayerFX
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import LayerFXPNG

/// `layerfx render`: a built-in fill (a shader used as a `ShapeStyle`) over a new image, with
/// its arguments by name.
enum RenderCommand {
  static let name = "render"
  static let summary = "Render a built-in fill to a new image (see 'layerfx list')."
  static let synopsis = "FILL --size WxH -o OUT.png [--arg NAME=VALUE]... [--time T] [options]"
  static let discussion = """
    A fill draws every pixel from its position alone, with no input image. Arguments are given
    by the fill's parameter names; a parameter with a default may be left out, and a view-size
    parameter left out gets the image's size in points (--size divided by --scale). --time
    sets the fill's time parameter (seconds since a trigger), for fills that have one.
    Example: layerfx render radialGradient --size 640x480 --arg endRadius=300 -o out.png
    """
  static let options: [OptionSpec] =
    [
      .value("output", short: "o", "PATH", "output PNG file"),
      .value("size", "WxH", "the image's size, pixels"),
      .value("arg", "NAME=VALUE", "a fill argument (repeatable)", repeatable: true),
      .value("time", "SECONDS", "the fill's time since a trigger, seconds"),
      .value("scale", "PX/PT", "pixels per point of the image (default 1)"),
    ] + RenderOptions.specs + OutputOptions.specs + MetalFunctionReference.specs
    + [ConfigOptions.spec]

  static let command = Command(
    name: name, summary: summary, synopsis: synopsis, discussion: discussion,
    options: options, run: run)

  static func run(_ given: ParsedArguments, console: Console) throws {
    let loaded = try ConfigOptions.load(given, console: console)
    let fill = try loaded.map { try configFill($0, commandLine: given) } ?? nil
    var arguments = given
    if let loaded {
      var values = ConfigOptions.values(loaded.config, commandLine: given)
      if let fill { values["size"] = ["\(fill.size.x)x\(fill.size.y)"] }
      let names = Set(options.map(\.name))
      arguments = given.filling(values.filter { names.contains($0.key) }, positionals: [])
    }
    let function =
      try fill?.function
      ?? MetalFunctionReference.function(
        try arguments.positionals("FILL (see 'layerfx list')")[0], arguments: arguments,
        console: console)
    // FILL as the user wrote it (the config's fill by its name).
    let written = arguments.positionals.first ?? function.name
    guard function.kind == .fill else {
      throw UsageError.invalid(
        "'\(function.name)' is a \(function.kind) effect, not a fill; use 'layerfx apply "
          + "\(written) INPUT'")
    }
    let outputPath = try arguments.required("output", hint: "output: give -o OUT.png")
    try OutputOptions.checkIsFile(outputPath)
    guard let size = try arguments.value("size", as: .size) else {
      throw UsageError.missing("--size WxH: the image's size in pixels")
    }
    let scale = Float(try arguments.value("scale", as: .positiveNumber, default: 1))
    let render = try RenderOptions(arguments)
    let output = try OutputOptions(arguments)
    guard size.x * size.y <= render.pixelLimit else {
      throw CLIError.limitExceeded(
        "a \(size.x) × \(size.y) image has more than the limit of \(render.pixelLimit) pixels; "
          + "lower --size or raise --max-pixels")
    }
    let sizeInPoints = float2(Float(size.x), Float(size.y)) / scale
    var named = try ApplyCommand.bind(
      arguments.all("arg"), to: function, pixelLimit: render.pixelLimit)
    // The config's fill arguments, unless --arg gives the same parameter.
    for argument in fill?.arguments ?? [] where !named.contains(where: { $0.name == argument.name })
    {
      named.append(argument)
    }
    if let time = try arguments.value("time", as: .number) {
      guard let parameter = function.parameter(role: .timeSinceTrigger)
      else { throw UsageError.invalid("'\(function.name)' has no time parameter; drop --time") }
      guard !named.contains(where: { $0.name == parameter.name }) else {
        throw UsageError.invalid("--time and --arg \(parameter.name) cannot be used together")
      }
      named.append((parameter.name, .float(Float(time))))
    }
    // A view-size parameter not given is the image's size, as SwiftUI passes a view's bounds.
    named = function.withViewSize(named, sizeInPoints: sizeInPoints)
    let prepared = try Shader(function: function, namedArguments: named)
      .prepared(for: .fill, sizeInPoints: sizeInPoints)
    let image = render.renderer.render(
      fill: prepared, width: size.x, height: size.y, scale: scale)
    try MetalFunctionReference.checkFaults()
    try output.write(
      image, to: outputPath, metadata: PNGMetadata(), console: console,
      protecting: loaded.map { [$0.path] } ?? [])
  }

  /// The config's fill, unless FILL is given on the command line.
  ///
  /// - Throws: ``ConfigError`` when the config has effects (a fill is drawn alone), or, with no
  ///   FILL given, when its input is not a fill.
  static func configFill(
    _ loaded: (path: String, config: DebugConfig), commandLine: ParsedArguments
  )
    throws -> (
      function: ShaderFunction, arguments: [(name: String, value: Shader.Argument)],
      size: SIMD2<Int>
    )?
  {
    guard loaded.config.effects.isEmpty else {
      throw ConfigError.invalidValue(
        file: loaded.path, path: "effects",
        reason: "'layerfx render' draws a fill alone; use 'layerfx tune' or 'layerfx apply'")
    }
    guard commandLine.positionals.isEmpty else { return nil }
    guard case .fill(let function, let arguments, let width, let height)? = loaded.config.input
    else {
      throw ConfigError.invalidValue(
        file: loaded.path, path: "input",
        reason: "'layerfx render --config' needs a fill input, {\"fill\": NAME, \"pixels\": [W, H]}"
      )
    }
    return (function, arguments, SIMD2(width, height))
  }
}
