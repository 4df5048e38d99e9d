import CReference
import LayerFX

/// The C reference's copy of a padded layer: the same texels and padding as the Swift
/// ``LayerFX/Layer`` it mirrors, owned here and freed on deinit.
final class ReferenceLayer {
  private(set) var layer = lfx_layer()

  /// Builds the C layer of `image` with `padding` pixels per side, or returns `nil` when the
  /// memory cannot be allocated.
  init?(_ image: Image, padding: SIMD2<Int>) {
    let status = image.pixels.withUnsafeBufferPointer { pixels in
      pixels.withMemoryRebound(to: Float.self) { floats in
        lfx_layer_init(
          &layer, floats.baseAddress, Int32(image.width), Int32(image.height), image.scale,
          Int32(padding.x), Int32(padding.y))
      }
    }
    guard status == 0 else { return nil }
  }

  deinit { lfx_layer_destroy(&layer) }
}
