import LayerFXMath

extension Renderer {
  /// Renders `request` straight into `destination`'s elements through `store`: no
  /// premultiplied `Float` image of the destination's size is made, only one scratch tile per
  /// worker (the largest tile's pixels, 16 bytes each).
  ///
  /// Each tile is shaded into its worker's scratch tile exactly as ``render(_:into:)`` would
  /// shade it into an image, then every row of it goes through `store`, so the elements equal
  /// `store` applied to that image, for every tile size and thread count.
  ///
  /// - Parameters:
  ///   - request: The shader, its source, the destination's extent, and whether to check
  ///     sample bounds, as for ``render(_:)``.
  ///   - store: Converts each run of rendered pixels into elements.
  ///   - destination: On return, the destination's elements, row-major,
  ///     ``RenderRequest/destinationSize`` pixels; its storage is reused when it has that
  ///     pixel count.
  /// - Returns: The bounds report when checking.
  /// - Precondition: As for ``render(_:)``.
  /// - Complexity: O(width × height × kernel cost); allocates the elements (when `destination`
  ///   does not fit) and one scratch tile per worker.
  @discardableResult
  public func render<Element>(
    _ request: RenderRequest, storing store: PixelStore<Element>,
    into destination: inout [Element]
  ) -> SampleBoundsReport? {
    request.withSource { source, size, margin, scale in
      render(
        request.shader, source, size: size, margin: margin, scale: scale,
        checksSampleBounds: request.checksSampleBounds, storing: store, into: &destination)
    }
  }

  private func render<Element>(
    _ shader: PreparedShader, _ source: TileSource, size: SIMD2<Int>, margin: SIMD2<Int>,
    scale: Float, checksSampleBounds: Bool, storing store: PixelStore<Element>,
    into destination: inout [Element]
  ) -> SampleBoundsReport? {
    if let passLayer = passSource(of: shader, source, margin: margin) {
      guard checksSampleBounds else {
        return renderPasses(shader, passLayer) { pass, layer in
          render(RenderRequest(pass, source: .layer(layer)), storing: store, into: &destination)
        }
      }
      // The checker records the one-pass original's samples over the passes' colours, which it
      // needs as an image.
      var image = Image(uninitializedWidth: 1, height: 1, scale: scale)
      let report = render(
        RenderRequest(shader, source: .layer(passLayer), checksSampleBounds: true), into: &image)
      destination = store.elements(of: image)
      return report
    }
    let count = size.x * size.y
    if destination.count != count {
      destination = [Element](unsafeUninitializedCapacity: count) { _, initialized in
        initialized = count
      }
    }
    let width = size.x
    return destination.withUnsafeMutableBufferPointer { buffer in
      let elements = TileBuffer(buffer)
      return renderTiles(
        shader, source, size: size, margin: margin, scale: scale,
        checksSampleBounds: checksSampleBounds,
        output: .stored { pass, columns, rows in
          pass.forEachRow(columns: columns, rows: rows) { pixels, y in
            elements.withPointer(at: y * width + columns.lowerBound, count: pixels.count) {
              store.convert(pixels, UnsafeMutableBufferPointer(start: $0, count: $1))
            }
          }
        })
    }
  }
}
