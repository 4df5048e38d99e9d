import Foundation
import LayerFX
import LayerFXMath

/// Reads Netpbm PAM files (P7, `TUPLTYPE RGB` or `RGB_ALPHA`, `MAXVAL 255`): the benchmark's
/// built-in `--input` format, so it can run on a photo without a PNG decoder
/// (`convert photo.png photo.pam`, or Python's Pillow).
///
/// Source: Netpbm, "PAM file format" (netpbm.sourceforge.net/doc/pam.html).
public enum PAMImage {
  /// What is wrong with a PAM file.
  public enum ReadError: Error, CustomStringConvertible {
    /// The header is not a PAM header this reader handles; the message says which field.
    case unsupported(path: String, reason: String)

    /// A one-line description naming the file and the problem.
    public var description: String {
      switch self {
      case .unsupported(let path, let reason): "\(path): \(reason)"
      }
    }
  }

  /// Returns the image in the PAM file at `path`, premultiplied, scale 1.
  ///
  /// - Throws: ``ReadError`` for a header this reader does not handle or a short file;
  ///   Foundation's error when the file cannot be read.
  public static func read(contentsOf path: String) throws -> Image {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    var fields: [String: String] = [:]
    var offset = 0
    var line = ""
    while offset < data.count {
      let byte = data[data.startIndex + offset]
      offset += 1
      guard byte != UInt8(ascii: "\n") else {
        if line == "ENDHDR" { break }
        let parts = line.split(separator: " ", maxSplits: 1)
        if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        line = ""
        continue
      }
      line.append(Character(UnicodeScalar(byte)))
    }
    guard data.starts(with: Array("P7\n".utf8)) else {
      throw ReadError.unsupported(path: path, reason: "not a PAM (P7) file")
    }
    guard let width = fields["WIDTH"].flatMap({ Int($0) }),
      let height = fields["HEIGHT"].flatMap({ Int($0) }),
      width > 0, height > 0
    else { throw ReadError.unsupported(path: path, reason: "missing or bad WIDTH/HEIGHT") }
    guard fields["MAXVAL"] == "255" else {
      throw ReadError.unsupported(path: path, reason: "only MAXVAL 255 is read")
    }
    let depth: Int
    switch (fields["TUPLTYPE"], fields["DEPTH"]) {
    case ("RGB", "3"): depth = 3
    case ("RGB_ALPHA", "4"): depth = 4
    default: throw ReadError.unsupported(path: path, reason: "only RGB and RGB_ALPHA are read")
    }
    guard data.count - offset >= width * height * depth else {
      throw ReadError.unsupported(path: path, reason: "the file ends before its last pixel")
    }
    var pixels = [half4](repeating: .zero, count: width * height)
    data.withUnsafeBytes { bytes in
      for index in 0..<width * height {
        let base = offset + index * depth
        let alpha = depth == 4 ? Float(bytes[base + 3]) / 255 : 1
        let rgb = float3(Float(bytes[base]), Float(bytes[base + 1]), Float(bytes[base + 2])) / 255
        pixels[index] = half4(rgb * alpha, alpha)
      }
    }
    return Image(width: width, height: height, pixels: pixels)
  }
}
