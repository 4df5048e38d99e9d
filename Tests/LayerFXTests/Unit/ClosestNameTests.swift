import LayerFX
import LayerFXMath
import Testing

/// The did-you-mean hint: optimal string alignment distance, at most a third of the longer name.
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
}
