import Foundation
import LayerFX
import LayerFXComposition
import LayerFXKernels
import Testing

/// Whether `python3 -c "import jsonschema"` works: the independent validator of the schema test.
private let hasJSONSchema: Bool = {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", "-c", "import jsonschema"]
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return false }
  process.waitUntilExit()
  return process.terminationStatus == 0
}()

/// The schema as Foundation reads it back.
private func schemaObject() throws -> [String: Any] {
  let text = DebugConfig.schema(library: .default).text
  return try #require(
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

/// The schema's `properties` of the definition `name` (`effect.ripple`, `fill.noise`).
private func schemaProperties(of name: String) throws -> [String: Any] {
  let definitions = try #require(try schemaObject()["$defs"] as? [String: Any])
  let definition = try #require(definitions[name] as? [String: Any], "\(name) missing")
  return try #require(definition["properties"] as? [String: Any])
}

@Suite struct DebugConfigSchemaTests {
  @Test("the schema is draft 2020-12 and closed at the top level")
  func header() throws {
    let schema = try schemaObject()
    #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    #expect(schema["additionalProperties"] as? Bool == false)
    #expect(schema["required"] as? [String] == ["version"])
  }

  @Test("every parameter of every built-in kernel has a type, a description and its default")
  func everyParameter() throws {
    let definitions = try #require(try schemaObject()["$defs"] as? [String: Any])
    for function in ShaderLibrary.default.functions {
      let name = (function.kind == .fill ? "fill." : "effect.") + function.name
      let entry = try #require(definitions[name] as? [String: Any], "\(name) missing")
      let properties = try #require(entry["properties"] as? [String: Any])
      for parameter in function.parameters {
        let schema = try #require(
          properties[parameter.name] as? [String: Any], "\(name).\(parameter.name)")
        #expect(schema["type"] != nil, "\(name).\(parameter.name) has no type")
        #expect(schema["description"] is String, "\(name).\(parameter.name) has no description")
        if let unit = parameter.unit {
          #expect(schema["x-unit"] as? String == unit.name, "\(name).\(parameter.name) unit")
        }
        if parameter.defaultValue != nil, parameter.type != .image {
          #expect(schema["default"] != nil, "\(name).\(parameter.name) has no default")
        }
      }
    }
  }

  @Test("the ripple's entry states Apple's defaults and the declared range of speed")
  func rippleEntry() throws {
    let properties = try schemaProperties(of: "effect.ripple")
    let amplitude = try #require(properties["amplitude"] as? [String: Any])
    // WWDC24 sample: amplitude 12, frequency 15, decay 8, speed 1200.
    #expect(amplitude["default"] as? Double == 12)
    #expect(amplitude["x-unit"] as? String == "points")
    let speed = try #require(properties["speed"] as? [String: Any])
    #expect(speed["default"] as? Double == 1200)
    #expect(speed["exclusiveMinimum"] as? Double == 0)
  }

  @Test("noise's seed, a whole number, is a JSON Schema integer, as a config's check wants it")
  func wholeNumberIsInteger() throws {
    let properties = try schemaProperties(of: "fill.noise")
    let seed = try #require(properties["seed"] as? [String: Any])
    let cellSize = try #require(properties["cellSize"] as? [String: Any])
    #expect(seed["type"] as? String == "integer")
    #expect(cellSize["type"] as? String == "number")
  }

  @Test(
    "an independent validator (Python's jsonschema) accepts a dump and rejects a misspelt key",
    .enabled(if: hasJSONSchema, "python3 with jsonschema not found"))
  func pythonValidates() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "layerfx-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let schema = directory.appendingPathComponent("schema.json")
    try DebugConfig.schema(library: .default).text.write(
      to: schema, atomically: true, encoding: .utf8)
    var output = DebugConfig.Output()
    output.path = "out.png"
    output.time = 0.5
    let dump = DebugConfig(
      input: .testCard(width: 64, height: 48),
      effects: [DebugConfig.Effect(.ripple), DebugConfig.Effect(.bloom)], output: output)
    let good = directory.appendingPathComponent("good.json")
    try dump.json.text.write(to: good, atomically: true, encoding: .utf8)
    let bad = directory.appendingPathComponent("bad.json")
    try #"{"version": 1, "effects": [{"kernel": "ripple", "amplitdue": 20}]}"#.write(
      to: bad, atomically: true, encoding: .utf8)
    func validate(_ file: URL) throws -> Int32 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "python3", "-c",
        "import json, sys, jsonschema; "
          + "jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))"
          + ".validate(json.load(open(sys.argv[2])))",
        schema.path, file.path,
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }
    #expect(try validate(good) == 0)
    #expect(try validate(bad) != 0)
  }
}
