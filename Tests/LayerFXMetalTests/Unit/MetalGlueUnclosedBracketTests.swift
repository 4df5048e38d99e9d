import Testing

@testable import LayerFXMetal

/// The `{`, `(` or `[` a compile error in generated code is told at
/// (`MetalGlue.unclosedBracket(in:)`).
///
/// Lines and columns are counted by hand, columns in bytes as clang counts them.
@Suite struct MetalGlueUnclosedBracketTests {
  @Test("balanced braces give nil; the innermost brace open at the end is found")
  func innermost() {
    #expect(MetalGlue.unclosedBracket(in: "float f() { if (a) { b(); } return 1; }\n") == nil)
    // Line 2 is `  if (x) {`: its brace is the 10th byte, and the last one still open.
    let open = MetalGlue.unclosedBracket(in: "float f() {\n  if (x) {\n    y();\n")
    #expect(open?.line == 2 && open?.column == 10)
  }

  @Test("an open '(' or '[' is found with its closing bracket, the innermost of any kind")
  func parenthesesAndSquareBrackets() {
    #expect(MetalGlue.unclosedBracket(in: "int a[2] = { f(1), g[0] };\n") == nil)
    // `int x = (`: the parenthesis is the 9th byte of line 2, inside nothing else left open.
    let paren = MetalGlue.unclosedBracket(in: "int a[2];\nint x = (\n")
    #expect(paren?.bracket == "(" && paren?.closing == ")")
    #expect(paren?.line == 2 && paren?.column == 9)
    // `{ 1, 2, a[`: the `[` (21st byte) is inside the open `{` (12th) and is the one told.
    let square = MetalGlue.unclosedBracket(in: "int y[3] = { 1, 2, a[\n")
    #expect(square?.bracket == "[" && square?.closing == "]")
    #expect(square?.line == 1 && square?.column == 21)
    // A `)` closes the `(` after the `{`: the brace is what is left open.
    let brace = MetalGlue.unclosedBracket(in: "void f() { g(1);\n")
    #expect(brace?.bracket == "{" && brace?.closing == "}" && brace?.column == 10)
  }

  @Test("braces in comments, literals and directives do not count; 1'000 is a number")
  func skipped() {
    let text = """
      #define OPEN {
      // {
      /* { */
      int f() { int q = '{'; const char *s = "{\\"{"; int n = 1'000;

      """
    // `int f() {`: the brace is the 9th byte of line 4.
    let open = MetalGlue.unclosedBracket(in: text)
    #expect(open?.line == 4 && open?.column == 9)
  }

  @Test("the column counts bytes: é before the brace is two")
  func bytes() {
    // `/* é */ {`: 2 + 1 + 2 (é, U+00E9, is C3 A9 in UTF-8) + 1 + 2 + 1 = 9 bytes before it.
    let open = MetalGlue.unclosedBracket(in: "/* é */ {\n")
    #expect(open?.line == 1 && open?.column == 10)
  }
}
