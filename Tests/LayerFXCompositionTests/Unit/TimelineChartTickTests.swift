import LayerFX
import LayerFXMath
import Testing

@testable import LayerFXComposition

/// The chart's tick labels stay short and its panel frames unbroken, whatever the values
/// (new-user trial 9: `--to 1e30 --step 1e29` and a track from 1e38 to −1e38 printed
/// 29-digit labels over each other and past the left edge; the frames had one-pixel gaps).
@Suite struct TimelineChartTickTests {
  // By hand: 1e30 / 8 intervals = 1.25e29, rounded up to the step 2e29; ticks 0 … 1e30, whose
  // digits from the largest's first to the step's are 2 (10³⁰ and 10²⁹).
  @Test("a time axis to 1e30 is labelled in exponent form: 0, 2e29, … 1e30")
  func hugeTimeAxis() {
    let ticks = TimelineChart.ticks(0, 1e30, targetCount: 8, extending: false)
    #expect(ticks.labels == ["0", "2e29", "4e29", "6e29", "8e29", "1e30"])
  }

  // By hand: 2e38 / 4 = 5e37, a step of 5 × 10³⁷; the axis extends to whole steps, ±1e38.
  @Test("a value axis from -1e38 to 1e38 is labelled -1e38 … 1e38 in steps of 5e37")
  func hugeValueAxis() {
    let ticks = TimelineChart.ticks(-1e38, 1e38, targetCount: 4, extending: true)
    #expect(ticks.labels == ["-1e38", "-5e37", "0", "5e37", "1e38"])
  }

  // CommandLine.md's chart: 0 … 2 s has a step of 0.25 rounded to 0.5, one decimal.
  @Test("ordinary axes keep their decimals: 0.0 … 2.0, and 5 … 20")
  func ordinaryAxes() {
    #expect(
      TimelineChart.ticks(0, 2, targetCount: 8, extending: false).labels == [
        "0.0", "0.5", "1.0", "1.5", "2.0",
      ])
    #expect(
      TimelineChart.ticks(5.3, 20, targetCount: 4, extending: true).labels == [
        "5", "10", "15", "20",
      ])
  }

  // The 2 × pixel font advances 8 pixels a character; the value labels end 6 pixels left of
  // the plot, which starts at x = 84.
  @Test("the extreme chart's labels fit left of its panels")
  func labelsFit() {
    let chart = TimelineChart(
      title: "t", times: [0, 1e29, 1e30],
      series: [.init(name: "a", unit: "points", values: [1e38, 0, -1e38])])
    for index in chart.series.indices {
      for label in chart.panel(index).ticks.labels {
        #expect((label.count * PixelFont.advance - 1) * 2 <= Int(TimelineChart.left) - 6)
      }
    }
  }

  // The frame's top row, from just right of its left edge to where the track (0 to 1, corner
  // to corner) reaches the top: every pixel the frame's grey. A step of 84 + 652 · (166 / 652)
  // = 249.99999999999997 left pixel 250 white.
  @Test("each panel's frame is drawn without gaps")
  func frameWithoutGaps() {
    let chart = TimelineChart(
      title: "t", times: [0, 1],
      series: [
        .init(name: "a", unit: "points", values: [0, 1]),
        .init(name: "b", unit: "points", values: [0, 1]),
      ])
    let image = chart.image
    for index in chart.series.indices {
      let top = Int(chart.panel(index).top)
      let gaps = (Int(TimelineChart.left) + 1..<700).filter {
        image.pixels[top * image.width + $0] != half4(0.5, 0.5, 0.5, 1)
      }
      #expect(gaps.isEmpty, "panel \(index): \(gaps)")
    }
  }
}
