extension StandInHeader {
  /// The matrix types `floatCxR` and `halfCxR` (C columns of R rows, C and R in 2…4), stored by
  /// columns as Metal stores them, with the matrix functions.
  ///
  /// - `m[i]` is column i (a `vec<T, R>`, read and write); `m[i][j]` row j of it.
  /// - Constructors: one scalar s (s on the diagonal, 0 elsewhere), C columns, or C × R scalars
  ///   taken column by column, and an explicit conversion from the same shape of another scalar
  ///   type (`half3x3(float3x3)`).
  /// - `M * v` (v of C components) = Σᵢ M[i] · vᵢ; `v * M` (v of R components) has component j =
  ///   dot(v, M[j]); `A * B` has column j = A * B[j]; `M * s`, `s * M`, `M + N`, `M − N`, `−M`
  ///   component by component.
  /// - `transpose(M)`; `determinant(M)` of a square matrix by cofactor expansion along the first
  ///   column.
  ///
  /// Source: Metal Shading Language Specification 3.2, §2.3 (matrix types, column-major storage,
  /// `m[i]` a column), §2.3.2 (matrix constructors), §3.4 (operators on matrices: `*` is linear
  /// algebra, `+ −` component-wise) and §6.6 (`determinant`, `transpose`).
  static func matrixTypes() -> String {
    var out = "namespace metal {\ntemplate <typename T, int C, int R> struct mat;\n" + matrixHelpers
    for columns in 2...4 {
      out += matrixType(columns)
    }
    out += matrixOperations
    out += "#define LFX_MATRIX_NAMES(T) \\\n"
    let shapes = (2...4).flatMap { c in (2...4).map { r in (c, r) } }
    let names = shapes.map { "\($0.0)x\($0.1)" }
    out += shapes.map { "  typedef mat<T, \($0.0), \($0.1)> T##\($0.0)x\($0.1);" }.joined(
      separator: " \\\n")
    out += "\nLFX_MATRIX_NAMES(float)\nLFX_MATRIX_NAMES(half)\n#undef LFX_MATRIX_NAMES\n"
    out += "}  // namespace metal\n"
    out += names.map { "using metal::float\($0); using metal::half\($0);" }.joined(separator: "\n")
    return out + "\n"
  }

  /// `mat<T, C, R>` for one column count, generic over the scalar type and the row count.
  private static func matrixType(_ c: Int) -> String {
    let indices = Array(0..<c)
    var s = "template <typename T, int R> struct mat<T, \(c), R> {\n"
    s += "  vec<T, R> columns[\(c)];\n"
    s += "  typedef T lfx_scalar;\n"
    s += "  mat() = default;\n"
    s += "  explicit constexpr mat(T s) : columns{"
    s += indices.map { "lfx_unit<T, R>(\($0), s)" }.joined(separator: ", ") + "} {}\n"
    s += "  constexpr mat(" + indices.map { "vec<T, R> c\($0)" }.joined(separator: ", ")
    s += ") : columns{" + indices.map { "c\($0)" }.joined(separator: ", ") + "} {}\n"
    // C × R scalars, column by column; the rows are a template so one declaration serves 2…4.
    s += "  template <typename... A, typename lfx_enable_if<sizeof...(A) == \(c) * R>::type = 0>\n"
    s += "  constexpr mat(A... a) : mat(lfx_scalars<T, \(c) * R>{{T(a)...}}) {}\n"
    s += "  constexpr mat(const lfx_scalars<T, \(c) * R> &s) : columns{"
    s +=
      indices.map { "lfx_column<T, R>::make(s.v + \($0) * R)" }.joined(separator: ", ") + "} {}\n"
    s += "  template <typename U> explicit constexpr mat(const mat<U, \(c), R> &o) : columns{"
    s += indices.map { "vec<T, R>(o.columns[\($0)])" }.joined(separator: ", ") + "} {}\n"
    s += "  vec<T, R> &operator[](int i) { return columns[i]; }\n"
    s += "  const vec<T, R> &operator[](int i) const { return columns[i]; }\n"
    s += "};\n"
    return s
  }

