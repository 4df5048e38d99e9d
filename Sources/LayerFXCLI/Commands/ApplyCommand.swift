import LayerFX
import LayerFXKernels
import LayerFXMath

/// `layerfx apply`: any built-in kernel on an image, with its arguments by name.
enum ApplyCommand {
  static let name = "apply"
  static let summary = "Apply a built-in kernel to an image (see 'layerfx list')."
  static let synopsis = "KERNEL INPUT -o OUT.png [--arg NAME=VALUE]... [options]"
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
    ] + RenderOptions.specs + OutputOptions.specs

  static let command = Command(
    name: name, summary: summary, synopsis: synopsis, discussion: discussion,
    options: options, run: run)

  static func run(_ arguments: ParsedArguments, console: Console) throws {
    let names = try arguments.positionals("KERNEL (see 'layerfx list')", InputImage.usageName)
    let function = try ShaderLibrary.builtIn.function(named: names[0])
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
      arguments: try bind(arguments.all("arg"), to: function, pixelLimit: render.pixelLimit))
    let size = input.image.sizeInPoints
    let kernel = try shader.makeKernel(for: function.kind, sizeInPoints: size)
    let lanes = try shader.makeLaneKernel(for: function.kind, sizeInPoints: size)
    let maxSampleOffset =
      try arguments.value("max-sample-offset", as: .point)
      ?? shader.declaredMaxSampleOffset(sizeInPoints: size)
    guard maxSampleOffset.x >= 0, maxSampleOffset.y >= 0 else {
      throw UsageError.invalidValue(
        option: "max-sample-offset", value: arguments.value("max-sample-offset") ?? "",
        expected: "two numbers ≥ 0")
    }
    try render.checkPaddedSize(of: input.image, maxSampleOffset: maxSampleOffset)
    let renderer = Renderer(tileSize: render.tileSize, threadCount: render.threadCount)
    let result = renderer.render(
      kernel, lanes: lanes, layer: Layer(input.image, maxSampleOffset: maxSampleOffset),
      bounds: arguments.has("padded") ? .padded : .source,
      checksSampleBounds: arguments.has("check-bounds"), maxSampleOffset: maxSampleOffset)
    try output.write(result.image, to: outputPath, metadata: input.metadata, console: console)
    if let report = result.report {
      console.error("layerfx: bounds: \(report)")
      if !report.isWithinBounds { throw AlreadyReported(exitCode: .failure) }
    }
  }

  /// Orders `NAME=VALUE` pairs by the function's parameters, filling in defaults.
  static func bind(_ pairs: [String], to function: ShaderFunction, pixelLimit: Int) throws
    -> [Shader.Argument]
  {
    var given: [String: String] = [:]
    for pair in pairs {
      guard let equals = pair.firstIndex(of: "=") else {
        throw UsageError.invalidValue(option: "arg", value: pair, expected: "NAME=VALUE")
      }
      let name = String(pair[..<equals])
      guard function.parameters.contains(where: { $0.name == name }) else {
        throw UsageError.invalid(
          "\(function.name) has no parameter '\(name)' (parameters: "
            + function.parameters.map(\.name).joined(separator: ", ") + ")")
      }
      guard given[name] == nil else {
        throw UsageError.invalid("--arg \(name) given more than once")
      }
      given[name] = String(pair[pair.index(after: equals)...])
    }
    return try function.parameters.map { parameter in
      guard let text = given[parameter.name] else {
        guard let value = parameter.defaultValue else {
          throw UsageError.missing(
            "--arg \(parameter.name)=\(Shader.Argument.commandLineForm(of: parameter.type)) "
              + "(\(parameter.summary))")
        }
        return value
      }
      guard let value = try Shader.Argument.parse(text, as: parameter.type, pixelLimit: pixelLimit)
      else {
        throw UsageError.invalidValue(
          option: "arg", value: "\(parameter.name)=\(text)",
          expected: Shader.Argument.commandLineForm(of: parameter.type))
      }
      return value
    }
  }
}
