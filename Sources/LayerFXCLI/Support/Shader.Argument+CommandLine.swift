import Foundation
import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXMath

extension Shader.Argument {
  /// The value as `layerfx apply --arg NAME=VALUE` writes it: a colour with straight alpha,
  /// as `--arg` reads it (`parse(_:as:pixelLimit:)`).
  var commandLineText: String {
    func list(_ values: [Float]) -> String {
      values.map(\.shortDescription).joined(separator: ",")
    }
    func straight(_ c: half4) -> String {
      let a = Float(c.w)
      return a > 0 ? list([Float(c.x) / a, Float(c.y) / a, Float(c.z) / a, a]) : "0,0,0,0"
    }
    return switch self {
    case .float(let x): x.shortDescription
    case .float2(let v): list([v.x, v.y])
    case .float3(let v): list([v.x, v.y, v.z])
    case .float4(let v): list([v.x, v.y, v.z, v.w])
    case .color(let c): straight(c)
    case .floatArray(let values): list(values)
    case .colorArray(let colors): colors.map(straight).joined(separator: ";")
    case .data(let bytes): bytes.map { String(format: "%02x", $0) }.joined()
    case .image: "FILE.png"
    case .boundingRect: "bounds"
    }
  }

  /// What a value of `type` looks like on the command line.
  static func commandLineForm(of type: Shader.ArgumentType) -> String {
    switch type {
    case .float: "a finite number"
    case .float2: "X,Y"
    case .float3: "X,Y,Z"
    case .float4: "X,Y,Z,W or bounds"
    case .color: "R,G,B,A (straight alpha, 0…1)"
    case .floatArray: "comma-separated numbers"
    case .colorArray: "R,G,B,A;R,G,B,A;… (straight alpha)"
    case .data: "hexadecimal bytes"
    case .image: "an image: a PNG file, - for standard input, or testcard:WxH"
    }
  }

  /// Why `text`, in the form of a colour of `type` (``commandLineForm(of:)``), is not one: the
  /// first channel outside 0…1, named with its value as typed (`red is 2, outside 0…1`), after
  /// the colour's place in a list (`colour 2: alpha is 1.5, outside 0…1`); `nil` for any other
  /// type or text, which its form describes.
  static func colorRangeProblem(_ text: String, as type: Shader.ArgumentType) -> String? {
    guard type == .color || type == .colorArray else { return nil }
    let colors = (type == .color ? [Substring(text)] : text.split(separator: ";")).map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    let isColor = { (channels: [Substring]) in
      channels.count == 4 && channels.allSatisfy { Float(decimal: $0)?.isFinite == true }
    }
    guard !colors.isEmpty, colors.allSatisfy(isColor) else { return nil }
    for (index, channels) in colors.enumerated() {
      let typed = channels.compactMap { text in Float(decimal: text).map { ($0, String(text)) } }
      if let problem = straightColorProblem(typed) {
        return (type == .colorArray ? "colour \(index + 1): " : "") + problem
      }
    }
    return nil
  }

  /// Parses `text` as an argument of `type`; colours are given with straight alpha, each
  /// channel in 0…1 (as a config gives them), and premultiplied here, as SwiftUI premultiplies
  /// a `Color`.
  ///
  /// - Throws: For an image argument, what loading INPUT throws
  ///   (``LayerFXComposition/RenderJob/Input/init(commandLine:scale:limits:dataOption:)``);
  ///   returns `nil` for text that is not of the form.
  static func parse(_ text: String, as type: Shader.ArgumentType, pixelLimit: Int) throws -> Self? {
    func numbers(_ part: some StringProtocol) -> [Float]? {
      let values = part.split(separator: ",", omittingEmptySubsequences: false).map {
        Float(decimal: $0)
      }
      guard values.allSatisfy({ $0?.isFinite == true }) else { return nil }
      return values.compactMap { $0 }
    }
    func premultipliedColor(_ part: some StringProtocol) -> half4? {
      guard let v = numbers(part), v.count == 4, v.allSatisfy({ (0...1).contains($0) }) else {
        return nil
      }
      return half4(v[0] * v[3], v[1] * v[3], v[2] * v[3], v[3])
    }
    switch type {
    case .float:
      return numbers(text).flatMap { $0.count == 1 ? .float($0[0]) : nil }
    case .float2:
      return numbers(text).flatMap {
        $0.count == 2 ? .float2(LayerFXMath.float2($0[0], $0[1])) : nil
      }
    case .float3:
      return numbers(text).flatMap {
        $0.count == 3 ? .float3(LayerFXMath.float3($0[0], $0[1], $0[2])) : nil
      }
    case .float4:
      if text == "bounds" { return .boundingRect }
      return numbers(text).flatMap {
        $0.count == 4 ? .float4(LayerFXMath.float4($0[0], $0[1], $0[2], $0[3])) : nil
      }
    case .color:
      return premultipliedColor(text).map { .color($0) }
    case .floatArray:
      return numbers(text).map { .floatArray($0) }
    case .colorArray:
      let colors = text.split(separator: ";").map { premultipliedColor($0) }
      guard !colors.isEmpty, colors.allSatisfy({ $0 != nil }) else { return nil }
      return .colorArray(colors.compactMap { $0 })
    case .data:
      let digits = Array(text.utf8)
      guard digits.count % 2 == 0 else { return nil }
      var bytes: [UInt8] = []
      for i in stride(from: 0, to: digits.count, by: 2) {
        guard let byte = UInt8(String(decoding: digits[i..<i + 2], as: UTF8.self), radix: 16)
        else { return nil }
        bytes.append(byte)
      }
      return .data(bytes)
    case .image:
      // Every form INPUT takes, through its loader: a PNG file, - or testcard:WxH (a malformed
      // size, the loader's one usage error, is text not of the form).
      let limits = RenderJob.Limits(pixelLimit: pixelLimit)
      do {
        return .image(
          try RenderJob.Input(commandLine: text, scale: 1, limits: limits, dataOption: "image")
            .image)
      } catch is UsageError {
        return nil
      }
    }
  }
}
