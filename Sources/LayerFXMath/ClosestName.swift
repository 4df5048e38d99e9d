/// Returns the name among `candidates` nearest to `name`, for a "did you mean" hint.
///
/// Case is ignored throughout. In order of preference:
/// 1. a name that starts with `name` (`png` → `png-sequence`), when `name` has at least three
///    letters: what was typed is the start of what was meant;
/// 2. a name that contains `name` (`sequence` → `png-sequence`), with the same three letters;
/// 3. the name with the smallest edit distance (insertions, deletions, substitutions and swaps
///    of two neighbouring letters each count 1), if that distance is at most a third of the
///    longer name (and at least 1).
///
/// Within the first two the shortest name wins (the fewest letters left out); on ties, in all
/// three, the first.
///
/// - Complexity: O(Σ |name| × |candidate|) over the candidates at least as long as `name` for
///   the first two, and over those within a third of `name`'s length for the third; O(|name|)
///   for the others.
///
/// Source: the optimal string alignment distance: V. I. Levenshtein, "Binary codes capable of
/// correcting deletions, insertions, and reversals", Soviet Physics Doklady 10 (1966), with
/// F. J. Damerau's transpositions, "A technique for computer detection and correction of
/// spelling errors", Communications of the ACM 7 (1964).
public func closestName(to name: String, among candidates: [String]) -> String? {
  let target = Array(name.lowercased())
  let names = candidates.map { Array($0.lowercased()) }
  if target.count >= 3 {
    let stems: [([Character]) -> Bool] = [{ $0.starts(with: target) }, { $0.contains(target) }]
    for isMatch in stems {
      let matches = names.indices.filter { isMatch(names[$0]) }
      if let shortest = matches.min(by: { names[$0].count < names[$1].count }) {
        return candidates[shortest]
      }
    }
  }
  var best: (index: Int, distance: Int)?
  for (index, letters) in names.enumerated() {
    let allowed = Swift.max(1, Swift.max(target.count, letters.count) / 3)
    // The distance is at least the difference in length: a name that long cannot be a
    // misspelling, and a huge one (a 10 MB key) is not aligned letter by letter.
    guard abs(target.count - letters.count) <= allowed else { continue }
    let distance = alignmentDistance(target, letters)
    if distance <= allowed, distance < (best?.distance ?? .max) { best = (index, distance) }
  }
  return best.map { candidates[$0.index] }
}

/// The optimal string alignment distance from `target` to `letters`.
private func alignmentDistance(_ target: [Character], _ letters: [Character]) -> Int {
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
  return previous[letters.count]
}
