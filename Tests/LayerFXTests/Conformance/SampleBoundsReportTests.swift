import Foundation
import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

// The bounds checker per Documentation/Semantics.md §4: a layer effect's samples and a distortion effect's
// returned positions must lie within maxSampleOffset of the pixel's position on each axis.
// The image is 10 × 6 at scale 1, so pixel (i, j) is at (i + 0.5, j + 0.5) and every offset below
// is exact in binary32.

@Suite("SampleBoundsReport")
struct SampleBoundsReportTests {
  let image = Image.testCard(width: 10, height: 6)
  let declared = float2(3, 3)

  private func render(
    _ kernel: EffectKernel, renderer: Renderer = Renderer(tileSize: 4, threadCount: 2)
  ) -> (image: Image, report: SampleBoundsReport?) {
    renderer.render(
      RenderRequest(
        PreparedShader(kernel, maxSampleOffset: declared),
        source: .layer(Layer(image, maxSampleOffset: declared)), checksSampleBounds: true))
  }

  @Test("a layer effect sampling 5 points right with maxSampleOffset 3 violates at every pixel")
  func everyPixelViolates() throws {
    let kernel = EffectKernel.layer { position, layer in layer.sample(position + float2(5, 0)) }
    let report = try #require(render(kernel).report)
    #expect(report.pixelCount == 60)  // 10 × 6
    #expect(report.sampleCount == 60)  // one sample per pixel
    #expect(report.violationCount == 60)
    #expect(report.violatingPixelCount == 60)
    #expect(report.nonFiniteSampleCount == 0)
    #expect(!report.isWithinBounds)
    #expect(report.declaredOffset == declared)
    #expect(report.largestOffset == float2(5, 0))  // |(x + 5) − x| = 5, |y − y| = 0
    #expect(report.overshoot == float2(2, 0))  // max(5 − 3, 0), max(0 − 3, 0)
    // Documented as the declared offset raised to the largest seen on each axis: (max(3, 5),
    // max(3, 0)).
    #expect(report.sufficientOffset == float2(5, 3))
    // The first eight in raster order are pixels (0, 0) … (7, 0) of the top row.
    #expect(report.firstViolations.count == SampleBoundsReport.firstViolationLimit)
    for (i, violation) in report.firstViolations.enumerated() {
      let x = Float(i) + 0.5
      #expect(violation.pixel == SIMD2(i, 0))
      #expect(violation.position == float2(x, 0.5))
      #expect(violation.sample == float2(x + 5, 0.5))
    }
    #expect(
      report.description.hasPrefix(
        "60 of 60 samples (at 60 of 60 pixels) beyond maxSampleOffset (3, 3)"))
    #expect(report.description.contains("first at pixel (0, 0)"))
  }

  @Test("the line rounds offsets and positions to 2 decimals and the sufficient offset up")
  func roundedText() throws {
    // Sampling 10/3 points right: every offset is 3.3333… (a Float's rounding may move the
    // 7th digit), 3.33 to 2 decimals; the overshoot 0.3333… rounded up is 0.34; pixel (0, 0)
    // at (0.5, 0.5) samples 3.8333…, 3.83; 3.3333… rounded up is 3.34, and y keeps the
    // declared 3.
    let kernel = EffectKernel.layer { position, layer in
      layer.sample(position + float2(10.0 / 3, 0))
    }
    let report = try #require(render(kernel).report)
    #expect(
      report.description
        == "60 of 60 samples (at 60 of 60 pixels) beyond maxSampleOffset (3, 3); largest offset "
        + "3.33, 0, overshoot 0.34, 0; first at pixel (0, 0) sampling 3.83, 0.5 from 0.5, 0.5; "
        + "maxSampleOffset 3.34, 3 would be enough")
  }

  @Test("the suggested offset, rounded up, declared in a second render leaves no violation")
  func suggestionIsEnough() throws {
    // An offset a few millionths above 4, as the water kernel's is: rounded to the nearest 2
    // decimals it would be 4, which is not enough; rounded up it is 4.01.
    let reach = Float(4.000004)
    let kernel = EffectKernel.layer { position, layer in
      layer.sample(position + float2(reach, -reach))
    }
    let first = try #require(render(kernel).report)
    #expect(first.description.hasSuffix("; maxSampleOffset 4.01, 4.01 would be enough"))
    let suggested = float2(4.01, 4.01)
    #expect(first.largestOffset.x > 4 && first.largestOffset.y > 4)
    let second = try #require(
      Renderer().render(
        RenderRequest(
          PreparedShader(kernel, maxSampleOffset: suggested),
          source: .layer(Layer(image, maxSampleOffset: suggested)), checksSampleBounds: true)
      ).report)
    #expect(second.isWithinBounds, "\(second)")
    // The nearest 2-decimal value, 4, is not enough: the rounding up is needed.
    let nearest = try #require(
      Renderer().render(
        RenderRequest(
          PreparedShader(kernel, maxSampleOffset: float2(4, 4)),
          source: .layer(Layer(image, maxSampleOffset: float2(4, 4))), checksSampleBounds: true)
      ).report)
    #expect(!nearest.isWithinBounds)
  }

  @Test("the report and the output are the same for every tile size and thread count")
  func reportIndependentOfTiling() throws {
    // Violates only on some pixels (the sampling distance grows with x and y), and samples twice.
    let kernel = EffectKernel.layer { position, layer in
      let reach = float2(position.x / 2, -position.y)
      return (layer.sample(position + reach) + layer.sample(position - float2(reach.y, reach.x)))
        * 0.5
    }
    let reference = render(kernel, renderer: Renderer(tileSize: 64, threadCount: 1))
    let expected = try #require(reference.report)
    // Hand count: sample 1 is offset by (|x / 2|, |y|), sample 2 by (|y|, |x / 2|), so both
    // violate exactly where x / 2 > 3 (x = 6.5 … 9.5, 4 columns) or y > 3 (y = 3.5 … 5.5, 3 rows).
    // Within bounds: the 6 × 3 block x < 6, y < 3; violating pixels 60 − 18 = 42, two each.
    #expect(expected.violatingPixelCount == 42)
    #expect(expected.violationCount == 84)
    #expect(expected.sampleCount == 120)
    #expect(expected.largestOffset == float2(5.5, 5.5))  // max(9.5 / 2, 5.5) on both axes
    for renderer in Renderer.tilingMatrix {
      let result = render(kernel, renderer: renderer)
      #expect(result.report == expected, "\(renderer.tilingDescription)")
      #expect(result.image.pixels == reference.image.pixels)
    }
  }

  @Test("first violations are in raster order, several samples of one pixel in call order")
  func firstViolationsOrder() throws {
    let kernel = EffectKernel.layer { position, layer in
      layer.sample(position + float2(0, 4)) + layer.sample(position - float2(4, 0))
    }
    for renderer in Renderer.tilingMatrix {
      let report = try #require(render(kernel, renderer: renderer).report)
      let samples = report.firstViolations.map { [$0.pixel.x, $0.pixel.y, Int($0.sample.x)] }
      // Pixel (0, 0) at (0.5, 0.5) samples (0.5, 4.5) then (−3.5, 0.5); Int truncates x.
      #expect(
        samples == [
          [0, 0, 0], [0, 0, -3], [1, 0, 1], [1, 0, -2], [2, 0, 2], [2, 0, -1],
          [3, 0, 3], [3, 0, 0],
        ])
    }
  }

  @Test("a kernel within maxSampleOffset is within bounds, offsets exactly at it included")
  func withinBounds() throws {
    let kernel = EffectKernel.layer { position, layer in
      layer.sample(position + float2(3, -1)) + layer.sample(position + float2(-1.5, 2))
    }
    let report = try #require(render(kernel).report)
    #expect(report.isWithinBounds)
    #expect(report.violationCount == 0 && report.violatingPixelCount == 0)
    #expect(report.firstViolations.isEmpty)
    #expect(report.sampleCount == 120)
    #expect(report.largestOffset == float2(3, 2))
    #expect(report.sufficientOffset == declared)
    #expect(
      report.description
        == "all 120 samples within maxSampleOffset (3, 3); largest offset 3, 2")
  }

  @Test("checking sample bounds does not change the output")
  func checkingKeepsOutput() {
    let shader = PreparedShader(
      .layer { position, layer in layer.sample(position + float2(5, sinf(position.x))) },
      maxSampleOffset: declared)
    let layer = Layer(image, maxSampleOffset: declared)
    for renderer in Renderer.tilingMatrix {
      let checked = renderer.render(
        RenderRequest(shader, source: .layer(layer), checksSampleBounds: true))
      let unchecked = renderer.render(RenderRequest(shader, source: .layer(layer)))
      #expect(checked.image.pixels == unchecked.image.pixels)
      #expect(unchecked.report == nil)
    }
  }

  @Test("NaN and infinite sample positions are counted as non-finite violations")
  func nonFiniteSamples() throws {
    // Even columns sample at NaN, odd columns at +∞ on y from column 5 on, others in bounds.
    let kernel = EffectKernel.layer { position, layer in
      let column = Int(position.x)
      if column % 2 == 0 { return layer.sample(float2(.nan, position.y)) }
      if column >= 5 { return layer.sample(float2(position.x, .infinity)) }
      return layer.sample(position + float2(1, 1))
    }
    let report = try #require(render(kernel).report)
    // Per row: columns 0, 2, 4, 6, 8 are NaN (5), columns 5, 7, 9 are infinite (3): 8 of 10.
    #expect(report.nonFiniteSampleCount == 48)
    #expect(report.violationCount == 48)
    #expect(report.violatingPixelCount == 48)
    // Only columns 1 and 3 give finite offsets, both (1, 1).
    #expect(report.largestOffset == float2(1, 1))
    #expect(report.firstViolations.first?.pixel == SIMD2(0, 0))
    #expect(report.firstViolations.first?.sample.x.isNaN == true)
    #expect(report.description.contains("48 samples at NaN or ∞"))
    // Pixel (0, 0), at (0.5, 0.5), sampled (NaN, 0.5); the suggested offset, the declared
    // (3, 3) as the finite samples reach only (1, 1), covers only the finite samples.
    #expect(report.description.contains("first at pixel (0, 0) sampling NaN, 0.5 from 0.5, 0.5"))
    #expect(
      report.description.contains(
        "maxSampleOffset 3, 3 would be enough for the finite samples; no maxSampleOffset "
          + "covers NaN or ∞"))
    // A negative NaN is written the same way (Swift prints it "-nan").
    let negative = EffectKernel.layer { position, layer in
      layer.sample(float2(-Float.nan, position.y))
    }
    let negativeReport = try #require(render(negative).report)
    #expect(negativeReport.description.contains("sampling NaN, 0.5"))
  }

  @Test("a distortion's returned position is checked against maxSampleOffset")
  func distortionChecked() throws {
    let kernel = EffectKernel.distortion { $0 + float2(0, -4) }
    let report = try #require(render(kernel).report)
    #expect(report.sampleCount == 60 && report.violationCount == 60)
    #expect(report.largestOffset == float2(0, 4))
    #expect(report.sufficientOffset == float2(3, 4))
  }

  @Test("a colour effect takes no samples and so is within bounds")
  func colorEffectHasNoSamples() throws {
    let report = try #require(render(.color { _, color in color }).report)
    #expect(report.pixelCount == 60 && report.sampleCount == 0 && report.isWithinBounds)
    // Says why there is nothing to report (new-user trial 14: "all 0 samples within …").
    let expected: String =
      "no samples in 60 pixels (colour effects and fills read no layer), none beyond "
      + "maxSampleOffset (3, 3)"
    #expect(report.description == expected)
  }

  @Test("the checker holds samples to the prepared shader's maxSampleOffset, also when set")
  func checksAgainstPreparedOffset() throws {
    // Sampling 5 points right: beyond an offset of 3, within one of 5 (offsets at it included).
    let kernel = EffectKernel.layer { position, layer in layer.sample(position + float2(5, 0)) }
    var shader = PreparedShader(kernel, maxSampleOffset: declared)
    let tight = try #require(
      Renderer().render(RenderRequest(shader, source: .image(image), checksSampleBounds: true))
        .report)
    #expect(tight.declaredOffset == float2(3, 3))
    #expect(tight.violationCount == 60)
    shader.maxSampleOffset = float2(5, 0)
    let enough = try #require(
      Renderer().render(RenderRequest(shader, source: .image(image), checksSampleBounds: true))
        .report)
    #expect(enough.declaredOffset == float2(5, 0))
    #expect(enough.isWithinBounds && enough.sampleCount == 60)
    #expect(enough.largestOffset == float2(5, 0))
  }
}
