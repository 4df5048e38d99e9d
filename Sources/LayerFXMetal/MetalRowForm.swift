/// The two forms a stitchable function's row function can take when the transform gives it a
/// lane form (``MetalLaneForm``): the same pixels, bit for bit, at different speeds.
///
/// `scalar` is the pixel loop over the shader's call, vectorised across pixels by clang's loop
/// vectoriser where it can be; `lanes` calls the lane form once per 16 pixels. Which one runs
/// is chosen per function (``MetalFormChoice``). Sources/LayerFXMetal/README.md, "Which form runs".
enum MetalRowForm: String, Sendable, Hashable {
  case scalar
  case lanes

  /// The other form.
  var other: MetalRowForm { self == .scalar ? .lanes : .scalar }
}