  /// The helpers the constructors use.
  private static let matrixHelpers = #"""
    template <typename T, int R> struct lfx_unit_helper;
    template <typename T> struct lfx_unit_helper<T, 2> {
      static constexpr vec<T, 2> make(int i, T s) { return vec<T, 2>(i == 0 ? s : T(0), i == 1 ? s : T(0)); } };
    template <typename T> struct lfx_unit_helper<T, 3> {
      static constexpr vec<T, 3> make(int i, T s) { return vec<T, 3>(i == 0 ? s : T(0), i == 1 ? s : T(0), i == 2 ? s : T(0)); } };
    template <typename T> struct lfx_unit_helper<T, 4> {
      static constexpr vec<T, 4> make(int i, T s) {
        return vec<T, 4>(i == 0 ? s : T(0), i == 1 ? s : T(0), i == 2 ? s : T(0), i == 3 ? s : T(0)); } };
    // Column i of s times the identity: s at row i (nothing when i ≥ R, for a wide matrix).
    template <typename T, int R> constexpr vec<T, R> lfx_unit(int i, T s) { return lfx_unit_helper<T, R>::make(i, s); }
    // C × R scalars, and column i of them: R in a row from v (constant-evaluable, so a matrix
    // can be `constexpr`).
    template <typename T, int N> struct lfx_scalars { T v[N]; };
    template <typename T, int R> struct lfx_column;
    template <typename T> struct lfx_column<T, 2> { static constexpr vec<T, 2> make(const T *v) { return vec<T, 2>(v[0], v[1]); } };
    template <typename T> struct lfx_column<T, 3> { static constexpr vec<T, 3> make(const T *v) { return vec<T, 3>(v[0], v[1], v[2]); } };
    template <typename T> struct lfx_column<T, 4> { static constexpr vec<T, 4> make(const T *v) { return vec<T, 4>(v[0], v[1], v[2], v[3]); } };
    """#

  /// The operators and functions on every shape.
  private static let matrixOperations = #"""
    // M * v = Σᵢ M[i] · vᵢ; v * M = (dot(v, M[j]))ⱼ; (A * B)[j] = A * B[j] (MSL §3.4).
    template <typename T, int C, int R> inline vec<T, R> operator*(const mat<T, C, R> &m, vec<T, C> v) {
      vec<T, R> r = m.columns[0] * v[0];
      for (int i = 1; i < C; ++i) r = r + m.columns[i] * v[i];
      return r;
    }
    template <typename T, int C, int R> inline vec<T, C> operator*(vec<T, R> v, const mat<T, C, R> &m) {
      vec<T, C> r;
      for (int j = 0; j < C; ++j) r[j] = dot(v, m.columns[j]);
      return r;
    }
    template <typename T, int K, int C, int R> inline mat<T, C, R> operator*(const mat<T, K, R> &a, const mat<T, C, K> &b) {
      mat<T, C, R> r;
      for (int j = 0; j < C; ++j) r.columns[j] = a * b.columns[j];
      return r;
    }
    template <typename T, int C> inline vec<T, C> &operator*=(vec<T, C> &v, const mat<T, C, C> &m) { return v = v * m; }
    template <typename T, int C> inline mat<T, C, C> &operator*=(mat<T, C, C> &a, const mat<T, C, C> &b) { return a = a * b; }
    #define LFX_MATRIX_COMPONENTWISE(op, each, ...) \
      template <typename T, int C, int R> inline mat<T, C, R> operator op(const mat<T, C, R> &a, __VA_ARGS__) { \
        mat<T, C, R> r; for (int i = 0; i < C; ++i) r.columns[i] = each; return r; } \
      template <typename T, int C, int R> inline mat<T, C, R> &operator op##=(mat<T, C, R> &a, __VA_ARGS__) { return a = a op b; }
    LFX_MATRIX_COMPONENTWISE(+, a.columns[i] + b.columns[i], const mat<T, C, R> &b)
    LFX_MATRIX_COMPONENTWISE(-, a.columns[i] - b.columns[i], const mat<T, C, R> &b)
    LFX_MATRIX_COMPONENTWISE(*, a.columns[i] * b, lfx_id<T> b)
    LFX_MATRIX_COMPONENTWISE(/, a.columns[i] / b, lfx_id<T> b)
    #undef LFX_MATRIX_COMPONENTWISE
    template <typename T, int C, int R> inline mat<T, C, R> operator*(lfx_id<T> s, const mat<T, C, R> &m) { return m * s; }
    template <typename T, int C, int R> inline mat<T, C, R> operator-(const mat<T, C, R> &m) { return m * T(-1); }
    template <typename T, int C, int R> inline mat<T, C, R> operator+(const mat<T, C, R> &m) { return m; }

    // transpose(M)[j][i] = M[i][j]; determinant by cofactors along the first column (MSL §6.6).
    template <typename T, int C, int R> inline mat<T, R, C> transpose(const mat<T, C, R> &m) {
      mat<T, R, C> r;
      for (int i = 0; i < C; ++i)
        for (int j = 0; j < R; ++j) r.columns[j][i] = m.columns[i][j];
      return r;
    }
    template <typename T> inline T determinant(const mat<T, 2, 2> &m) { return m[0][0] * m[1][1] - m[1][0] * m[0][1]; }
    template <typename T> inline T determinant(const mat<T, 3, 3> &m) {
      return m[0][0] * (m[1][1] * m[2][2] - m[2][1] * m[1][2])
           - m[0][1] * (m[1][0] * m[2][2] - m[2][0] * m[1][2])
           + m[0][2] * (m[1][0] * m[2][1] - m[2][0] * m[1][1]);
    }
    template <typename T> inline T determinant(const mat<T, 4, 4> &m) {
      // The 3 × 3 minor of M without column 0 and row `row`.
      auto cofactor_minor = [&m](int row) {
        mat<T, 3, 3> s;
        for (int i = 1; i < 4; ++i)
          for (int j = 0, k = 0; j < 4; ++j)
            if (j != row) s.columns[i - 1][k++] = m.columns[i][j];
        return determinant(s);
      };
      return m[0][0] * cofactor_minor(0) - m[0][1] * cofactor_minor(1) + m[0][2] * cofactor_minor(2) - m[0][3] * cofactor_minor(3);
    }

    """#
}
