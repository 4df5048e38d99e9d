/// What the cache keeps about a unit's lane form beside the compiled objects (`KEY.lanes`,
/// ``MetalCompiler/laneRecord(unit:source:signatures:binary16:)``): the form, clang's
/// vectoriser verdict on each of its functions and, once measured, which form ran faster
/// (``MetalFormChoice``), so a repeat compile or run pays for neither again.
struct MetalLaneRecord: Sendable {
  /// The unit's lane form; `nil` for none (the transform does not handle the file, or clang
  /// refused the form).
  var form: MetalLaneForm?
  /// Per function of ``form``, the form clang's verdict gives it.
  ///
  /// `lanes` when the loop vectoriser reported the scalar row loop not vectorised, else
  /// `scalar`. Empty for a form just made, whose scalar compile has not yet run.
  var verdicts: [String: MetalRowForm] = [:]
  /// Per function of ``form``, the form the timed trial found faster, once it ran.
  var measured: [String: MetalRowForm] = [:]

  /// Whether the verdicts are known (a form just made has none yet).
  var hasVerdicts: Bool { form == nil || !verdicts.isEmpty }

  /// The record as cached: empty for no form; else a first line of one `NAME=VERDICT` or
  /// `NAME=VERDICT/MEASURED` entry per function (sorted, separated by spaces), then the form's
  /// text.
  var encoded: String {
    guard let form else { return "" }
    let entries = form.functions.sorted().map { name in
      let verdict = verdicts[name] ?? .lanes
      return "\(name)=\(verdict.rawValue)" + (measured[name].map { "/\($0.rawValue)" } ?? "")
    }
    return entries.joined(separator: " ") + "\n" + form.text
  }

  /// A record with `form`, nothing known of its functions yet.
  init(form: MetalLaneForm?) {
    self.form = form
  }

  /// The record ``encoded`` wrote, or `nil` for text it cannot have written (an entry
  /// without a verdict, a form without functions).
  init?(decoding text: String) {
    guard !text.isEmpty else { return }
    guard let newline = text.firstIndex(of: "\n") else { return nil }
    var functions: Set<String> = []
    for entry in text[..<newline].split(separator: " ") {
      let parts = entry.split(separator: "=", omittingEmptySubsequences: false)
      guard parts.count == 2 else { return nil }
      let forms = parts[1].split(separator: "/", omittingEmptySubsequences: false)
      let name = String(parts[0])
      guard !name.isEmpty, forms.count <= 2,
        let verdict = MetalRowForm(rawValue: String(forms[0]))
      else { return nil }
      verdicts[name] = verdict
      if forms.count == 2 {
        guard let winner = MetalRowForm(rawValue: String(forms[1])) else { return nil }
        measured[name] = winner
      }
      functions.insert(name)
    }
    guard !functions.isEmpty else { return nil }
    form = MetalLaneForm(text: String(text[text.index(after: newline)...]), functions: functions)
  }
}
