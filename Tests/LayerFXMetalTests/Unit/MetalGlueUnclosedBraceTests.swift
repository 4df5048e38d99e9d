import Testing

@testable import LayerFXMetal

/// The `{` a compile error in the generated glue is told at (`MetalGlue.unclosedBrace(in:)`).
///
/// Lines and columns are counted by hand, columns in bytes as clang counts them.
@Suite struct MetalGlueUnclosedBraceTests {
  @Test("balanced braces give nil; the innermost brace open at the end is found")
  func innermost() {
    #expect(MetalGlue.unclosedBrace(in: "float f() { if (a) { b(); } return 1; }\n") == nil)
    // Line 2 is `  if (x) {`: its brace is the 10th byte, and the last one still open.
    let open = MetalGlue.unclosedBrace(in: "float f() {\n  if (x) {\n    y();\n")
    #expect(open?.line == 2 && open?.column == 10)
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
    let open = MetalGlue.unclosedBrace(in: text)
    #expect(open?.line == 4 && open?.column == 9)
  }

  @Test("the column counts bytes: é before the brace is two")
  func bytes() {
    // `/* é */ {`: 2 + 1 + 2 (é, U+00E9, is C3 A9 in UTF-8) + 1 + 2 + 1 = 9 bytes before it.
    let open = MetalGlue.unclosedBrace(in: "/* é */ {\n")
    #expect(open?.line == 1 && open?.column == 10)
  }
}
