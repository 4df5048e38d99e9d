/// A request to the tune API that is not what the contract says (not the config inside it,
/// which ``TuneRenderer`` decodes with the config decoder): 400 with the key named.
struct TuneRequestError: Error, Equatable {
  /// The request's key (`time`, `width`, `overlays[1]`), empty for the whole body.
  let path: String
  /// The problem.
  let reason: String

  /// One line: `request: KEY: problem`.
  var message: String { path.isEmpty ? "request: \(reason)" : "request: \(path): \(reason)" }
}
