import Foundation

/// A chart of keyframe tracks over time, as an SVG document a person can read.
///
/// Layout: a title, a legend (one colour per track), then one panel per track, stacked and
/// sharing the time axis. Each panel has its own value axis in the track's unit, with round
/// ticks (1, 2 or 5 × 10ⁿ) covering the track's range, so a track in points and one in
/// seconds are both readable; the time axis is labelled under the last panel. Each track is
/// one `<polyline>` through its sampled values.
///
/// Source: the tick rule is Heckbert's "nice numbers", Graphics Gems (1990), "Nice Numbers
/// for Graph Labels"; SVG 1.1 (W3C), §9.7 `polyline`.
public struct TimelineChart: Sendable {
  /// One track: a name, a unit and a value per sample time.
  public struct Series: Sendable {
    /// The track's name, such as `amplitude`.
    public var name: String
    /// The unit its values are in, such as `points`; empty for none.
    public var unit: String
    /// One value per sample time.
    public var values: [Double]

    /// Creates a track.
    public init(name: String, unit: String, values: [Double]) {
      self.name = name
      self.unit = unit
      self.values = values
    }
  }

  /// The chart's heading, such as the file name.
  public var title: String
  /// Sample times in seconds, increasing.
  public var times: [Double]
  /// The tracks, each with one value per time.
  public var series: [Series]

  /// Creates a chart.
  ///
  /// - Parameters:
  ///   - title: The heading.
  ///   - times: Sample times, seconds, increasing.
  ///   - series: The tracks, each with one value per time.
  public init(title: String, times: [Double], series: [Series]) {
    self.title = title
    self.times = times
    self.series = series
  }

  static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"]
  static let width = 760.0
  static let left = 84.0
  static let right = 24.0
  static let firstPanelTop = 92.0
  static let panelHeight = 150.0
  static let panelGap = 44.0

  /// An axis's span, its round ticks and their labels.
  typealias Ticks = (lower: Double, upper: Double, values: [Double], labels: [String])

  /// The plot's width, between the value labels and the right margin.
  static let plotWidth = width - left - right

  /// The bottom of the last panel.
  var panelsBottom: Double {
    Self.firstPanelTop + Double(series.count) * (Self.panelHeight + Self.panelGap) - Self.panelGap
  }

  /// The x of a time, and the time axis's round ticks (``ticks(_:_:targetCount:extending:)``).
  var timeAxis: (x: (Double) -> Double, ticks: Ticks) {
    let start = times.first ?? 0
    let end = times.last ?? 1
    let x = { (t: Double) -> Double in
      Self.left + (end > start ? (t - start) / (end - start) : 0) * Self.plotWidth
    }
    return (x, Self.ticks(start, end, targetCount: 8, extending: false))
  }

  /// Panel `index`'s top and bottom, its value axis's round ticks (extended to whole steps) and
  /// the y of a value; a flat or non-finite span puts values mid-panel.
  func panel(_ index: Int) -> (
    top: Double, bottom: Double,
    ticks: Ticks, y: (Double) -> Double
  ) {
    let track = series[index]
    let top = Self.firstPanelTop + Double(index) * (Self.panelHeight + Self.panelGap)
    let bottom = top + Self.panelHeight
    let ticks = Self.ticks(
      track.values.min() ?? 0, track.values.max() ?? 0, targetCount: 4, extending: true)
    let (low, high) = (ticks.lower, ticks.upper)
    let y = { (v: Double) -> Double in
      let fraction = high > low ? (v - low) / (high - low) : 0.5
      return bottom - (fraction.isFinite ? fraction : 0.5) * Self.panelHeight
    }
    return (top, bottom, ticks, y)
  }

