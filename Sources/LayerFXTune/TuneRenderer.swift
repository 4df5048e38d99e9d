import Foundation
import LayerFX
import LayerFXComposition
import LayerFXMetal
import LayerFXPNG

/// The render path of the tune server: decodes a posted config document with the config
/// decoder, builds a ``LayerFXComposition/RenderJob`` of one frame at the requested time and
/// preview width, and runs it into an in-memory PNG.
///
/// One job runs at a time (each uses every core). The newest request wins: each render request
/// takes a ticket when its body has arrived; one whose ticket is no longer the newest when its
/// turn comes, or when the job asks before rendering (`RenderJobEvents.isCancelled`), answers
/// 409, so a slider drag never queues a backlog.
final class TuneRenderer: @unchecked Sendable {
  /// The config file, named in messages; relative paths inside resolve against its folder.
  let configPath: String
  /// Finds each `kernel` and `fill` of a document, given the document's bytes.
  let resolver: @Sendable (Data) -> DebugConfig.Resolver
  /// The limits and renderer of every job.
  let limits: RenderJob.Limits
  /// Held while a config is decoded or a job runs.
  private let work = NSLock()
  /// Guards ``newest``.
  private let ticketLock = NSLock()
  /// The newest render request's ticket.
  private var newest = 0
  /// The last input loaded and what it was loaded from (guarded by ``work``): a slider's
  /// renders read the same input, which is decoded or drawn once.
  private var lastInput: (source: InputSource, input: RenderJob.Input)?

  /// What an input was loaded from: its text (a file or a test card), the scale, and the
  /// file's stamp, so an edited file is loaded again.
  private struct InputSource: Equatable {
    let text: String
    let scale: Double
    let stamp: FileStamp?
  }

  init(
    configPath: String, resolver: @escaping @Sendable (Data) -> DebugConfig.Resolver,
    limits: RenderJob.Limits
  ) {
    self.configPath = configPath
    self.resolver = resolver
    self.limits = limits
  }

  /// A new render request's ticket, which supersedes every earlier one.
  func takeTicket() -> Int {
    ticketLock.withLock {
      newest += 1; return newest
    }
  }

  /// Whether a newer render request arrived after `ticket`.
  func isSuperseded(_ ticket: Int) -> Bool { ticketLock.withLock { newest != ticket } }

  /// Runs `body` alone (no other decode or render at the same time).
  func exclusively<T>(_ body: () throws -> T) rethrows -> T { try work.withLock(body) }

  /// Decodes `data` as the config file's document; call inside ``exclusively(_:)``.
  ///
  /// - Throws: ``TuneFailure``: 400 for an invalid document, 422 for a `.metal` compile error.
  func decode(_ data: Data) throws(TuneFailure) -> DebugConfig {
    let base = resolver(data)
    let compileErrors = CompileErrorBox()
    let resolve: DebugConfig.Resolver = { text in
      do {
        return try base(text)
      } catch let error as MetalCompileError {
        compileErrors.error = error
        throw error
      }
    }
    do {
      return try DebugConfig(
        data: data, file: configPath, directory: DebugConfig.directory(of: configPath),
        resolve: resolve)
    } catch {
      throw TuneFailure(error, compileError: compileErrors.error)
    }
  }

  /// The config's input, loaded at its scale; call inside ``exclusively(_:)``.
  ///
  /// A file or test card is loaded again only when its text, the scale or the file changed.
  ///
  /// - Throws: ``TuneFailure``: 400 for a document without `input`, 422 naming the config
  ///   and its `input` key when it cannot be loaded (``TuneFailure/input(_:configPath:)``).
  func input(of config: DebugConfig) throws(TuneFailure) -> RenderJob.Input {
    guard let input = config.input else {
      throw TuneFailure(ConfigError.missingKey(file: configPath, path: "", key: "input"))
    }
    let source = input.commandLineText.map {
      InputSource(text: $0, scale: config.scale, stamp: input.path.flatMap(FileStamp.init(path:)))
    }
    if let source, let last = lastInput, last.source == source { return last.input }
    do {
      let loaded = try RenderJob.Input(loading: input, scale: Float(config.scale), limits: limits)
      lastInput = source.map { ($0, loaded) }
      return loaded
    } catch {
      throw TuneFailure.input(error, configPath: configPath)
    }
  }

  /// Renders `request`'s frame, unless superseded.
  ///
  /// - Parameters:
  ///   - request: The frame's config, time, width and overlays.
  ///   - ticket: From ``takeTicket()`` when the request arrived.
  /// - Returns: The PNG and what the bounds checker said.
  /// - Throws: ``TuneFailure``: 409 superseded, 400 invalid, 422 a render error.
  func render(_ request: TuneRenderRequest, ticket: Int) throws(TuneFailure) -> TunePreview {
    work.lock()
    defer { work.unlock() }
    if isSuperseded(ticket) { throw .superseded }
    // A fault of an earlier render is not this one's.
    MetalFaults.reset()
    let start = DispatchTime.now().uptimeNanoseconds
    let config = try decode(request.config)
    let input = try self.input(of: config)
    let sizeInPoints = input.image.sizeInPoints
    let image = request.width.map { input.image.preview(width: $0) } ?? input.image
    let collected = TunePreview.Collector()
    do {
      try config.checkSchedule(file: configPath, sizeInPoints: sizeInPoints, times: [request.time])
      let job = RenderJob(
        input: RenderJob.Input(image, metadata: input.metadata, path: input.path),
        chain: config.chain(sizeInPoints: sizeInPoints), schedule: .still(time: request.time),
        // zlib level 0: a preview travels over the loopback, where encoding time counts and
        // size hardly does.
        output: RenderJob.Output(path: "-", encoder: PNGEncoder(compressionLevel: 0)),
        debug: RenderJob.Debug(overlays: request.overlays, checksBounds: config.debug.checkBounds),
        limits: limits, reads: config.files)
      _ = try job.run(events: collected.events(isCancelled: { self.isSuperseded(ticket) }))
    } catch {
      throw TuneFailure(error)
    }
    collected.milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    return collected.preview
  }
}

/// Where a decode's resolver leaves the `.metal` compile error it met.
private final class CompileErrorBox: @unchecked Sendable {
  var error: MetalCompileError?
}
