import LayerFXMath
import Testing

@testable import LayerFX

/// Renders a layer effect with a second lane form (a stencil's texels, offset taps' planes)
/// beside its body's bilinear lanes, and compares the two bit for bit.
enum LayerLaneForms {
  /// Renders `kernel` over `image` (padded by `maxSampleOffset`, the kernel's own by default)
  /// with `lanes`, or with its body's bilinear lanes when `lanes` is `nil`.
  static func render<K: LayerEffect>(
    _ kernel: K, _ image: Image, lanes: LaneKernel?, maxSampleOffset: float2? = nil,
    tileSize: Int? = nil, threads: Int = 1
  ) -> Image {
    let closure = EffectKernel.layer { kernel.shade(position: Vector2<Float>($0), layer: $1).simd }
    let prepared = LaneWidthTests.prepared(
      closure, lanes ?? .layer { row in row.shade(kernel, lanes: FloatLanes16.self) },
      maxSampleOffset ?? kernel.maxSampleOffset)
    return Renderer(tileSize: tileSize, threadCount: threads).render(
      RenderRequest(prepared, source: .image(image))
    ).image
  }

  /// Expects `lanes` to render `image` as the body's bilinear lanes do, bit for bit, in each of
  /// `tilings` (tile edge or bands, threads), with the layer padded by each of `offsets` (the
  /// kernel's own and none by default).
  static func expectBilinearBits<K: LayerEffect>(
    _ kernel: K, _ image: Image, lanes: LaneKernel, _ label: String,
    offsets: [float2]? = nil, tilings: [(Int?, Int)] = [(nil, 1), (7, 2), (64, 2)]
  ) {
    for offset in offsets ?? [kernel.maxSampleOffset, .zero] {
      let expected = render(kernel, image, lanes: nil, maxSampleOffset: offset)
      for (tileSize, threads) in tilings {
        let actual = render(
          kernel, image, lanes: lanes, maxSampleOffset: offset, tileSize: tileSize,
          threads: threads)
        let difference = firstDifference(actual, expected)
        #expect(difference == nil, "\(label), offset \(offset), tile \(tileSize ?? 0)")
      }
    }
  }

  /// The first pixel (x, y) where two renders differ in any channel's bit pattern (so that NaN
  /// and the sign of zero compare too), or `nil`.
  static func firstDifference(_ a: Image, _ b: Image) -> SIMD2<Int>? {
    let index = a.pixels.indices.first { i in
      (0..<4).contains { a.pixels[i][$0].bitPattern != b.pixels[i][$0].bitPattern }
    }
    return index.map { SIMD2($0 % a.width, $0 / a.width) }
  }

  /// `body` of the run of `count` pixels (the image's width by default) from `column` of row
  /// `row`, over a layer of `image` padded by `padding` points.
  static func withRow<Result>(
    _ image: Image, padding: Float, row: Int, column: Int, count: Int?, margin: SIMD2<Int>,
    _ body: (LayerRow) -> Result
  ) -> Result {
    let count = count ?? image.width
    let destination = UnsafeMutablePointer<half4>.allocate(capacity: count)
    defer { destination.deallocate() }
    return body(
      LayerRow(
        layer: Layer(image, maxSampleOffset: float2(repeating: padding)),
        run: RowRun(
          destination: destination, count: count, column: column, row: row, margin: margin,
          scale: image.scale)))
  }
}
