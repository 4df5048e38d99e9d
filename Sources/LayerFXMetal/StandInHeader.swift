/// The stand-in for `<metal_stdlib>` and `<SwiftUI/SwiftUI_Metal.h>`: a header-only C++17
/// library that gives Metal source its types and functions on the CPU.
///
/// Vectors are structs of scalar members (`x`, `y`, `z`, `w`), and swizzles (`.rgb`, `.yx`,
/// `.a`) are clang properties (`__declspec(property)`, enabled by `-fdeclspec`) whose getters
/// build a new vector and whose setters assign components, so a pixel loop over them vectorises
/// (clang's `ext_vector_type` kept the loop scalar in the feasibility study, issue 11). `half`
/// is `float` unless `LFX_HALF_BINARY16` is defined, then `_Float16`, rounded after every
/// operation as on the GPU.
///
/// Source: Metal Shading Language Specification 3.2 (§2 types, §6 standard library);
/// Apple, `SwiftUI_Metal.h` (`SwiftUI::Layer`).
enum StandInHeader {
  /// The version of the stand-in, part of the compile cache's key; bump it with any change that
  /// alters generated code.
  static let version = 3

  /// The text of `<metal_stdlib>`.
  static let metalStandardLibrary: String = [
    prelude, vectorTypes(), functions, smoothstepHelper, mathFunctions, integerFunctions,
    matrixTypes(), textures, pipeline, simdNames,
  ].joined(separator: "\n")

  /// The text of `<SwiftUI/SwiftUI_Metal.h>`.
  static let swiftUIMetal: String = layer

  /// The headers Apple ships that Metal source includes, each a stand-in that includes the real
  /// one: the `<metal_*>` parts of the standard library, `<SwiftUI/SwiftUI.h>` (the header
  /// SwiftUI shaders include) and `<simd/simd.h>` (Apple's `simd_float2` … names for the same
  /// vector and matrix types).
  ///
  /// Source: Metal Shading Language Specification 3.2, §6.1 (the standard library's headers);
  /// Apple's SDK, `SwiftUI/SwiftUI.h` and `simd/simd.h`.
  static let forwardingHeaders: [(name: String, text: String)] = {
    let parts = [
      "metal_atomic", "metal_common", "metal_compute", "metal_geometric", "metal_graphics",
      "metal_integer", "metal_math", "metal_matrix", "metal_pack", "metal_relational",
      "metal_simdgroup", "metal_texture", "metal_types",
    ]
    return parts.map { ($0, "#pragma once\n#include <metal_stdlib>\n") } + [
      ("SwiftUI/SwiftUI.h", "#pragma once\n#include <SwiftUI/SwiftUI_Metal.h>\n"),
      ("simd/simd.h", "#pragma once\n#include <metal_stdlib>\n"),
    ]
  }()

  /// Every stand-in header: the name a source includes it by (its path under the include
  /// directory) and its text.
  static let files: [(name: String, text: String)] =
    [("metal_stdlib", metalStandardLibrary), ("SwiftUI/SwiftUI_Metal.h", swiftUIMetal)]
    + forwardingHeaders

  /// The names `<simd/simd.h>` gives Metal source.
  ///
  /// `simd_floatN`, `vector_floatN`, `simd_floatCxR`, `matrix_floatCxR` (and the integer and
  /// `half` vectors) name the Metal types, and `simd::float4` is `metal::float4`. They are part
  /// of `<metal_stdlib>`,
  /// which the runner includes before the source, so they are declared once, outside the
  /// namespaces the source is compiled in.
  private static var simdNames: String {
    var s = ""
    for type in ["float", "half", "int", "uint", "short", "ushort", "char", "uchar", "bool"] {
      s += "typedef \(type) simd_\(type)1;\n"
      for n in 2...4 {
        s +=
          "typedef metal::\(type)\(n) simd_\(type)\(n); typedef metal::\(type)\(n) vector_\(type)\(n);\n"
      }
    }
    for c in 2...4 {
      for r in 2...4 {
        for type in ["float", "half"] {
          s += "typedef metal::\(type)\(c)x\(r) simd_\(type)\(c)x\(r);"
          s += " typedef metal::\(type)\(c)x\(r) matrix_\(type)\(c)x\(r);\n"
        }
      }
    }
    return s + "namespace simd { using namespace metal; }\n"
  }

  /// The component letters of a vector of `count` components, in both name sets.
  private static func letterSets(_ count: Int) -> [[String]] {
    [Array("xyzw".prefix(count)).map(String.init), Array("rgba".prefix(count)).map(String.init)]
  }

  /// The vector types: `vec<T, N>` for N = 2, 3, 4, with constructors, operators and swizzles.
  private static func vectorTypes() -> String {
    var out = "namespace metal {\n"
    for n in 2...4 {
      out += vectorType(n)
    }
    out += "}  // namespace metal\n"
    return out
  }

