import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXPNG

/// `layerfx convert`: decode an image and write it again as RGBA PNG.
enum ConvertCommand: CommandDefinition {
  static let name = "convert"
  static let summary = "Decode an image and write it as an RGBA PNG (8-bit by default)."
  static let synopsis = "INPUT -o OUT.png [options]"
  static let discussion = """
    INPUT is a PNG file or testcard:WxH. Samples pass through as stored (no gamma or ICC
    conversion); colour chunks (gAMA, cHRM, sRGB, iCCP) are copied to the output.
    """
  static let options: [OptionSpec] =
    [
      .value("output", short: "o", "PATH", "output PNG file"),
      RenderOptions.pixelLimitSpec,
    ] + OutputOptions.specs

  static func run(_ arguments: ParsedArguments, console: Console) throws {
    let inputArgument = try arguments.positionals(RenderJob.Input.usageName)[0]
    let outputPath = try arguments.required("output", hint: "output: give -o OUT.png")
    try OutputOptions.checkIsFile(outputPath)
    let pixelLimit = try RenderOptions.pixelLimit(arguments)
    let output = try OutputOptions(arguments)
    let input = try RenderJob.Input(
      commandLine: inputArgument, scale: 1, limits: RenderJob.Limits(pixelLimit: pixelLimit))
    try RenderJob.Output.checkNotRead(outputPath, reads: input.path.map { [$0] } ?? [])
    try OutputOptions.checkExtension(outputPath)
    try output.write(
      input.image, to: outputPath, metadata: input.metadata, console: console,
      protecting: input.path.map { [$0] } ?? [])
  }
}
