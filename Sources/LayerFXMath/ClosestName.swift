/// Returns the name among `candidates` nearest to `name`, for a "did you mean" hint: the one
/// with the smallest edit distance (ignoring case; insertions, deletions, substitutions and
/// swaps of two neighbouring letters each count 1), if that distance is at most a third of the
/// longer name (and at least 1); the first such name on ties.
///
/// - Complexity: O(Σ |name| × |candidate|) over the candidates within a third of `name`'s
///   length; O(|name|) for the others.
///
/// Source: the optimal string alignment distance: V. I. Levenshtein, "Binary codes capable of
/// correcting deletions, insertions, and reversals", Soviet Physics Doklady 10 (1966), with
/// F. J. Damerau's transpositions, "A technique for computer detection and correction of
/// spelling errors", Communications of the ACM 7 (1964).
public func closestName(to name: String, among candidates: [String]) -> String? {
  let target = Array(name.lowercased())
  var best: (name: String, distance: Int)?
  for candidate in candidates {
    let letters = Array(candidate.lowercased())
    let allowed = Swift.max(1, Swift.max(target.count, letters.count) / 3)
    // The distance is at least the difference in length: a name that long cannot be a
    // misspelling, and a huge one (a 10 MB key) is not aligned letter by letter.
    guard abs(target.count - letters.count) <= allowed else { continue }
    // Three rows of the dynamic programme: the one before last for transpositions.
    var beforePrevious = [Int](repeating: 0, count: letters.count + 1)
    var previous = Array(0...letters.count)
    for (i, a) in target.enumerated() {
      var current = [i + 1] + [Int](repeating: 0, count: letters.count)
      for (j, b) in letters.enumerated() {
        current[j + 1] = Swift.min(
          previous[j + 1] + 1, current[j] + 1, previous[j] + (a == b ? 0 : 1))
        if i > 0, j > 0, a == letters[j - 1], target[i - 1] == b {
          current[j + 1] = Swift.min(current[j + 1], beforePrevious[j - 1] + 1)
        }
      }
      beforePrevious = previous
      previous = current
    }
    let distance = previous[letters.count]
    if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
  }
  return best?.name
}
