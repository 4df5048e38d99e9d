import CPNGShim

extension PNGMetadata {
  /// Refuses a chunk whose name is not in ``colorChunkNames``.
  ///
  /// - Parameter name: The output's name, for the message.
  /// - Throws: ``PNGError/cannotEncode(path:message:)``.
  func checkCopyable(name: String) throws(PNGError) {
    for chunk in colorChunks where !Self.colorChunkNames.contains(chunk.name) {
      throw .cannotEncode(
        path: name, message: "\(chunk.name) is not a colour chunk that can be copied")
    }
  }

  /// Calls `body` with the colour chunks as the shim's descriptors (name, offset, size) over
  /// one buffer holding every chunk's data, in order.
  func withChunkDescriptors<Result>(
    _ body: (UnsafeBufferPointer<lfx_png_chunk>, UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    var descriptors: [lfx_png_chunk] = []
    var chunkData: [UInt8] = []
    for chunk in colorChunks {
      let letters = Array(chunk.name.utf8)
      descriptors.append(
        lfx_png_chunk(
          name: (letters[0], letters[1], letters[2], letters[3]), offset: chunkData.count,
          size: chunk.data.count))
      chunkData.append(contentsOf: chunk.data)
    }
    return descriptors.withUnsafeBufferPointer { chunks in
      chunkData.withUnsafeBufferPointer { data in body(chunks, data) }
    }
  }
}
