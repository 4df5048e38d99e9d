import Foundation
import LayerFXAnimation
import LayerFXComposition
import Testing

/// Issue 13, class 6: a key given twice in a config document is an error, not "the first
/// wins" (RFC 8259 §4: names SHOULD be unique; which value a parser keeps is undefined).
@Suite struct DuplicateKeyTests {
  private func decode(_ json: String) throws(ConfigError) -> KeyframesConfig {
    try KeyframesConfig(
      data: Data(json.utf8), file: "k.json",
      initialValue: ParameterValues(["time": 0, "amplitude": 12]),
      clock: "time")
  }

  @Test("a track given twice is refused with its line")
  func duplicateTrack() throws {
    let json = """
      {"version": 1, "keyframes": {
        "amplitude": [{"type": "move", "value": 1}],
        "amplitude": [{"type": "move", "value": 2}]}}
      """
    let error = try #require(throws: ConfigError.self) { try decode(json) }
    let message = "\(error)"
    #expect(message.hasPrefix("k.json: invalid JSON: line 3, "))
    #expect(message.contains("duplicate object key"))
  }

  @Test("a keyframe field given twice is refused; distinct keys still decode")
  func duplicateField() throws {
    let twice =
      #"{"version": 1, "keyframes": {"amplitude": [{"type": "move", "value": 1, "value": 2}]}}"#
    #expect(throws: ConfigError.self) { try decode(twice) }
    let once = #"{"version": 1, "keyframes": {"amplitude": [{"type": "move", "value": 1}]}}"#
    #expect(try decode(once).animatedNames.contains("amplitude"))
  }
}
