import LayerFX
import LayerFXMath
import LayerFXPNG

extension KeyedDecodingContainer where Key == ConfigKey {
  /// Decodes the value of a kernel parameter, if the key is present, as its declaration says:
  /// `float` a number; `float2`…`float4` arrays of 2…4 numbers (`float4` also `"bounds"`);
  /// `color` `[r, g, b, a]`, straight alpha in 0…1, premultiplied here as the command line does;
  /// `floatArray` numbers; `colorArray` arrays of `[r, g, b, a]`; `data` bytes 0…255; `image` a
  /// PNG file's path, relative to `directory`.
  ///
  /// Numbers must be finite, fit a `Float`, be whole for a parameter that says so
  /// (`isWholeNumber`), and lie in the declared `validRange` (each component of a vector).
  ///
  /// - Parameters:
  ///   - parameter: The declaration.
  ///   - directory: The config's folder, for an image's path.
  /// - Returns: The argument, or `nil` when the key is absent.
  /// - Throws: ``ConfigIssue`` naming the key path, expected range and unit.
  ///
  /// Source: `Documentation/Semantics.md` §1.2 (arguments), §3.8 (colour arguments).
  func argument(_ parameter: ShaderFunction.Parameter, directory: String) throws
    -> Shader.Argument?
  {
    let key = ConfigKey(stringValue: parameter.name)
    guard contains(key) else { return nil }
    func checked(_ values: [Float]) throws -> [Float] {
      // A fraction the kernel would round down unseen, worded as ConfigKey's whole numbers are.
      for value in values where parameter.isWholeNumber && value.rounded() != value {
        throw ConfigIssue(
          codingPath: codingPath + [key],
          .invalidValue(
            "\(value.shortDescription) is not a whole number"
              + (parameter.validRange.map { " in \($0)" } ?? "")))
      }
      if let range = parameter.validRange {
        for value in values where !range.contains(value) {
          throw ConfigIssue(
            codingPath: codingPath + [key],
            .invalidValue(
              "\(value.shortDescription) is outside \(range)"
                + (parameter.unit.map { " (\($0.name))" } ?? "")))
        }
      }
      return values
    }
    func color(_ v: [Float], at path: [any CodingKey]) throws -> half4 {
      guard v.count == 4 else {
        throw ConfigIssue(
          codingPath: path, .invalidValue("expected [r, g, b, a], straight alpha, each in 0…1"))
      }
      if let problem = Shader.Argument.straightColorProblem(v.map { ($0, $0.shortDescription) }) {
        throw ConfigIssue(codingPath: path, .invalidValue(problem))
      }
      return half4(v[0] * v[3], v[1] * v[3], v[2] * v[3], v[3])
    }
    switch parameter.type {
    case .float:
      guard let value = try float(key) else { return nil }
      return .float(try checked([value])[0])
    case .float2:
      let v = try checked(try floats(key, count: 2) ?? [])
      return .float2(float2(v[0], v[1]))
    case .float3:
      let v = try checked(try floats(key, count: 3) ?? [])
      return .float3(float3(v[0], v[1], v[2]))
    case .float4:
      if (try? decode(String.self, forKey: key)) == "bounds" { return .boundingRect }
      let v = try checked(try floats(key, count: 4) ?? [])
      return .float4(float4(v[0], v[1], v[2], v[3]))
    case .color:
      return .color(try color(try floats(key, count: 4) ?? [], at: codingPath + [key]))
    case .floatArray:
      return .floatArray(try checked(try floats(key, count: nil) ?? []))
    case .colorArray:
      var list = try nestedUnkeyedContainer(forKey: key)
      var colors: [half4] = []
      while !list.isAtEnd {
        let path = list.codingPath + [IndexKey(list.currentIndex)]
        let values = try list.decode([Double].self)
        guard values.allSatisfy(\.isFinite) else {
          throw ConfigIssue(codingPath: codingPath + [key], .invalidValue("a colour is not finite"))
        }
        colors.append(try color(values.map { Float($0) }, at: path))
      }
      return .colorArray(colors)
    case .data:
      let bytes = try decode([Int].self, forKey: key)
      try check(bytes.allSatisfy { (0...255).contains($0) }, key, "expected bytes 0…255")
      return .data(bytes.map { UInt8($0) })
    case .image:
      guard let path = try imagePath(parameter, directory: directory) else { return nil }
      do {
        return .image(try PNGDecoder(maxPixelCount: 100_000_000).decode(contentsOf: path).image)
      } catch {
        throw ConfigIssue(codingPath: codingPath + [key], .invalidValue("\(error)"))
      }
    }
  }

  /// The PNG file an image parameter's key names, resolved against `directory`: what
  /// ``argument(_:directory:)`` loads, and what a dump writes back for it.
  ///
  /// - Parameters:
  ///   - parameter: The declaration.
  ///   - directory: The config's folder.
  /// - Returns: The path, or `nil` when the key is absent or the parameter is not an image.
  /// - Throws: ``ConfigIssue`` when the value is not a string.
  func imagePath(_ parameter: ShaderFunction.Parameter, directory: String) throws -> String? {
    let key = ConfigKey(stringValue: parameter.name)
    guard parameter.type == .image, contains(key) else { return nil }
    return DebugConfig.resolve(try decode(String.self, forKey: key), in: directory)
  }
}
