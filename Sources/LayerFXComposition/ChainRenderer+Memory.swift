import LayerFX
import LayerFXMath

extension ChainRenderer {
  /// The memory estimate for rendering `passes` (``checkedPasses(at:pixelLimit:)``) over the
  /// input: the most passes and working images any frame has, and the most stored padding.
  ///
  /// - Parameters:
  ///   - passes: Each frame's passes.
  ///   - output: What the last pass writes.
  ///   - bitDepth: The output's bits per sample, 8 or 16.
  ///   - measuresDisplacement: Whether the displacement or bounds overlay measures the passes
  ///     (``storedPaddingTexels(of:image:measuresDisplacement:)``).
  /// - Returns: The estimate, with no frames in flight and no extra bytes (the caller adds
  ///   those its output holds).
  public func memory(
    of passes: [[PreparedShader]], output: RenderMemory.Output, bitDepth: Int,
    measuresDisplacement: Bool = false
  ) -> RenderMemory {
    let padding = passes.map {
      Self.storedPaddingTexels(of: $0, image: image, measuresDisplacement: measuresDisplacement)
    }
    return RenderMemory(
      width: image.width, height: image.height, bitDepth: bitDepth, output: output,
      passCount: passes.map(\.count).max() ?? 0,
      workingImages: passes.joined().map(\.workingImageCount).max() ?? 0,
      storedPaddingTexels: padding.max() ?? 0,
      threadCount: renderer.threadCount, tileSize: renderer.tileSize)
  }

  /// The texels of the padded copies one frame's `passes` hold at once: the first pass's (the
  /// input's layer keeps it for the next frame) and the largest of a later pass's (each made
  /// for its own render), for the passes that store their padding
  /// (`LayerFX.PreparedShader.storesPadding`).
  ///
  /// With the displacement or bounds overlay, each pass's map (`LayerFX.DisplacementMap`) makes a copy of its own, one pass at a time, while
  /// the first pass's is kept: the largest then counts the first pass too.
  ///
  /// - Parameters:
  ///   - passes: One frame's passes.
  ///   - image: The input.
  ///   - measuresDisplacement: Whether the overlays measure the passes' displacement.
  /// - Returns: Texels.
  public static func storedPaddingTexels(
    of passes: [PreparedShader], image: Image, measuresDisplacement: Bool = false
  ) -> Double {
    var first = 0.0
    var later = 0.0
    for (index, pass) in passes.enumerated() where pass.storesPadding && pass.kind != .color {
      let texels = paddedTexels(of: image, maxSampleOffset: pass.maxSampleOffset)
      if index == 0 { first = texels }
      if index > 0 || measuresDisplacement { later = max(later, texels) }
    }
    return first + later
  }

  /// `(width + 2 pad.x + 1) × (height + 2 pad.y + 1)` with `pad = ⌈maxSampleOffset × scale⌉`:
  /// the texels of a stored padded copy (`PaddedTexels`: the padded layer and one more column
  /// and row).
  ///
  /// - Parameters:
  ///   - image: The pass's source.
  ///   - maxSampleOffset: Points per axis.
  /// - Returns: Texels.
  public static func paddedTexels(of image: Image, maxSampleOffset: float2) -> Double {
    let pad = SIMD2<Double>(
      (Double(maxSampleOffset.x) * Double(image.scale)).rounded(.up),
      (Double(maxSampleOffset.y) * Double(image.scale)).rounded(.up))
    return (Double(image.width) + 2 * pad.x + 1) * (Double(image.height) + 2 * pad.y + 1)
  }
}
