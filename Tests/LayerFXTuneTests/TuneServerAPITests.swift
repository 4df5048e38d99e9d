import Foundation
import LayerFX
import LayerFXComposition
import LayerFXTestSupport
import Testing

@testable import LayerFXTune

/// The tune API: renders, bad parameters, render errors, saves and the file's events
/// (Documentation/TunePage.md, "API").
@Suite("Tune server API")
struct TuneServerAPITests {
  /// A ripple document with `effect`'s members (JSON text) after its kernel.
  static func ripple(_ effect: String = "") -> String {
    #"{"version": 1, "input": "testcard:64x36", "effects": [{"kernel": "ripple"\#(effect)}]}"#
  }

  /// The inode number of the file at `path`.
  static func inode(_ path: String) throws -> Int {
    let number = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber]
    return (number as? NSNumber)?.intValue ?? -1
  }

  @Test("a render at width 32 of a 64 × 36 input answers a 32 × 18 PNG with its render time")
  func render() throws {
    let fixture = try TuneServerFixture()
    let response = try fixture.render(
      Self.ripple(#", "amplitude": 8"#), #", "time": 0.5, "width": 32"#)
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "image/png")
    #expect(Double(response.headers["x-layerfx-render-ms"] ?? "") != nil)
    // PNG: the 8-byte signature, then IHDR's length, type, and width and height big-endian
    // (PNG specification §5.2, §11.2.2).
    let bytes = [UInt8](response.body)
    #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let word = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    #expect(word(16) == 32)
    #expect(word(20) == 18)
    // 0 is a time (JSONSerialization on Linux gives 0 and false alike as NSNumber).
    #expect(try fixture.render(Self.ripple(), #", "time": 0, "width": 1"#).status == 200)
  }

  @Test("a width above the input's answers the input's own size: a preview is never enlarged")
  func widthAboveInput() throws {
    let fixture = try TuneServerFixture()
    let response = try fixture.render(Self.ripple(), #", "time": 0.5, "width": 4096"#)
    #expect(response.status == 200)
    // IHDR's width and height, big-endian at bytes 16 and 20 (PNG specification §11.2.2).
    let bytes = [UInt8](response.body)
    let word = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    #expect(bytes.count > 24 && word(16) == 64 && word(20) == 36)
  }

  @Test("the bounds checker's line and suggested offset come as headers when it runs")
  func bounds() throws {
    let fixture = try TuneServerFixture()
    let config =
      #"{"version": 1, "input": "testcard:64x36", "effects": [{"kernel": "ripple", "amplitude": 5}], "debug": {"checkBounds": true}}"#
    let response = try fixture.render(config, #", "time": 0.2"#)
    #expect(response.status == 200)
    #expect(response.headers["x-layerfx-bounds"]?.contains("maxSampleOffset") == true)
    // The ripple declares maxSampleOffset = (|amplitude|, |amplitude|) (Ripple.swift in
    // LayerFXKernels), which covers its samples: the suggestion is the declared offset.
    #expect(response.headers["x-layerfx-suggested-max-sample-offset"] == "5,5")
  }

  @Test(
    "an invalid value answers 400 naming its key, never a crash",
    arguments: [
      (#", "decay": -1"#, "effects[0].decay"),
      (#", "amplitude": "NaN""#, "effects[0].amplitude"),
      (#", "amplitude": 1e39"#, "effects[0].amplitude"),
      (#", "amplitud": 3"#, "effects[0].amplitud"),
      (#", "amplitude": "loud""#, "effects[0].amplitude"),
    ])
  func invalidValue(effect: String, path: String) throws {
    let fixture = try TuneServerFixture()
    let response = try fixture.render(Self.ripple(effect))
    #expect(response.status == 400)
    #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
    #expect(response.json["path"] as? String == path)
    let message = response.json["error"] as? String ?? ""
    #expect(message.contains(path))
    #expect(!message.contains("\n"))
    // The server still answers.
    #expect(try fixture.request("/api/state").status == 200)
  }

  @Test(
    "a request that is not what the API takes answers 400 naming its key",
    arguments: [
      (#"{"config": \#(TuneServerAPITests.ripple()), "time": -1}"#, "time"),
      (#"{"config": \#(TuneServerAPITests.ripple()), "time": false}"#, "time"),
      (#"{"config": \#(TuneServerAPITests.ripple()), "width": 0}"#, "width"),
      (#"{"config": \#(TuneServerAPITests.ripple()), "width": 10.5}"#, "width"),
      (#"{"config": \#(TuneServerAPITests.ripple()), "overlays": ["sparkles"]}"#, "overlays[0]"),
      (#"{"config": \#(TuneServerAPITests.ripple()), "speed": 1}"#, "speed"),
      (#"{"config": 3}"#, "config"),
      (#"{"config": {"#, nil),
      (#"[1, 2]"#, nil),
    ] as [(String, String?)])
  func invalidRequest(body: String, path: String?) throws {
    let fixture = try TuneServerFixture()
    let response = try fixture.request("/api/render", method: "POST", json: body)
    #expect(response.status == 400)
    #expect(response.json["path"] as? String == path)
    #expect((response.json["error"] as? String)?.hasPrefix("request: ") == true)
  }

  @Test("a repeated key or broken JSON answers 400 with Jansson's line and column")
  func invalidJSON() throws {
    let fixture = try TuneServerFixture()
    // `{"time": 1, "time"` is 18 characters: Jansson reports the repeated key where it ends.
    let repeated = try fixture.request(
      "/api/render", method: "POST", json: #"{"time": 1, "time": 2}"#)
    #expect(repeated.status == 400)
    #expect(
      repeated.json["error"] as? String
        == #"request: invalid JSON: line 1, column 18: duplicate object key near '"time"'"#)
    // A key repeated inside the config is the body's fault too, not the key `config`'s.
    let inConfig = try fixture.request(
      "/api/render", method: "POST",
      json: "{\"config\": {\"version\": 1,\n\"version\": 1}}")
    #expect(inConfig.status == 400)
    #expect(inConfig.json["path"] as? String == nil)
    #expect(
      (inConfig.json["error"] as? String)?.hasPrefix(
        "request: invalid JSON: line 2, column 9: duplicate object key") == true)
  }

  @Test("a number beyond Double or rounding to 0 is named at its key, in the request or config")
  func numberOutOfRange() throws {
    let fixture = try TuneServerFixture()
    // JSONSerialization refuses 1e400 (beyond 1.7976931348623157e308, binary64's largest):
    // this answered "the body is not a JSON object" (trial 17).
    let time = try fixture.render(Self.ripple(), #", "time": 1e400"#)
    #expect(time.status == 400)
    #expect(time.json["path"] as? String == "time")
    #expect(
      time.json["error"] as? String
        == "request: time: 1e400 overflows Double (largest 1.7976931348623157e+308)")
    // Jansson reads 1e-400 as 0 and wrote it back so: this answered "scale: 0 is outside
    // 0.0009765625…1024", where `layerfx config check` names 1e-400.
    let scale = try fixture.render(
      #"{"version": 1, "input": "testcard:64x36", "scale": 1e-400}"#)
    #expect(scale.status == 400)
    #expect(scale.json["path"] as? String == "scale")
    #expect(
      (scale.json["error"] as? String)?.hasSuffix(
        ": scale: 1e-400 underflows Float to 0 (smallest 1e-45)") == true)
  }

  // The line `layerfx apply --config` prints (ConfigFileSettingError): the config, the key,
  // then the file's own error, the file resolved beside the config.
  @Test("an input that cannot be read answers 422 naming the config, the key and the file")
  func renderError() throws {
    let fixture = try TuneServerFixture()
    let config = #"{"version": 1, "input": "no-such-input.png", "effects": [{"kernel": "ripple"}]}"#
    let response = try fixture.render(config)
    #expect(response.status == 422)
    #expect(
      response.json["error"] as? String
        == "\(fixture.configPath): input: \(fixture.folder.path("no-such-input.png")): no such file"
    )
    #expect(response.json["path"] as? String == "input")
  }

  @Test("a .metal compile error answers 422 with the line of the error")
  func compileError() throws {
    let fixture = try TuneServerFixture()
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 broken(float2 position, half4 color) { return color + ; }
      """
    try Data(source.utf8).write(to: URL(fileURLWithPath: fixture.folder.path("broken.metal")))
    let config =
      #"{"version": 1, "input": "testcard:64x36", "effects": [{"kernel": "broken.metal:broken"}]}"#
    let response = try fixture.render(config)
    #expect(response.status == 422)
    #expect(response.json["line"] as? Int == 3)
    #expect(response.json["path"] as? String == "effects[0].kernel")
  }

  @Test("a save writes the document by rename (a new inode) and answers the next version")
  func save() throws {
    let fixture = try TuneServerFixture()
    let before = try Self.inode(fixture.configPath)
    let version = try fixture.request("/api/state").json["version"] as? Int ?? 0
    let response = try fixture.request(
      "/api/save", method: "POST", json: #"{"config": \#(Self.ripple(#", "amplitude": 33"#))}"#)
    #expect(response.status == 200)
    #expect(response.json["version"] as? Int == version + 1)
    #expect(try Self.inode(fixture.configPath) != before)
    // The keys in the order sent, as Jansson writes with two-space indentation.
    let expected = """
      {
        "version": 1,
        "input": "testcard:64x36",
        "effects": [
          {
            "kernel": "ripple",
            "amplitude": 33
          }
        ]
      }

      """
    #expect(try String(contentsOfFile: fixture.configPath, encoding: .utf8) == expected)
    #expect(try fixture.folder.contents() == ["tune.json"])
  }

  // 3e38 s at 30 fps is 9e39 frames: the count overflowed Int and the server crashed on Save
  // (trial 12), though the config is valid (config check: ok; apply --config renders its
  // still). 1 s at 30 fps keeps its 31 frames, k / 30.
  @Test("a save of a config lasting 3e38 s is checked at 100,001 times and written")
  func saveOfAVeryLongAnimation() throws {
    let fixture = try TuneServerFixture()
    let response = try fixture.request(
      "/api/save", method: "POST", json: #"{"config": \#(Self.ripple(#", "duration": 3e38"#))}"#)
    #expect(response.status == 200)
    let times = TuneState.frameTimes(duration: 3e38, fps: 30)
    #expect(times.count == 100_001)
    #expect(times.first == 0 && times.last == 3e38)
    #expect(abs(times[1] / 3e33 - 1) < 1e-15)  // 3e38 / 100,000
    #expect(TuneState.frameTimes(duration: 1, fps: 30) == (0...30).map { Double($0) / 30 })
  }

  @Test("the state holds the config document as the file has it")
  func stateEmbedsTheFile() throws {
    let fixture = try TuneServerFixture()
    let state = try fixture.request("/api/state")
    #expect(state.status == 200)
    #expect(state.text.hasPrefix(#"{"config": \#(TuneServerFixture.ripple),"#))
    #expect(state.json["size"] as? [Double] == [64, 36])
    #expect(state.json["duration"] as? Double == 3)
    #expect(state.json["fps"] as? Double == 30)
  }

  @Test("an invalid save answers 400 and leaves the file as it was")
  func invalidSave() throws {
    let fixture = try TuneServerFixture()
    let before = try Data(contentsOf: URL(fileURLWithPath: fixture.configPath))
    let inode = try Self.inode(fixture.configPath)
    // The third decodes, but at its output.time an amplitude of 1e9 points pads the layer by
    // 1e9 points, past the 4,194,302-pixel side limit: `config check` refuses it at t = 0.5 s.
    let padded =
      #"{"version": 1, "input": "testcard:64x36", "output": {"path": "out.png", "time": 0.5}, "#
      + #""effects": [{"kernel": "ripple", "amplitude": 1e9}]}"#
    // The fourth writes outside the config's folder, which `config check` and every render
    // of the saved file refuse.
    let outside =
      #"{"version": 1, "input": "testcard:64x36", "output": {"path": "../out.png", "time": 0}, "#
      + #""effects": [{"kernel": "ripple"}]}"#
    let configs = [
      Self.ripple(#", "amplitude": "NaN""#), Self.ripple(#", "decay": -2"#), padded, outside,
    ]
    for config in configs {
      let response = try fixture.request(
        "/api/save", method: "POST", json: #"{"config": \#(config)}"#)
      #expect(response.status == 400)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.configPath)) == before)
    #expect(try Self.inode(fixture.configPath) == inode)
    #expect(try fixture.folder.contents() == ["tune.json"])
  }

  @Test(
    "/api/events sends the next version when the file is saved by rename or in place",
    arguments: [true, false])
  func events(byRename: Bool) throws {
    let fixture = try TuneServerFixture()
    let version = try fixture.request("/api/state").json["version"] as? Int ?? 0
    let edited = Data(Self.ripple(#", "amplitude": 7"#).utf8)
    let text = try HTTPTestClient.read(
      port: fixture.server.port, "/api/events", cookie: fixture.cookie,
      until: "data: {\"version\": \(version + 1)}"
    ) {
      if byRename {
        // An editor's safe write: a new file beside, renamed over the config.
        let temporary = fixture.folder.path("tune.json.tmp")
        try edited.write(to: URL(fileURLWithPath: temporary))
        #expect(rename(temporary, fixture.configPath) == 0)
      } else {
        // In place: the same inode, truncated and written.
        let handle = try #require(FileHandle(forWritingAtPath: fixture.configPath))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: edited)
        try handle.close()
      }
    }
    #expect(text.contains("event: config"))
    let state = try fixture.request("/api/state").json
    #expect(state["version"] as? Int == version + 1)
    let config = state["config"] as? [String: Any]
    #expect((config?["effects"] as? [[String: Any]])?.first?["amplitude"] as? Double == 7)
  }

  @Test("a render request superseded before its turn answers 409; the newest renders")
  func newestWins() throws {
    let renderer = TuneRenderer(
      configPath: "tune.json", resolver: { _ in TuneServerFixture.resolve },
      limits: RenderJob.Limits(pixelLimit: 1 << 24))
    let request = try TuneRenderRequest(Data(#"{"config": \#(Self.ripple())}"#.utf8))
    let older = renderer.takeTicket()
    let newer = renderer.takeTicket()
    do {
      _ = try renderer.render(request, ticket: older)
      Issue.record("the older request rendered")
    } catch {
      #expect(error.status == 409)
      let body = try JSONSerialization.jsonObject(with: Data(error.response.body))
      #expect(body as? [String: String] == ["error": "superseded"])
    }
    #expect(try renderer.render(request, ticket: newer).png.count > 8)
  }
}
