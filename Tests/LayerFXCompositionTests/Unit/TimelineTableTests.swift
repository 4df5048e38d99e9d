import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

@Suite struct TimelineTableTests {
  @Test("sample times are from + i × step up to to, and too many rows give none")
  func times() {
    #expect(TimelineTable.times(from: 0, to: 0.1, step: 0.05) == [0, 0.05, 0.1])
    #expect(TimelineTable.times(from: 1, to: 1.5, step: 1) == [1])
    // 0…100 000 by 1 is 100 001 rows, one more than the most.
    #expect(TimelineTable.times(from: 0, to: 100_000, step: 1) == nil)
  }

  @Test("the CSV has a header of prefixed names and rows with 6 decimals")
  func csv() {
    let table = TimelineTable(
      timeline: KeyframeTimeline(constant: ParameterValues(names: ["a", "b"], values: [2, -0.5])),
      names: ["b"], prefix: "keyframes.", function: .ripple)
    #expect(
      table.csv(times: [0, 0.25]) == "time,keyframes.b\n0.000000,-0.500000\n0.250000,-0.500000")
    let chart = table.chart(title: "t", times: [0, 0.25])
    #expect(chart.series.map(\.name) == ["keyframes.b"])
    #expect(chart.series[0].values == [-0.5, -0.5])
  }
}
