import Foundation
import Testing

@testable import LayerFXTune

/// What file-based `layerfx tune` says about a save: the changed key paths and the notes on
/// values a keyframe track animates (issue 29).
@Suite struct ConfigLeavesTests {
  @Test("tune notes a changed value that a keyframe track animates")
  func overriddenNotes() {
    let document = """
      {"effects": [
        {"kernel": "ripple", "amplitude": 20, "keyframes": {"amplitude": [{"type": "linear"}]}},
        {"kernel": "wave", "speed": 3, "keyframes": {"speed": [{"type": "move"}]}},
        {"kernel": "sepia", "amount": 0.5}]}
      """
    let leaves = ConfigLeaves(Data(document.utf8))
    // Effect 0's track starts with a linear keyframe (from the value), effect 1's with a move
    // (the value is unused), effect 2 has no track: two notes, in the order given.
    #expect(
      leaves.overriddenNotes(
        changed: ["effects[0].amplitude", "effects[1].speed", "effects[2].amount"])
        == [
          "effects[0].amplitude is animated by its keyframe track effects[0].keyframes.amplitude; "
            + "the change only moves where the track starts",
          "effects[1].speed is overridden by its keyframe track effects[1].keyframes.speed, which "
            + "starts with a move; the change has no effect",
        ])
  }
}
