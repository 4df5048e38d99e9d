/// Returns the name among `candidates` nearest to `name`, for a "did you mean" hint: the one
/// with the smallest Levenshtein distance (ignoring case), if that distance is at most a third
/// of the longer name (and at least 1); the first such name on ties.
///
/// - Complexity: O(Σ |name| × |candidate|).
///
/// Source: V. I. Levenshtein, "Binary codes capable of correcting deletions, insertions, and
/// reversals", Soviet Physics Doklady 10 (1966); the two-row dynamic programme.
public func closestName(to name: String, among candidates: [String]) -> String? {
  let target = Array(name.lowercased())
  var best: (name: String, distance: Int)?
  for candidate in candidates {
    let letters = Array(candidate.lowercased())
    var previous = Array(0...letters.count)
    for (i, a) in target.enumerated() {
      var current = [i + 1] + [Int](repeating: 0, count: letters.count)
      for (j, b) in letters.enumerated() {
        current[j + 1] = Swift.min(
          previous[j + 1] + 1, current[j] + 1, previous[j] + (a == b ? 0 : 1))
      }
      previous = current
    }
    let distance = previous[letters.count]
    let allowed = Swift.max(1, Swift.max(target.count, letters.count) / 3)
    if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
  }
  return best?.name
}
