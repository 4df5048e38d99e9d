import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `grayscale` and `sepia` against their W3C matrices, written here in float64 entry by entry
/// as the spec's `feColorMatrix` equivalents give them (in terms of `[1 − amount]`).
@Suite struct W3CColorMatrixTests {
  /// The kernel and the spec's matrix at `amount`.
  struct Case: Sendable, CustomStringConvertible {
    let function: ShaderFunction
    let matrix: @Sendable (_ k: Double) -> [[Double]]
    var description: String { function.name }
  }

  /// The `grayscale()` matrix (https://www.w3.org/TR/filter-effects-1/#grayscaleEquivalent).
  static let grayscale = Case(function: .grayscale) { k in
    [
      [0.2126 + 0.7874 * k, 0.7152 - 0.7152 * k, 0.0722 - 0.0722 * k],
      [0.2126 - 0.2126 * k, 0.7152 + 0.2848 * k, 0.0722 - 0.0722 * k],
      [0.2126 - 0.2126 * k, 0.7152 - 0.7152 * k, 0.0722 + 0.9278 * k],
    ]
  }

  /// The `sepia()` matrix (https://www.w3.org/TR/filter-effects-1/#sepiaEquivalent).
  static let sepia = Case(function: .sepia) { k in
    [
      [0.393 + 0.607 * k, 0.769 - 0.769 * k, 0.189 - 0.189 * k],
      [0.349 - 0.349 * k, 0.686 + 0.314 * k, 0.168 - 0.168 * k],
      [0.272 - 0.272 * k, 0.534 - 0.534 * k, 0.131 + 0.869 * k],
    ]
  }

  static func reference(_ kernel: Case, amount: Double) -> (GoldenHarness.Color) ->
    GoldenHarness.Color
  {
    let matrix = kernel.matrix(1 - amount)
    return { GoldenHarness.straight($0) { GoldenHarness.apply(matrix, $0) } }
  }

  @Test(
    "matches the W3C matrix",
    arguments: [
      (grayscale, 0), (grayscale, 0.3), (grayscale, 1), (sepia, 0), (sepia, 0.5), (sepia, 1),
    ] as [(Case, Double)])
  func matchesW3CMatrix(kernel: Case, amount: Double) throws {
    try GoldenHarness.checkColorEffect(
      kernel.function(.float(Float(amount))), reference: Self.reference(kernel, amount: amount))
  }

  @Test(
    "matches the W3C matrix on a photo at the default",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage),
    arguments: [grayscale, sepia])
  func photo(kernel: Case) throws {
    try GoldenHarness.checkColorEffect(
      kernel.function(), reference: Self.reference(kernel, amount: 1), photo: true)
  }

  @Test("an amount above 1 is refused", arguments: [grayscale, sepia])
  func amountAboveOneIsRefused(kernel: Case) {
    #expect(throws: ShaderArgumentError.self) {
      try kernel.function(.float(1.5)).prepared(sizeInPoints: float2(1, 1))
    }
  }
}
