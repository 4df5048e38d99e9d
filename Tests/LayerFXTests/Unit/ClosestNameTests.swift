import LayerFX
import LayerFXMath
import Testing

/// The did-you-mean hint: a name that starts with or contains what was typed, else the optimal
/// string alignment distance, at most a third of the longer name.
@Suite struct ClosestNameTests {
  @Test(
    "a name one edit away is suggested: a letter missing, extra, changed, or two swapped",
    arguments: [
      ("tme", "time"),  // one deletion
      ("timme", "time"),  // one insertion
      ("tyme", "time"),  // one substitution
      ("tiem", "time"),  // one transposition (Levenshtein alone counts 2)
      ("amplitdue", "amplitude"),  // one transposition in a long name
      ("RIPPLE", "ripple"),  // case is ignored
    ])
  func suggests(_ pair: (String, String)) {
    #expect(closestName(to: pair.0, among: ["speed", "time", "amplitude", "ripple"]) == pair.1)
  }

  @Test("nothing is suggested when every name is too far away")
  func tooFar() {
    // "xyz" to "time": 4 edits, more than a third of 4 letters (at least 1 allowed).
    #expect(closestName(to: "xyz", among: ["time", "decay"]) == nil)
    #expect(closestName(to: "bench", among: ["ripple", "apply", "list"]) == nil)
  }

  @Test("on a tie the first candidate wins")
  func tie() {
    #expect(closestName(to: "cat", among: ["bat", "hat"]) == "bat")
  }

  /// The output formats, in the order `--format` lists them.
  static let formats = ["png-sequence", "apng", "contact-sheet", "raw"]

  @Test(
    "a name that starts with or contains what was typed wins over a nearer misspelling",
    arguments: [
      // "png" is one insertion from "apng", but the start of "png-sequence".
      ("png", "png-sequence"),
      ("PNG", "png-sequence"),  // case is ignored
      ("png-seq", "png-sequence"),
      // Contained, not at the start: "sequence" is 4 deletions from "png-sequence", more than a
      // third of its 12 letters.
      ("sequence", "png-sequence"),
      ("sheet", "contact-sheet"),
    ])
  func stem(_ pair: (String, String)) {
    #expect(closestName(to: pair.0, among: Self.formats) == pair.1)
  }

  @Test("of several names starting with what was typed the shortest wins, then the first")
  func shortestStem() {
    #expect(closestName(to: "tim", among: ["timeline", "time", "tile"]) == "time")
    // "frames" and "framer" both have 6 letters.
    #expect(closestName(to: "fra", among: ["fraction", "frames", "framer"]) == "frames")
  }

  @Test("fewer than three letters are not a stem: only the edit distance counts")
  func shortStem() {
    // "ap" to "apng": 2 insertions, more than 1 (a third of 4 letters, at least 1).
    #expect(closestName(to: "ap", among: Self.formats) == nil)
    // "ra" to "raw": 1 insertion.
    #expect(closestName(to: "ra", among: Self.formats) == "raw")
  }
}
