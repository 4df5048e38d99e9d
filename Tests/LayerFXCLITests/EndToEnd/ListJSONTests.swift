import Foundation
import Testing

/// `layerfx list --json`: the kernel declarations as one JSON array.
@Suite struct ListJSONTests {
  /// The parsed listing, one dictionary per kernel.
  private static func listing() throws -> [[String: Any]] {
    let result = try LayerFXTool.run(["list", "--json"])
    #expect(result.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    return try #require(json as? [[String: Any]])
  }

  @Test("list --help names exactly the keys list --json gives each kernel and parameter")
  func helpNamesTheKeys() throws {
    let kernels = try Self.listing()
    let parameters = kernels.flatMap { ($0["parameters"] as? [[String: Any]]) ?? [] }
    let help = try LayerFXTool.run(["list", "--help"]).standardOutput
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    // "objects with name, kind, summary and parameters (each with KEY …, KEY …, …)": a key is
    // the first word of each item; an item's own parenthesis is its explanation.
    let objects = try #require(help.firstRange(of: "objects with ")?.upperBound)
    let each = try #require(help.firstRange(of: " (each with ")?.upperBound)
    let kernelKeys = help[objects..<help.index(each, offsetBy: -" (each with ".count)]
      .replacingOccurrences(of: " and ", with: ", ").components(separatedBy: ", ")
    var list = help[each...]
    var depth = 1
    let end = try #require(
      list.firstIndex { character in
        depth += character == "(" ? 1 : character == ")" ? -1 : 0
        return depth == 0
      })
    list = list[..<end]
    // Drop the items' own parentheses, then take each item's first word.
    var flat = ""
    depth = 0
    for character in list {
      if character == "(" { depth += 1 }
      if depth == 0 { flat.append(character) }
      if character == ")" { depth -= 1 }
    }
    let parameterKeys = flat.components(separatedBy: ",").compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    // Trial 11: imageDefault and required were printed but not named.
    #expect(Set(kernelKeys) == Set(kernels.flatMap(\.keys)))
    #expect(Set(parameterKeys) == Set(parameters.flatMap(\.keys)))
  }

  @Test("the ripple's entry states the WWDC24 arguments, units and defaults")
  func ripple() throws {
    let kernels = try Self.listing()
    let ripple = try #require(kernels.first { $0["name"] as? String == "ripple" })
    #expect(ripple["kind"] as? String == "layer")
    let parameters = try #require(ripple["parameters"] as? [[String: Any]])
    // Documentation/Semantics.md §5: origin float2 (points), time, amplitude 12 (points),
    // frequency 15 (radians per second), decay 8 (per second), speed 1200 (points per second).
    #expect(
      parameters.map { $0["name"] as? String } == [
        "origin", "time", "amplitude", "frequency", "decay", "speed",
      ])
    #expect(
      parameters.map { $0["type"] as? String } == [
        "float2", "float", "float", "float", "float", "float",
      ])
    #expect(
      parameters.map { $0["unit"] as? String } == [
        "points", "seconds", "points", "radians per second", "per second", "points per second",
      ])
    #expect(
      parameters.map { ($0["default"] as? NSNumber)?.doubleValue } == [
        nil, 0, 12, 15, 8, 1200,
      ])
    // Origin has no declared default; the command line takes the image's centre (Semantics §1.2).
    #expect(parameters[0]["default"] is NSNull)
    #expect(
      parameters.map { $0["imageDefault"] as? String } == [
        "imageCentre", nil, nil, nil, nil, nil,
      ])
    #expect(
      parameters.map { $0["required"] as? Bool } == [false, false, false, false, false, false])
    let speedRange = try #require(parameters[5]["range"] as? [String: Any])
    #expect((speedRange["exclusiveMinimum"] as? NSNumber)?.doubleValue == 0)
    #expect(parameters[1]["role"] as? String == "timeSinceTrigger")
    #expect(parameters[0]["role"] as? String == "position")
  }

  @Test("every built-in kernel has a name, a kind and typed parameters")
  func everyKernel() throws {
    for kernel in try Self.listing() {
      let name = try #require(kernel["name"] as? String)
      #expect(
        ["color", "distortion", "layer", "fill"].contains(kernel["kind"] as? String), "\(name)")
      for parameter in kernel["parameters"] as? [[String: Any]] ?? [] {
        #expect(parameter["name"] is String, "\(name)")
        #expect(parameter["type"] is String, "\(name)")
      }
    }
  }
}
