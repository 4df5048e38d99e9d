import Foundation
import LayerFX
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// A colour argument is described and checked as it is typed, R,G,B,A with straight alpha,
/// in `list`, `--arg`'s errors and a config alike (new-user trial 9: `list` said premultiplied
/// and `--arg color=2,2,2,2` was refused with "got 4", a value never typed).
@Suite struct ColorArgumentTests {
  @Test("list describes colorMultiply's colour as typed: R,G,B,A with straight alpha")
  func listed() throws {
    let result = try LayerFXTool.run(["list"])
    #expect(result.status == 0)
    let expected: String =
      "  color: half4, the colour every pixel is multiplied by, R,G,B,A with straight alpha "
      + "(default 1,0.6,0.2,1; 0…1)"
    #expect(result.standardOutput.split(separator: "\n").contains { $0 == expected })
  }

  // The first channel outside 0…1, in R,G,B,A order, named with its value as typed
  // (new-user trial 17: only the form was given).
  @Test(
    "a colour channel outside 0…1 is refused naming it and its value, exit 64, nothing written",
    arguments: [
      ("2,2,2,2", "red is 2"), ("1,0,0,1.5", "alpha is 1.5"), ("-0.5,0,0,1", "red is -0.5"),
      ("0,1,1.0e1,1", "blue is 1.0e1"),
    ])
  func outOfRange(value: String, problem: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try LayerFXTool.run([
      "apply", "colorMultiply", "testcard:4x4", "--arg", "color=" + value, "-o",
      directory.path("o.png"),
    ])
    #expect(result.status == 64)
    let expected: String =
      "layerfx: error: invalid value 'color=\(value)' for '--arg': \(problem), outside 0…1"
    #expect(result.errorLines.first == expected)
    #expect(!FileManager.default.fileExists(atPath: directory.path("o.png")))
  }

  // Straight (1, 1, 1, 0.5) is premultiplied once to (0.5, 0.5, 0.5, 0.5), so every
  // premultiplied channel of the product is half the opaque white's (the test card is opaque):
  // within one 8-bit code of the halving, which a second premultiplication would break.
  @Test("a half-transparent straight colour is accepted and premultiplied once")
  func halfTransparent() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var images: [Image] = []
    for color in ["1,1,1,1", "1,1,1,0.5"] {
      let result = try LayerFXTool.run([
        "apply", "colorMultiply", "testcard:4x4", "--arg", "color=" + color, "-o",
        directory.path("o.png"),
      ])
      #expect(result.status == 0, "\(result.standardError)")
      images.append(try PNGDecoder().decode(contentsOf: directory.path("o.png")).image)
    }
    for (opaque, half) in zip(images[0].pixels, images[1].pixels) {
      let pairs = [(half.x, opaque.x), (half.y, opaque.y), (half.z, opaque.z), (half.w, opaque.w)]
      for (halved, whole) in pairs {
        #expect(abs(Float(halved) - Float(whole) / 2) <= 1.0 / 255)
      }
    }
  }
}
