import LayerFX
import LayerFXMath
import LayerFXPNG

/// `layerfx render FILL --size WxH -o OUT.png`: a fill (a shader used as a `ShapeStyle`), from a
/// `.metal` file or the built-ins.
enum RenderCommand {
  static let name = "render"
  static let summary = "Render a fill (FILE.metal:FUNCTION or a built-in) at a size."
  static let synopsis = "FILL --size WxH -o OUT.png [--arg NAME=VALUE]... [options]"
  static let discussion = """
    A fill is a shader with no input, `half4 f(float2 position, args…)`, as SwiftUI's
    Shape.fill(shader) draws it. Arguments are given by the function's parameter names.
    Example: layerfx render Shaders/Fills/Gradient.metal:gradient --size 320x200 -o out.png
    """
  static let options: [OptionSpec] =
    [
      .value("output", short: "o", "PATH", "output PNG file"),
      .value("size", "WxH", "the output's size, pixels"),
      .value("arg", "NAME=VALUE", "a function argument (repeatable)", repeatable: true),
      .value("scale", "PX/PT", "pixels per point (default 1)"),
    ] + MetalFunctionReference.specs + RenderOptions.specs + OutputOptions.specs

  static let command = Command(
    name: name, summary: summary, synopsis: synopsis, discussion: discussion,
    options: options, run: run)

  static func run(_ arguments: ParsedArguments, console: Console) throws {
    let names = try arguments.positionals("FILL (FILE.metal:FUNCTION or a built-in)")
    let function = try MetalFunctionReference.function(
      names[0], arguments: arguments, console: console)
    guard function.kind == .fill else {
      throw ShaderArgumentError.wrongEffectKind(
        function: function.name, declared: function.kind, used: .fill)
    }
    let outputPath = try arguments.required("output", hint: "output: give -o OUT.png")
    try OutputOptions.checkIsFile(outputPath)
    guard let size = try arguments.value("size", as: .size) else {
      throw UsageError.missing("size: give --size WxH")
    }
    let scale = Float(try arguments.value("scale", as: .positiveNumber, default: 1))
    let render = try RenderOptions(arguments)
    let output = try OutputOptions(arguments)
    let sizeInPoints = float2(Float(size.x), Float(size.y)) / scale
    let shader = Shader(
      function: function,
      namedArguments: try ApplyCommand.bind(
        arguments.all("arg"), to: function, pixelLimit: render.pixelLimit))
    let prepared = try shader.prepared(sizeInPoints: sizeInPoints)
    let image = render.renderer.render(fill: prepared, width: size.x, height: size.y, scale: scale)
    try MetalFunctionReference.checkFaults()
    try output.write(image, to: outputPath, metadata: PNGMetadata(), console: console)
  }
}
