import Foundation
import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXFiles
import LayerFXTune

/// `layerfx tune`: renders a preview of a debug config and renders it again whenever the config,
/// or a file it names, changes.
enum TuneCommand: CommandDefinition {
  static let name = "tune"
  static let summary = "Preview a debug config, rendering again whenever it changes."
  static let synopsis =
    "CONFIG.json [-o PREVIEW.png] [--once | --serve [--port N] [--host ADDR]] [options]"
  static let discussion = """
    Renders the frames at the config's debug.previewTimes (default: four, at 1/5 … 4/5 of the
    animation) into one contact sheet, each frame's time under it, PREVIEW.png (default: CONFIG.preview.png beside the
    config), written atomically so an image viewer that reloads it always shows a whole
    picture. Then polls the config and the files it names (the input, .metal sources) every
    \(Int(pollInterval * 1000)) ms, by modification time, size and inode, so a file saved in place or
    by rename (sed -i, an editor's safe write) is followed, and renders again when one changes,
    printing one line: what changed (the keys whose values differ) and the render time. The
    config's debug.overlays are drawn on every preview frame (legend on standard error). An
    invalid config or a .metal compile error is printed and the last good preview kept.
    Ctrl-C or SIGTERM ends it at once (exit 0), even while a shader runs. --once renders once and exits (with the error's code if the
    config is invalid). A config whose input is the preview is refused at start (exit 65).
    --serve serves the tune page instead, for a browser: sliders, taps,
    the clock, overlays and Save; the first line on standard output is its address, with a
    random token; it serves until Ctrl-C or SIGTERM (exit 0).
    """
  static let options: [OptionSpec] =
    [
      .value("output", short: "o", "PATH", "the preview PNG (default: CONFIG.preview.png)"),
      .flag("once", "render the preview once and exit"),
      .value("columns", "N", "frames per row of the preview (default 4)"),
      .flag("serve", "serve the tune page on http://127.0.0.1 instead of writing a preview"),
      .value("port", "N", "--serve's port (default 0: any free port)"),
      .value("host", "ADDR", "--serve's numeric address (default 127.0.0.1; another is reachable)"),
    ] + RenderOptions.specs + MetalOptions.specs

  /// Seconds between two looks at the watched files.
  static let pollInterval = TuneWatch.pollInterval

  static func run(_ arguments: ParsedArguments, console: Console) throws {
    let configPath = try arguments.positionals("CONFIG.json")[0]
    let previewPath =
      arguments.value("output")
      ?? (configPath.hasSuffix(".json") ? String(configPath.dropLast(5)) : configPath)
      + ".preview.png"
    try OutputOptions.checkIsFile(previewPath)
    try OutputOptions.checkExtension(previewPath)
    let columns = try arguments.value("columns", as: .integer(in: 1...64), default: 4)
    let render = try RenderOptions(arguments)
    if arguments.has("serve") {
      guard !arguments.has("once") else {
        throw UsageError.invalid("--once and --serve exclude each other")
      }
      return try serve(configPath, render: render, arguments, console)
    }
    if let option = ["port", "host"].first(where: arguments.has) {
      throw UsageError.invalid("--\(option) needs --serve")
    }
    // A config that does not decode yet is reported by the first render (once: quiet here),
    // and waited on.
    let checkInput = {
      if let config = try? ConfigOptions.decode(
        configPath, arguments: arguments, console: console, reportsErrors: false)
      {
        try Self.checkInput(of: config, file: configPath, isNot: previewPath)
      }
    }
    var watch = TuneWatch(
      configPath: configPath, previewPath: previewPath, report: console.print,
      reportError: console.error
    ) { files in
      try renderPreview(
        configPath, to: previewPath, columns: columns, render: render, files: &files, arguments,
        console)
    }
    if arguments.has("once") {
      try checkInput()
      try watch.render()
      return
    }
    // As for --serve: a missing config, or a folder, ends here (exit 66).
    _ = try ConfigFile.read(configPath)
    // SIGINT or SIGTERM ends the process where it is, a shader running or not (a .metal shader's worker
    // process dies with it); the preview is written atomically, so it is always whole. Set
    // before the check of the input, which compiles the config's .metal files.
    AtomicFile.exitOnInterrupt(status: 0)
    try checkInput()
    watch.watch()
  }
}

extension TuneCommand {
  /// `--serve`: the tune page's server (`LayerFXTune.TuneServer`) until SIGINT or SIGTERM.
  static func serve(
    _ configPath: String, render: RenderOptions, _ arguments: ParsedArguments, _ console: Console
  ) throws {
    let port = try arguments.value("port", as: .integer(in: 0...65535), default: 0)
    let host = arguments.value("host") ?? "127.0.0.1"
    // The page edits a config file; a missing one, or a folder, ends here (exit 66).
    _ = try ConfigFile.read(configPath)
    try TuneServer.serveUntilInterrupted(
      configPath: configPath, host: host, port: UInt16(port), limits: render.limits,
      resolver: { ConfigOptions.resolver(arguments, console: console, configData: $0) }
    ) { address in
      if !TuneServer.isLoopback(host) {
        console.error("layerfx: warning: --host \(host): the page is reachable from other machines")
      }
      console.print(address)
    }
  }
}

extension TuneServerError: ExitCoded {
  var exitCode: ExitCode {
    switch self {
    case .invalidAddress: .usage
    case .cannotBind: .unavailable
    case .pageMissing: .configuration
    }
  }
}

extension TuneCommand {
  /// Renders the preview of the config at `configPath`, decoded with the command line's
  /// `.metal` options, to `previewPath` (``LayerFXTune/TunePreviewSheet/write(_:file:to:columns:limits:reads:events:warn:)``):
  /// the render `TuneWatch` calls on each change.
  ///
  /// - Parameters:
  ///   - configPath: The config, as given.
  ///   - previewPath: The preview PNG to write.
  ///   - columns: Frames per row of the sheet.
  ///   - renderOptions: The render flags (limits, renderer).
  ///   - files: Set to the files the config names once it is decoded.
  ///   - arguments: The command line (flags over the config).
  ///   - console: Where messages go.
  /// - Returns: The number of frames.
  /// - Throws: ``ConfigError``, a .metal compile error, and what loading, rendering and
  ///   writing throw; the preview file is then unchanged.
  static func renderPreview(
    _ configPath: String, to previewPath: String, columns: Int, render renderOptions: RenderOptions,
    files: inout [String], _ arguments: ParsedArguments, _ console: Console
  ) throws -> Int {
    let config = try ConfigOptions.decode(configPath, arguments: arguments, console: console)
    try MetalOptions.checkOptions(arguments, config: config)
    files = config.files + MetalOptions.libraryPaths(arguments)
    let output = RenderJob.Output(path: previewPath, encoder: try OutputOptions(arguments).encoder)
    // An input that cannot be loaded names the config and its key, as `apply --config` does.
    return try ConfigOptions.attributing(
      (configPath, config), commandLine: try ConfigOptions.optionsOnly(arguments)
    ) {
      try TunePreviewSheet.write(
        config, file: configPath, to: output, columns: columns, limits: renderOptions.limits,
        reads: [configPath] + files, events: console.renderJobEvents,
        loadInput: RenderJob.Input.loader(of: config, limits: renderOptions.limits))
    }
  }
}