  private static func vectorType(_ n: Int) -> String {
    let members = Array(["x", "y", "z", "w"].prefix(n))
    func each(_ body: (String) -> String, _ separator: String = ", ") -> String {
      members.map(body).joined(separator: separator)
    }
    var s = "template <typename T> struct vec<T, \(n)> {\n"
    s += "  T \(members.joined(separator: ", "));\n"
    s += "  typedef T lfx_scalar;\n"
    s += "  vec() = default;\n"
    // A user-declared copy makes the type non-trivial, so the x86-64 ABI passes it in memory
    // rather than as `<2 x float>` registers: after inlining it splits into scalars, and the
    // loop vectoriser (which refuses vector-typed instructions) widens the pixel loop.
    s += "  constexpr vec(const vec &o) : \(each { "\($0)(o.\($0))" }) {}\n"
    s += "  vec &operator=(const vec &o) = default;\n"
    s += "  constexpr vec(T s) : \(each { "\($0)(s)" }) {}\n"
    s += "  constexpr vec(\(each { "T \($0)_" })) : \(each { "\($0)(\($0)_)" }) {}\n"
    // Constructors from shorter vectors and scalars, in every order Metal allows.
    switch n {
    case 3:
      s += "  constexpr vec(vec<T, 2> a, T b) : x(a.x), y(a.y), z(b) {}\n"
      s += "  constexpr vec(T a, vec<T, 2> b) : x(a), y(b.x), z(b.y) {}\n"
    case 4:
      s += "  constexpr vec(vec<T, 2> a, T b, T c) : x(a.x), y(a.y), z(b), w(c) {}\n"
      s += "  constexpr vec(T a, vec<T, 2> b, T c) : x(a), y(b.x), z(b.y), w(c) {}\n"
      s += "  constexpr vec(T a, T b, vec<T, 2> c) : x(a), y(b), z(c.x), w(c.y) {}\n"
      s += "  constexpr vec(vec<T, 2> a, vec<T, 2> b) : x(a.x), y(a.y), z(b.x), w(b.y) {}\n"
      s += "  constexpr vec(vec<T, 3> a, T b) : x(a.x), y(a.y), z(a.z), w(b) {}\n"
      s += "  constexpr vec(T a, vec<T, 3> b) : x(a), y(b.x), z(b.y), w(b.z) {}\n"
    default: break
    }
    s += "  template <typename U> constexpr explicit vec(vec<U, \(n)> o) : "
    s += each { "\($0)(T(o.\($0)))" } + " {}\n"
    // A longer vector's first components (`half3(half4)`), as Metal's compiler accepts.
    s += "  template <typename U, int M, typename lfx_enable_if<(M > \(n))>::type = 0>\n"
    s += "  constexpr explicit vec(vec<U, M> o) : " + each { "\($0)(T(o.\($0)))" } + " {}\n"
    s += "  T &operator[](int i) { return (&x)[i]; }\n"
    s += "  T operator[](int i) const { return (&x)[i]; }\n"
    for op in ["+", "-", "*", "/"] {
      s +=
        "  friend vec operator\(op)(vec a, vec b) { return vec(\(each { "a.\($0) \(op) b.\($0)" })); }\n"
      s += "  friend vec operator\(op)(vec a, T b) { return vec(\(each { "a.\($0) \(op) b" })); }\n"
      s += "  friend vec operator\(op)(T a, vec b) { return vec(\(each { "a \(op) b.\($0)" })); }\n"
      s +=
        "  vec &operator\(op)=(vec b) { \(each({ "\($0) = \($0) \(op) b.\($0);" }, " ")) return *this; }\n"
      s +=
        "  vec &operator\(op)=(T b) { \(each({ "\($0) = \($0) \(op) b;" }, " ")) return *this; }\n"
    }
    for op in ["%", "&", "|", "^", "<<", ">>"] {
      s +=
        "  friend vec operator\(op)(vec a, vec b) { return vec(\(each { "a.\($0) \(op) b.\($0)" })); }\n"
      s += "  friend vec operator\(op)(vec a, T b) { return vec(\(each { "a.\($0) \(op) b" })); }\n"
    }
    s += "  friend vec operator-(vec a) { return vec(\(each { "-a.\($0)" })); }\n"
    s += "  friend vec operator+(vec a) { return a; }\n"
    s +=
      "  friend vec<bool, \(n)> operator!(vec a) { return vec<bool, \(n)>(\(each { "!a.\($0)" })); }\n"
    for op in ["<", "<=", ">", ">=", "==", "!=", "&&", "||"] {
      s +=
        "  friend vec<bool, \(n)> operator\(op)(vec a, vec b) { return vec<bool, \(n)>(\(each { "a.\($0) \(op) b.\($0)" })); }\n"
      s +=
        "  friend vec<bool, \(n)> operator\(op)(vec a, T b) { return vec<bool, \(n)>(\(each { "a.\($0) \(op) b" })); }\n"
      s +=
        "  friend vec<bool, \(n)> operator\(op)(T a, vec b) { return vec<bool, \(n)>(\(each { "a \(op) b.\($0)" })); }\n"
    }
    // Swizzles: every combination of 1…4 letters of one name set (single letters only for rgba,
    // whose xyzw forms are the members themselves).
    for letters in letterSets(n) {
      var combos: [[Int]] = (0..<n).map { [$0] }
      var all = letters[0] == "r" ? combos : []
      for _ in 2...4 {
        combos = combos.flatMap { combo in (0..<n).map { combo + [$0] } }
        all += combos
      }
      for combo in all {
        let name = combo.map { letters[$0] }.joined()
        let type = combo.count == 1 ? "T" : "vec<T, \(combo.count)>"
        let parts = combo.map { members[$0] }
        let isWritable = Set(combo).count == combo.count
        s +=
          "  __declspec(property(get = lfx_get_\(name)\(isWritable ? ", put = lfx_put_\(name)" : ""))) \(type) \(name);\n"
        s +=
          "  \(type) lfx_get_\(name)() const { return \(combo.count == 1 ? parts[0] : "\(type)(\(parts.joined(separator: ", ")))"); }\n"
        if isWritable {
          let targets = combo.count == 1 ? ["v"] : ["v.x", "v.y", "v.z", "v.w"]
          let stores = zip(parts, targets).map { "\($0) = \($1);" }.joined(separator: " ")
          s += "  void lfx_put_\(name)(\(type) v) { \(stores) }\n"
        }
      }
    }
    s += "};\n"
    return s
  }
}