  /// The SVG document.
  public var svg: String {
    let plotWidth = Self.plotWidth
    let panelsBottom = self.panelsBottom
    let height = panelsBottom + 60
    let (x, timeTicks) = timeAxis

    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Self.number(Self.width))" "#
        + #"height="\#(Self.number(height))" viewBox="0 0 \#(Self.number(Self.width)) "#
        + #"\#(Self.number(height))" font-family="sans-serif" font-size="12">"#,
      #"<rect width="100%" height="100%" fill="white"/>"#,
      #"<text x="\#(Self.number(Self.left))" y="28" font-size="16" font-weight="bold">"#
        + "\(Self.escape(title))</text>",
    ]
    var legendX = Self.left
    for (index, track) in series.enumerated() {
      let colour = Self.palette[index % Self.palette.count]
      lines.append(
        #"<line x1="\#(Self.number(legendX))" y1="52" x2="\#(Self.number(legendX + 24))" "#
          + #"y2="52" stroke="\#(colour)" stroke-width="3"/>"#)
      lines.append(
        #"<text x="\#(Self.number(legendX + 30))" y="56">\#(Self.escape(track.name))</text>"#)
      legendX += 30 + 7.5 * Double(track.name.count) + 24
    }

    for (index, track) in series.enumerated() {
      let colour = Self.palette[index % Self.palette.count]
      let (top, bottom, valueTicks, y) = panel(index)
      lines.append(
        #"<text x="\#(Self.number(Self.left))" y="\#(Self.number(top - 10))" fill="\#(colour)" "#
          + #"font-weight="bold">\#(Self.escape(track.name)) (\#(Self.escape(track.unit)))</text>"#)
      for (tick, label) in zip(valueTicks.values, valueTicks.labels) {
        let ty = Self.number(y(tick))
        lines.append(
          #"<line x1="\#(Self.number(Self.left))" y1="\#(ty)" "#
            + #"x2="\#(Self.number(Self.left + plotWidth))" y2="\#(ty)" stroke="rgb(228,228,228)"/>"#
        )
        lines.append(
          #"<text x="\#(Self.number(Self.left - 6))" y="\#(Self.number(y(tick) + 4))" "#
            + #"text-anchor="end">\#(label)</text>"#)
      }
      for tick in timeTicks.values {
        let tx = Self.number(x(tick))
        lines.append(
          #"<line x1="\#(tx)" y1="\#(Self.number(top))" x2="\#(tx)" y2="\#(Self.number(bottom))" "#
            + #"stroke="rgb(228,228,228)"/>"#)
      }
      lines.append(
        #"<rect x="\#(Self.number(Self.left))" y="\#(Self.number(top))" "#
          + #"width="\#(Self.number(plotWidth))" height="\#(Self.number(Self.panelHeight))" "#
          + #"fill="none" stroke="gray"/>"#)
      let points = zip(times, track.values).map { "\(Self.number(x($0))),\(Self.number(y($1)))" }
      lines.append(
        #"<polyline fill="none" stroke="\#(colour)" stroke-width="2" "#
          + #"points="\#(points.joined(separator: " "))"><title>\#(Self.escape(track.name))"#
          + "</title></polyline>")
    }

    for (tick, label) in zip(timeTicks.values, timeTicks.labels) {
      lines.append(
        #"<text x="\#(Self.number(x(tick)))" y="\#(Self.number(panelsBottom + 18))" "#
          + #"text-anchor="middle">\#(label)</text>"#)
    }
    lines.append(
      #"<text x="\#(Self.number(Self.left + plotWidth / 2))" "#
        + #"y="\#(Self.number(panelsBottom + 44))" text-anchor="middle">time (seconds)</text>"#)
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Returns round ticks for `lower…upper`, with their labels (`tickLabels(_:step:)`).
  ///
  /// The step is 1, 2 or 5 × 10ⁿ, giving about `targetCount` intervals. With `extending`, the
  /// range grows to whole steps (value axes); otherwise the ticks stay inside it (the time
  /// axis, whose ends the user chose). A flat range is widened by 10 % of its value (at least
  /// 1) each way.
  static func ticks(
    _ lower: Double, _ upper: Double, targetCount: Double, extending: Bool
  ) -> Ticks {
    var (lower, upper) = (lower, upper)
    if upper - lower <= 1e-12 * max(abs(lower), abs(upper)) {
      let pad = max(abs(lower) * 0.1, 1)
      (lower, upper) = (lower - pad, upper + pad)
    }
    let raw = (upper - lower) / targetCount
    guard raw.isFinite, raw > 0 else { return (lower, upper, [], []) }
    let magnitude = pow(10, (log10(raw)).rounded(.down))
    let fraction = raw / magnitude
    let step = magnitude * (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10)
    let first = extending ? (lower / step).rounded(.down) : (lower / step - 1e-9).rounded(.up)
    let last = extending ? (upper / step).rounded(.up) : (upper / step + 1e-9).rounded(.down)
    guard first.isFinite, last.isFinite, last - first <= 100 else {
      return (lower, upper, [], [])
    }
    let values = stride(from: first, through: last, by: 1).map { $0 * step }
    let labels = tickLabels(values, step: step)
    return extending
      ? (first * step, last * step, values, labels) : (lower, upper, values, labels)
  }

  /// A coordinate with two decimals.
  private static func number(_ value: Double) -> String { value.fixed(2) }

  /// `text` with XML's special characters escaped.
  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
