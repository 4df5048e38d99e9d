import LayerFXMath

extension Renderer {
  /// Renders `shader` over `image` straight into `destination`'s elements through `store`: no
  /// premultiplied `Float` image of the destination's size is made, only one scratch tile per
  /// worker (the largest tile's pixels, 16 bytes each).
  ///
  /// Each tile is shaded into its worker's scratch tile exactly as
  /// ``render(_:_:bounds:checksSampleBounds:into:)-(_,Image,_,_,_)`` would shade it into an
  /// image, then every row of it goes through `store`, so the elements equal `store` applied to
  /// that image, for every tile size and thread count.
  ///
  /// - Parameters:
  ///   - shader: The prepared shader.
  ///   - image: The source, premultiplied RGBA.
  ///   - bounds: The destination's extent.
  ///   - checksSampleBounds: Whether to record every sample against the shader's
  ///     `maxSampleOffset`, and count the output pixels that are NaN or ∞.
  ///   - store: Converts each run of rendered pixels into elements.
  ///   - destination: On return, the destination's elements, row-major; its storage is reused
  ///     when it has the destination's pixel count.
  /// - Returns: The bounds report when checking.
  /// - Complexity: O(width × height × kernel cost); allocates the elements (when `destination`
  ///   does not fit) and one scratch tile per worker.
  @discardableResult
  public func render<Element>(
    _ shader: PreparedShader, _ image: Image, bounds: OutputBounds = .source,
    checksSampleBounds: Bool = false, storing store: PixelStore<Element>,
    into destination: inout [Element]
  ) -> SampleBoundsReport? {
    withSource(of: shader, image, bounds: bounds) { source, size, margin, scale in
      render(
        shader, source, size: size, margin: margin, scale: scale,
        checksSampleBounds: checksSampleBounds, storing: store, into: &destination)
    }
  }

  /// Renders `shader` over a padded `layer` straight into `destination`'s elements through
  /// `store`, as ``render(_:_:bounds:checksSampleBounds:storing:into:)-(_,Image,_,_,_,_)`` does.
  ///
  /// - Parameters: As for that method; `layer` is the source padded by the offset the caller
  ///   chose.
  /// - Returns: The bounds report when checking.
  @discardableResult
  public func render<Element>(
    _ shader: PreparedShader, _ layer: Layer, bounds: OutputBounds = .source,
    checksSampleBounds: Bool = false, storing store: PixelStore<Element>,
    into destination: inout [Element]
  ) -> SampleBoundsReport? {
    withSource(of: shader, layer, bounds: bounds) { source, size, margin, scale in
      render(
        shader, source, size: size, margin: margin, scale: scale,
        checksSampleBounds: checksSampleBounds, storing: store, into: &destination)
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
          render(pass, layer, storing: store, into: &destination)
        }
      }
      // The checker records the one-pass original's samples over the passes' colours, which it
      // needs as an image.
      var image = Image(uninitializedWidth: 1, height: 1, scale: scale)
      let report = render(
        shader, passLayer, checksSampleBounds: true, into: &image)
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
