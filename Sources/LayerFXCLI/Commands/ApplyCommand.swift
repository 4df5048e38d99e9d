import LayerFX
import LayerFXKernels
import LayerFXMath

/// `layerfx apply`: any built-in kernel on an image, with its arguments by name.
enum ApplyCommand {
  static let name = "apply"
  static let summary = "Apply a built-in kernel to an image (see 'layerfx list')."
  static let synopsis =
    "KERNEL|FILE.metal:FUNCTION INPUT -o OUT.png [--arg NAME=VALUE]... [options]"
  static let discussion = """
    Arguments are given by the kernel's parameter names; a parameter with a default may be
    left out. Layer and distortion effects sample within --max-sample-offset of each pixel
    (default: what the kernel declares, e.g. the ripple's amplitude). --check-bounds reports
    samples beyond it, which SwiftUI would silently clip.
    Example: layerfx apply ripple photo.png --arg origin=200,150 --arg time=0.3 -o out.png
    """
  static let options: [OptionSpec] =
    [
      .value("output", short: "o", "PATH", "output PNG file"),
      .value("arg", "NAME=VALUE", "a kernel argument (repeatable)", repeatable: true),
      .value("max-sample-offset", "X,Y", "declared maxSampleOffset, points"),
      .flag(
        "check-bounds",
        "report samples beyond maxSampleOffset on standard error; exit 1 if there are any"),
      .flag("padded", "grow the output by the padding on every side"),
      .value("scale", "PX/PT", "pixels per point of the input (default 1)"),
    ] + RenderOptions.specs + OutputOptions.specs + MetalFunctionReference.specs

  static let command = Command(
    name: name, summary: summary, synopsis: synopsis, discussion: discussion,
    options: options, run: run)

  static func run(_ arguments: ParsedArguments, console: Console) throws {
    let names = try arguments.positionals("KERNEL (see 'layerfx list')", InputImage.usageName)
    let function = try MetalFunctionReference.function(
      names[0], arguments: arguments, console: console)
    let outputPath = try arguments.required("output", hint: "output: give -o OUT.png")
    try OutputOptions.checkIsFile(outputPath)
    let scale = try arguments.value("scale", as: .positiveNumber, default: 1)
    let render = try RenderOptions(arguments)
    let output = try OutputOptions(arguments)
    let input = try InputImage(
      names[1], scale: Float(scale), pixelLimit: render.pixelLimit)
    try OutputOptions.checkNotInput(outputPath, input: input.path)
    let shader = Shader(
      function: function,
      namedArguments: try bind(arguments.all("arg"), to: function, pixelLimit: render.pixelLimit))
    var prepared = try shader.prepared(sizeInPoints: input.image.sizeInPoints)
    if let offset = try arguments.value("max-sample-offset", as: .point) {
      guard offset.x >= 0, offset.y >= 0 else {
        throw UsageError.invalidValue(
          option: "max-sample-offset", value: arguments.value("max-sample-offset") ?? "",
          expected: "two numbers ≥ 0")
      }
      prepared.maxSampleOffset = offset
    }
    if function.kind != .color {
      try render.checkPaddedSize(of: input.image, maxSampleOffset: prepared.maxSampleOffset)
    }
    let result = render.renderer.render(
      prepared, input.image, bounds: arguments.has("padded") ? .padded : .source,
      checksSampleBounds: arguments.has("check-bounds"))
    try MetalFunctionReference.checkFaults()
    try output.write(result.image, to: outputPath, metadata: input.metadata, console: console)
    if let report = result.report {
      console.error("layerfx: bounds: \(report)")
      if !report.isWithinBounds { throw AlreadyReported(exitCode: .failure) }
    }
  }

  /// Parses `NAME=VALUE` pairs into named arguments of the function's parameter types; the
  /// shader checks names (with a did-you-mean), defaults and ranges when it is prepared.
  static func bind(_ pairs: [String], to function: ShaderFunction, pixelLimit: Int) throws
    -> [(name: String, value: Shader.Argument)]
  {
    var seen: Set<String> = []
    return try pairs.map { pair in
      guard let equals = pair.firstIndex(of: "=") else {
        throw UsageError.invalidValue(option: "arg", value: pair, expected: "NAME=VALUE")
      }
      let name = String(pair[..<equals])
      let text = String(pair[pair.index(after: equals)...])
      guard seen.insert(name).inserted else {
        throw UsageError.invalid("--arg \(name) given more than once")
      }
      guard let parameter = function.parameters.first(where: { $0.name == name }) else {
        let names = function.parameters.map(\.name)
        throw ShaderArgumentError.unknownParameter(
          function: function.name, name: name, suggestion: closestName(to: name, among: names),
          parameters: names)
      }
      guard let value = try Shader.Argument.parse(text, as: parameter.type, pixelLimit: pixelLimit)
      else {
        throw UsageError.invalidValue(
          option: "arg", value: pair, expected: Shader.Argument.commandLineForm(of: parameter.type))
      }
      return (name, value)
    }
  }
}
