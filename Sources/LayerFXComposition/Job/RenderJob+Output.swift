import LayerFXFiles
import LayerFXPNG

extension RenderJob {
  /// Where a job's frames go: one PNG for a still, else the ``OutputFormat``'s file, folder or
  /// stream.
  public struct Output: Sendable {
    /// A file, a folder for a PNG sequence, or a stream (``OutputFormat/streamPaths``: `-` is
    /// standard output, through ``RenderJobEvents/standardOutput``).
    public var path: String
    /// The animation's output; `nil` for a still (one PNG).
    public var format: OutputFormat?
    /// Bit depth and compression of every PNG written.
    public var encoder: PNGEncoder
    /// A contact sheet's frames per row; `nil` for ⌈√frames⌉.
    public var contactSheetColumns: Int?

    /// Creates an output.
    ///
    /// - Parameters:
    ///   - path: The file, folder or stream.
    ///   - format: The animation's output; `nil` for a still.
    ///   - encoder: The PNG encoder; 8 bits and the default compression by default.
    ///   - contactSheetColumns: Frames per row of a contact sheet, 1…1000; `nil` for
    ///     ⌈√frames⌉.
    public init(
      path: String, format: OutputFormat? = nil, encoder: PNGEncoder = PNGEncoder(),
      contactSheetColumns: Int? = nil
    ) {
      self.path = path
      self.format = format
      self.encoder = encoder
      self.contactSheetColumns = contactSheetColumns
    }

    /// Whether the output is a stream (`-`, `/dev/stdout`, `/dev/null`), which holds nothing.
    var isStream: Bool { OutputFormat.streamPaths.contains(path) }

    /// Opens a one-file output before anything renders, so a destination that cannot be
    /// written (a FIFO, a device such as `/dev/full`, a read-only folder, a file the render
    /// reads) is refused at once; dropping the file uncommitted leaves the destination as it
    /// was.
    ///
    /// - Parameter protected: Files the render reads, which the output may not replace.
    /// - Returns: The open, still unnamed file; `nil` for standard output (`-`).
    /// - Throws: `LayerFXFiles.AtomicFileError` when the destination cannot be created.
    public func open(protecting protected: [String] = []) throws -> PreparedFile? {
      path == "-" ? nil : try AtomicFile.create(path, protecting: protected)
    }

    /// Encodes `samples` as a PNG into `file` and gives it its name, or sends the PNG to
    /// ``RenderJobEvents/standardOutput`` when `file` is `nil`.
    ///
    /// - Parameters:
    ///   - samples: The image's samples at the encoder's bit depth.
    ///   - file: From ``open(protecting:)``.
    ///   - metadata: Colour chunks to copy.
    ///   - events: Where standard output goes.
    /// - Throws: `LayerFXPNG.PNGError` when encoding fails, `LayerFXFiles.AtomicFileError`
    ///   when writing the file does, and what ``RenderJobEvents/standardOutput`` throws.
    public func write(
      _ samples: PNGSamples, into file: PreparedFile?, metadata: PNGMetadata,
      events: RenderJobEvents
    ) throws {
      let bytes = try encoder.encode(samples, metadata: metadata, name: path)
      guard let file else { return try bytes.withUnsafeBytes(events.standardOutput) }
      try file.append(bytes)
      try file.commit()
    }
  }
}
