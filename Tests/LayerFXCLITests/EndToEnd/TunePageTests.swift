import Foundation
import LayerFXTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Why the tune page's browser tests cannot run here, or nil.
private let missingPrograms: String? = {
  if HeadlessChromium.executable == nil {
    return "no chromium on PATH (Debian's chromium package; .ci/run installs it)"
  }
  if !FileManager.default.isExecutableFile(atPath: LayerFXTool.executable.path) {
    return "no layerfx binary at \(LayerFXTool.executable.path) (swift build)"
  }
  return nil
}()

/// The tune page (`layerfx tune CONFIG --serve`) in a real browser, headless chromium, used as
/// a user would: sliders, a tap on the preview, Save, and an editor saving the file by rename.
///
/// The page's DOM and API are Documentation/TunePage.md's (issue 28); every wait below is bounded
/// against a hang, never a claim about speed (the latency is measured by
/// `Benchmarks/tune-page-latency.py`).
@Suite(
  .serialized,
  .enabled(if: missingPrograms == nil, Comment(rawValue: missingPrograms ?? "")))
struct TunePageTests {
  /// The input's size in points: a test card of 320 × 240 pixels at scale 1.
  static let inputSize = (width: 320.0, height: 240.0)

  /// A ripple config on the test card, one tap at its centre at t = 0, amplitude `amplitude`,
  /// the effect's `keyframes` member `keyframes`.
  static func config(amplitude: Int, keyframes: String = "{}") -> String {
    #"""
    {"version": 1, "input": "testcard:320x240", "scale": 1,
     "effects": [{"kernel": "ripple", "amplitude": \#(amplitude), "frequency": 15, "decay": 8,
                  "speed": 1200, "keyframes": \#(keyframes)}],
     "triggers": [{"point": [160, 120], "time": 0}],
     "output": {"path": "out.png", "time": 0.1}}

    """#
  }

  /// A script that defines, in the page, `previewBytes()`: the preview's RGBA bytes, drawn
  /// into a canvas of its natural size, and `changedBytes()`: how many of them differ from
  /// `bytesBefore` (-1 for another size).
  static let byteCounters = """
    window.previewBytes = () => { const image = document.querySelector('#preview');
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d'); context.drawImage(image, 0, 0);
      return context.getImageData(0, 0, canvas.width, canvas.height).data };
    window.changedBytes = () => { const after = previewBytes();
      if (after.length !== bytesBefore.length) return -1;
      let n = 0; for (let i = 0; i < after.length; i++) n += after[i] !== bytesBefore[i];
      return n };

    """

  /// The page's slider of the ripple's `name`, as a script expression.
  static func slider(_ name: String) -> String {
    #"document.querySelector('input[type=range][data-effect="0"][data-parameter="\#(name)"]')"#
  }

  /// How many frames the page has shown (`document.body.dataset.frames`).
  static func frames(_ browser: HeadlessChromium) throws -> Int {
    try browser.evaluate("Number(document.body.dataset.frames || 0)") as? Int ?? -1
  }

  /// Sets an input's value and fires `input` and `change`, as a user's drag and release do.
  static func setValue(_ input: String, _ value: String, in browser: HeadlessChromium) throws
    -> String?
  {
    try browser.evaluate(
      """
      (() => { const e = \(input); e.value = '\(value)';
        e.dispatchEvent(new Event('input', {bubbles: true}));
        e.dispatchEvent(new Event('change', {bubbles: true})); return e.value })()
      """) as? String
  }

  /// A server on `config` (by default the ripple's, amplitude 12), and its page open in a fresh
  /// headless chromium once the page shows its first frame.
  static func startPage(config: String = config(amplitude: 12)) throws -> (
    server: TunePageServer, browser: HeadlessChromium
  ) {
    let server = try TunePageServer(config: config)
    let browser = try HeadlessChromium(width: 1280, height: 900)
    try browser.navigate(to: server.address)
    try browser.wait(
      until: """
        Number(document.body.dataset.frames || 0) >= 1
          && document.querySelector('#preview')?.complete === true
        """)
    return (server, browser)
  }

  /// Waits until the frames counter passes `count` and the preview has loaded.
  static func waitForFrame(after count: Int, in browser: HeadlessChromium) throws {
    try browser.wait(
      until: """
        Number(document.body.dataset.frames || 0) > \(count)
          && document.querySelector('#preview').complete
        """)
  }

  @Test("the page shows the ripple's sliders; a slider, a tap and Save land in the file")
  func sliderTapAndSave() throws {
    let (server, browser) = try Self.startPage()

    // Must hold: a slider for each of the ripple's float parameters, the scrubber, a preview.
    let absent = try browser.evaluate(
      "['amplitude', 'frequency', 'decay', 'speed'].filter(n => !\(Self.slider("' + n + '")))")
    #expect(absent as? [String] == [], "no slider for \(String(describing: absent))")
    #expect(try browser.evaluate("document.querySelector('#time')?.type") as? String == "range")
    #expect(try browser.evaluate("document.querySelector('#preview')?.tagName") as? String == "IMG")
    // The rest of the contract's DOM: the config's one tap listed with its remove button, a
    // number field beside the slider, the clock, the four overlays, Save.
    let parts = [
      "#taps li button.remove": 1,
      #"input[type=number][data-effect="0"][data-parameter="amplitude"]"#: 1,
      "button#play": 1, "#fps": 1, "button#save": 1, #".handle[data-parameter="origin"]"#: 1,
      "input[type=checkbox][name=overlay]": 4,
    ]
    for (selector, count) in parts {
      let found = try browser.evaluate("document.querySelectorAll('\(selector)').length") as? Int
      #expect(found == count, "\(selector)")
    }

    // t = 0.1 s: the wave (1200 points/s) has reached every pixel within 120 points of the
    // tap and moves them by up to 12 × e^(−8 × 0.1) ≈ 5.4 points (Shaders/LayerEffects/
    // Ripple.metal; 9.0 at amplitude 20, inside the suggested 4…24): the amplitude shows.
    let timeBefore = try browser.evaluate("document.querySelector('#time').value") as? String
    var shown = try Self.frames(browser)
    let time = try #require(
      try Self.setValue("document.querySelector('#time')", "0.1", in: browser))
    if time != timeBefore { try Self.waitForFrame(after: shown, in: browser) }

    try browser.evaluate(Self.byteCounters + "bytesBefore = previewBytes(); true")
    shown = try Self.frames(browser)
    #expect(try Self.setValue(Self.slider("amplitude"), "20", in: browser) == "20")
    // The first frame after the change may be one asked for before it (the page may keep a
    // request in flight), so wait for a new frame whose bytes differ; a page whose slider
    // changes nothing fails here, after the bound.
    try browser.wait(
      until: """
        Number(document.body.dataset.frames) > \(shown) && document.querySelector('#preview').complete
          && changedBytes() > 0
        """)
    let changed = try browser.evaluate("changedBytes()") as? Int
    #expect(
      (changed ?? 0) > 0, "preview bytes changed by the amplitude: \(String(describing: changed))")
    #expect(try browser.evaluate("typeof window.layerfxLatencyMs") as? String == "number")

    // A tap a quarter of the way across the picture, half way down. Where the picture is in
    // the element: the whole box, or for object-fit: contain the box's largest centred
    // rectangle of the picture's aspect ratio.
    let box = try #require(
      try browser.evaluate(
        """
        (() => { const e = document.querySelector('#preview'); const r = e.getBoundingClientRect();
          return [r.left, r.top, r.width, r.height, e.naturalWidth, e.naturalHeight,
                  getComputedStyle(e).objectFit === 'contain' ? 1 : 0] })()
        """) as? [Double])
    var picture = (left: box[0], top: box[1], width: box[2], height: box[3])
    if box[6] == 1 {
      let scale = min(box[2] / box[4], box[3] / box[5])
      picture.width = box[4] * scale
      picture.height = box[5] * scale
      picture.left += (box[2] - picture.width) / 2
      picture.top += (box[3] - picture.height) / 2
    }
    let clickX = (picture.left + 0.25 * picture.width).rounded()
    let clickY = (picture.top + 0.5 * picture.height).rounded()
    let expected = (
      x: (clickX - picture.left) / picture.width * Self.inputSize.width,
      y: (clickY - picture.top) / picture.height * Self.inputSize.height
    )
    // One CSS pixel, in points (a page may take the event's whole-pixel offset), at least 1.
    let tolerance = max(1, Self.inputSize.width / picture.width)
    let taps = try browser.evaluate("document.querySelectorAll('#taps li').length") as? Int ?? 0
    try browser.click(x: clickX, y: clickY)
    try browser.wait(until: "document.querySelectorAll('#taps li').length === \(taps + 1)")
    let tapTime = Double(time) ?? -1

    let save = try #require(
      try browser.evaluate(
        """
        (() => { const r = document.querySelector('#save').getBoundingClientRect();
          return [r.left + r.width / 2, r.top + r.height / 2] })()
        """) as? [Double])
    try browser.click(x: save[0], y: save[1])
    try browser.wait(until: "/saved/.test(document.querySelector('#status').textContent)")
    browser.quit()
    #expect(server.stop() == 0, "stderr: \(server.standardError)")

    let saved = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: server.configPath)))
        as? [String: Any])
    let effect = try #require((saved["effects"] as? [[String: Any]])?.first)
    #expect(effect["amplitude"] as? Double == 20)
    let triggers = saved["triggers"] as? [[String: Any]] ?? []
    let tapped = triggers.filter { trigger in
      let point = trigger["point"] as? [Double] ?? []
      return point.count == 2 && abs(point[0] - expected.x) <= tolerance
        && abs(point[1] - expected.y) <= tolerance
    }
    #expect(
      tapped.count == 1, "a trigger at \(expected) ± \(tolerance) points among \(triggers)")
    // The tap's time is the clock's: the scrubber's value, within one frame at 30 fps.
    if let tap = tapped.first {
      #expect(abs((tap["time"] as? Double ?? -1) - tapTime) <= 1.0 / 30, "\(tap)")
    }
  }

  @Test("six saves by rename re-render the preview six times, with no refusing line")
  func savesByRename() throws {
    let (server, browser) = try Self.startPage()
    let first = try Self.frames(browser)
    for save in 1...6 {
      // As vim or an IDE's safe write: a new file, renamed over the config.
      let amplitude = 12 + 2 * save
      let shown = try Self.frames(browser)
      let temporary = server.directory.path("config.json.\(save).tmp")
      try Self.config(amplitude: amplitude).write(
        toFile: temporary, atomically: false, encoding: .utf8)
      #expect(rename(temporary, server.configPath) == 0)
      try Self.waitForFrame(after: shown, in: browser)
      try browser.wait(until: "Number(\(Self.slider("amplitude")).value) === \(amplitude)")
    }
    #expect(try Self.frames(browser) - first >= 6)
    browser.quit()
    _ = server.stop()
    #expect(!server.standardError.contains("refusing"), "stderr: \(server.standardError)")
  }

  @Test("the scrubber at 0 s and at 1 s shows a frame, not an error")
  func wholeSeconds() throws {
    let (server, browser) = try Self.startPage()
    // 0 and 1 are the whole numbers a JSON number can be mistaken for a boolean at (on Linux
    // an NSNumber of 0 or 1 casts to Bool); 0.5 between them, so each is a change. Each time's
    // frame differs from the one before (first t = 0.1 s; at 0 s nothing moves yet; at 0.5 s
    // and 1 s the front, at most 200 points from the tap, passed every pixel 0.33 s and 0.83 s
    // before: moves of up to 12 e^(-8 × 0.33) ≈ 0.8 and 0.02 points), so a frame
    // asked for earlier is not taken for it; the changes of #status are counted, so that an
    // error shown before is not taken for a new one.
    let statusCounter = """
      window.statusChanges = 0;
      new MutationObserver(() => statusChanges++).observe(document.querySelector('#status'),
        {childList: true, characterData: true, subtree: true, attributes: true}); true
      """
    try browser.evaluate(Self.byteCounters + statusCounter)
    for seconds in ["0", "0.5", "1"] {
      let shown = try Self.frames(browser)
      try browser.evaluate("statusChanges = 0; bytesBefore = previewBytes(); true")
      #expect(try Self.setValue("document.querySelector('#time')", seconds, in: browser) == seconds)
      // A new frame, or a new error shown in its place.
      try browser.wait(
        until: """
          Number(document.body.dataset.frames) > \(shown) && document.querySelector('#preview').complete
            && changedBytes() > 0
            || statusChanges > 0 && document.querySelector('#status').classList.contains('error')
          """)
      let status = try browser.evaluate("document.querySelector('#status').textContent")
      #expect(status as? String == "", "at \(seconds) s: \(String(describing: status))")
    }
    browser.quit()
    _ = server.stop()
  }

  @Test("each slider's thumb sits at the config's value exactly; a drag is rounded to its range")
  func slidersAtValues() throws {
    let (server, browser) = try Self.startPage()
    // The config's 12, 15, 8 and 1200 on Ripple's suggested ranges 4…24, 5…30, 2…15 and
    // 300…3000: a step of a thousandth of the range put decay at 2 + 462 × 0.013 = 8.006 and
    // speed at 300 + 333 × 2.7 = 1199.1.
    let values = [("amplitude", "12"), ("frequency", "15"), ("decay", "8"), ("speed", "1200")]
    for (name, value) in values {
      #expect(try browser.evaluate("\(Self.slider(name)).value") as? String == value, "\(name)")
    }
    // A drag rounds to 10^⌊log10(range / 1000)⌋: 0.01 on 2…15 (13 / 1000 = 0.013), 1 on
    // 300…3000 (2.7); the number field shows the same value.
    for (name, dragged, value) in [("decay", "8.123456", "8.12"), ("speed", "1234.5678", "1235")] {
      #expect(try Self.setValue(Self.slider(name), dragged, in: browser) == value, "\(name)")
      let number =
        #"document.querySelector('input[type=number][data-effect="0"][data-parameter="\#(name)"]')"#
      #expect(try browser.evaluate("\(number).value") as? String == value, "\(name)")
    }
    browser.quit()
    _ = server.stop()
  }

  @Test("a config saved with a typo shows the error and keeps the last good preview")
  func typoKeepsPreview() throws {
    let (server, browser) = try Self.startPage()
    try browser.evaluate(Self.byteCounters + "bytesBefore = previewBytes(); true")
    // As an editor saving by rename a config with a misspelt parameter name.
    let typo = Self.config(amplitude: 12).replacingOccurrences(of: "decay", with: "dekay")
    let temporary = server.directory.path("config.json.tmp")
    try typo.write(toFile: temporary, atomically: false, encoding: .utf8)
    #expect(rename(temporary, server.configPath) == 0)
    try browser.wait(until: "document.querySelector('#status').classList.contains('error')")
    let status = try browser.evaluate("document.querySelector('#status').textContent") as? String
    #expect(status?.contains("dekay") == true, "\(String(describing: status))")
    #expect(try browser.evaluate("changedBytes()") as? Int == 0)
    #expect(try browser.evaluate("document.querySelector('#preview').complete") as? Bool == true)

    // Fixed, with another amplitude: the error goes and a new frame shows it.
    let shown = try Self.frames(browser)
    try Self.config(amplitude: 20).write(toFile: temporary, atomically: false, encoding: .utf8)
    #expect(rename(temporary, server.configPath) == 0)
    try browser.wait(
      until: """
        Number(document.body.dataset.frames) > \(shown) && document.querySelector('#preview').complete
          && changedBytes() > 0 && !document.querySelector('#status').classList.contains('error')
        """)
    browser.quit()
    #expect(server.stop() == 0)
  }

  @Test("a keyframe track is drawn as a curve with the current time marked")
  func keyframeTrack() throws {
    let keyframes =
      #"{"amplitude": [{"type": "move", "value": 24}, {"type": "linear", "value": 4, "duration": 1}]}"#
    let (server, browser) = try Self.startPage(
      config: Self.config(amplitude: 12, keyframes: keyframes))
    #expect(try browser.evaluate("document.querySelectorAll('svg.track').length") as? Int == 1)
    #expect(try browser.evaluate("document.querySelectorAll('svg.track path').length") as? Int == 1)
    // The ripple's animation lasts 3 s (its default duration): at 1.5 s the mark is half way
    // across the track, within 2 % of its width.
    _ = try Self.setValue("document.querySelector('#time')", "1.5", in: browser)
    let place = try #require(
      try browser.evaluate(
        """
        (() => { const track = document.querySelector('svg.track').getBoundingClientRect();
          const mark = document.querySelector('svg.track line.now').getBoundingClientRect();
          return (mark.left + mark.width / 2 - track.left) / track.width })()
        """) as? Double)
    #expect(abs(place - 0.5) <= 0.02, "the mark at \(place) of the track's width")
    browser.quit()
    _ = server.stop()
  }

  @Test("dragging the origin's handle 50 pixels left moves the origin by as many points, scaled")
  func dragOrigin() throws {
    let (server, browser) = try Self.startPage()
    let box = try #require(
      try browser.evaluate(
        """
        (() => { const handle = document.querySelector('.handle[data-parameter="origin"]')
            .getBoundingClientRect();
          const preview = document.querySelector('#preview').getBoundingClientRect();
          return [handle.left + handle.width / 2, handle.top + handle.height / 2, preview.width] })()
        """) as? [Double])
    let (x, y) = (box[0].rounded(), box[1].rounded())
    // A press on the handle, five moves of 10 CSS pixels to the left with the button held, a
    // release: a user's drag.
    try browser.command(
      "Input.dispatchMouseEvent", ["type": "mouseMoved", "x": x, "y": y, "button": "none"])
    try browser.command(
      "Input.dispatchMouseEvent",
      ["type": "mousePressed", "x": x, "y": y, "button": "left", "clickCount": 1])
    for step in 1...5 {
      try browser.command(
        "Input.dispatchMouseEvent",
        ["type": "mouseMoved", "x": x - 10 * Double(step), "y": y, "button": "left", "buttons": 1])
    }
    try browser.command(
      "Input.dispatchMouseEvent",
      ["type": "mouseReleased", "x": x - 50, "y": y, "button": "left", "clickCount": 1])
    try browser.evaluate("document.querySelector('#save').click(); true")
    try browser.wait(until: "/saved/.test(document.querySelector('#status').textContent)")
    browser.quit()
    _ = server.stop()

    // The handle starts at the tap, the card's centre (160, 120); 50 CSS pixels are
    // 50 × 320 / (the preview's width) points (scale 1: points are the card's pixels). A
    // page may round the start or the end to a whole CSS pixel: one pixel's worth of slack.
    let saved = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: server.configPath)))
        as? [String: Any])
    let origin = ((saved["effects"] as? [[String: Any]])?.first?["origin"] as? [Double]) ?? []
    let pointsPerPixel = Self.inputSize.width / box[2]
    #expect(origin.count == 2, "\(saved)")
    if origin.count == 2 {
      #expect(abs(origin[0] - (160 - 50 * pointsPerPixel)) <= pointsPerPixel, "\(origin)")
      #expect(abs(origin[1] - 120) <= pointsPerPixel, "\(origin)")
    }
  }
}
