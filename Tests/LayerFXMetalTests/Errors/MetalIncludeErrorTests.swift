import Foundation
import LayerFXTestSupport
import Testing

@testable import LayerFXMetal

/// Every `.metal` file is untrusted (issue 25, Build item 3): an include reaches only the
/// shader's own folder tree and the stand-in headers, refused in one line before clang runs.
@Suite("MetalSource refusals")
struct MetalIncludeErrorTests {
  /// The one-line message of compiling `main` (the text of `t.metal` in `directory`, or in
  /// its `folder`).
  static func message(_ main: String, in directory: TemporaryDirectory, folder: String = "")
    throws -> String
  {
    let path = directory.path(folder + "t.metal")
    try main.write(toFile: path, atomically: true, encoding: .utf8)
    var options = MetalTestSupport.options
    options.cacheDirectory = directory.path("cache")
    do {
      _ = try MetalLibrary(url: URL(fileURLWithPath: path), options: options)
      return "compiled"
    } catch {
      return error.description
    }
  }

  static let body = "\n[[ stitchable ]] half4 t(float2 position, half4 color) { return color; }\n"

  @Test("an absolute include is refused, also spelled with a splice, %:, a BOM or a no-break space")
  func absolute() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let refusal =
      ":1: #include \"/etc/hostname\" refused: an absolute path (a shader includes "
      + "files of its own folder tree only)"
    for spelling in [
      "#include \"/etc/hostname\"", "#inc\\\nlude \"/etc/hostname\"", "%:include \"/etc/hostname\"",
      "/* a */ # /* b */ include \"/etc/hostname\"", "\u{FEFF}#include \"/etc/hostname\"",
      "\u{A0}#include \"/etc/hostname\"",
    ] {
      #expect(
        try Self.message(spelling + Self.body, in: directory)
          == directory.path("t.metal") + refusal)
    }
  }

  @Test("a file outside the tree, by .. or through a symbolic link, is refused naming it")
  func outsideTree() throws {
    let outer = try TemporaryDirectory()
    defer { outer.remove() }
    try "float x;\n".write(toFile: outer.path("secret.h"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: outer.path("fx"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: outer.path("fx/link.h"), withDestinationPath: outer.path("secret.h"))
    let real = try #require(MetalSource.realPath(outer.path("secret.h")))
    let root = try #require(MetalSource.realPath(outer.path("fx")))
    for name in ["../secret.h", "link.h"] {
      #expect(
        try Self.message("#include \"\(name)\"" + Self.body, in: outer, folder: "fx/")
          == outer.path("fx/t.metal")
          + ":1: #include \"\(name)\" refused: \(real) is outside the shader's folder tree \(root)")
    }
  }

  @Test("a FIFO include is refused at once, never opened for a blocking read")
  func fifo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try directory.fifo("pipe.h")
    #expect(
      try Self.message("#include \"pipe.h\"" + Self.body, in: directory)
        == directory.path("t.metal") + ":1: #include \"pipe.h\" refused: not a regular file: a FIFO"
    )
  }

  @Test("#embed, a computed include, #include_next and __has_embed are refused with the line")
  func refusedDirectives() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cases: [(String, String)] = [
      ("#embed \"t.metal\"", ":1: #embed refused: a shader reads no files into its code"),
      (
        "#define F \"t.metal\"\n#include F",
        ":2: computed #include refused: name the file in quotes (\"x.h\") or a stand-in header "
          + "(<metal_stdlib>)"
      ),
      (
        "#include_next <metal_stdlib>",
        ":1: #include_next refused: a shader includes only its own files"
      ),
      (
        "#if __has_embed(\"t.metal\")\n#endif",
        ":1: __has_embed refused: a shader reads no files but its includes"
      ),
      (
        "#include <../../etc/passwd>",
        ":1: #include <../../etc/passwd> refused: a stand-in header is a plain relative name"
      ),
    ]
    for (source, refusal) in cases {
      #expect(
        try Self.message(source + Self.body, in: directory) == directory.path("t.metal") + refusal)
    }
  }

  // New-user trial 9: `_Pragma`, C++'s operator form of `#pragma`, got a dependency past the
  // scanner (clang then found no /etc/passwd behind its file-system overlay). Its string form is
  // refused with the line; a `_Pragma` made by a macro (`#x`), which this scanner cannot read,
  // is left to clang, whose overlay shows it no file (the verifying trial found the common
  // `#define PRAGMA(x) _Pragma(#x)` refused when such forms were refused outright).
  @Test(
    "#pragma GCC dependency and its _Pragma form are refused with the line; a computed one finds no file"
  )
  func pragmaDependency() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cases: [(String, String)] = [
      (
        "#pragma GCC dependency \"/etc/passwd\"",
        ":1: #pragma dependency refused: a shader reads no files but its includes"
      ),
      (
        "int a;\n_Pragma(\"GCC dependency \\\"/etc/passwd\\\"\")",
        ":2: _Pragma dependency refused: a shader reads no files but its includes"
      ),
    ]
    for (source, refusal) in cases {
      #expect(
        try Self.message(source + Self.body, in: directory) == directory.path("t.metal") + refusal)
    }
    for computed in [
      "#define P(x) _Pragma(#x)\nP(GCC dependency \"/etc/passwd\")",
      "#define P _Pragma\nP(\"GCC dependency \\\"/etc/passwd\\\"\")",
    ] {
      let message = try Self.message(computed + Self.body, in: directory)
      #expect(message.contains("'/etc/passwd' file not found"), "\(message)")
    }
    // A pragma that names no file still compiles in each form, a macro's among them.
    let allowed =
      "#pragma clang diagnostic ignored \"-Wunused\"\n"
      + "_Pragma(\"clang diagnostic ignored \\\"-Wunused-variable\\\"\")\n"
      + "#define PRAGMA(x) _Pragma(#x)\nPRAGMA(clang diagnostic ignored \"-Wunused-value\")"
    #expect(try Self.message(allowed + Self.body, in: directory) == "compiled")
  }

  // The trial's `#pragma clang poison color` was reported as "inline assembly (asm) is not
  // Metal" at the glue's line: clang's poisoned-identifier error, which LayerFX reads as its own
  // poisoned asm, in the code it adds after the source (which uses color). A poison pragma is
  // refused with its line, as a dependency is, in both spellings and both forms.
  @Test("#pragma clang poison and GCC poison, and their _Pragma forms, are refused with the line")
  func pragmaPoison() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let reason =
      " poison refused: the code LayerFX adds after the source to call its functions uses "
      + "Metal's names, which a poisoned name would break"
    let cases: [(String, String)] = [
      ("#pragma clang poison color", ":1: #pragma clang" + reason),
      ("int a;\n#pragma GCC poison unusedName", ":2: #pragma GCC" + reason),
      ("_Pragma(\"clang poison color\")", ":1: _Pragma clang" + reason),
    ]
    for (source, refusal) in cases {
      #expect(
        try Self.message(source + Self.body, in: directory) == directory.path("t.metal") + refusal)
    }
  }

  // The trial's `#line 1 "/etc/passwd"` made clang's messages name /etc/passwd (and a file
  // name could as well be one of LayerFX's own, `<layerfx lanes>`). A #line or GNU line marker
  // with anything after its number is refused with its line; a number alone still compiles.
  @Test("#line and line markers that name a file are refused with the line")
  func lineNamingFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let reason =
      " naming a file refused: clang's messages would name that file instead of the shader "
      + "(give a line number alone)"
    let cases: [(String, String)] = [
      ("#line 1 \"/etc/passwd\"", ":1: #line" + reason),
      ("int a;\n# /* c */ line 7 \"x.metal\"", ":2: #line" + reason),
      ("#define F \"/etc/passwd\"\n#line 1 F", ":2: #line" + reason),
      ("# 1 \"/etc/passwd\"", ":1: line marker # 1" + reason),
    ]
    for (source, refusal) in cases {
      #expect(
        try Self.message(source + Self.body, in: directory) == directory.path("t.metal") + refusal)
    }
    #expect(try Self.message("#line 7 // a number alone" + Self.body, in: directory) == "compiled")
  }

  // New-user trial 11: `#pragma clang __debug crash` (or parser_crash, llvm_fatal_error) made
  // clang crash on purpose, reported as "the compiler crashed on this file (an expression or
  // nesting too deep?)", a wrong guess. Clang's testing hooks are refused by name, with the line.
  @Test(
    "#pragma clang __debug and its _Pragma form are refused with the line",
    arguments: [
      ("#pragma clang __debug crash", ":1: #pragma"),
      ("int a;\n#pragma clang __debug parser_crash", ":2: #pragma"),
      ("_Pragma(\"clang __debug llvm_fatal_error\")", ":1: _Pragma"),
    ])
  func pragmaDebug(source: String, lineAndSpelling: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let expected: String =
      directory.path("t.metal") + lineAndSpelling
      + " clang __debug refused: a command to crash or dump the compiler, not Metal"
    #expect(try Self.message(source + Self.body, in: directory) == expected)
  }

  @Test(
    "an include inside a comment or string is not an include; a spliced // comment hides the next line"
  )
  func notDirectives() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // The splice continues the comment onto the next line, which is no directive (C++17
    // [lex.phases] phase 2 before phase 3); the others are a block comment and a string.
    let source =
      "// c \\\n#include \"/etc/hostname\"\n/*\n#include \"/etc/hostname\"\n*/\n"
      + "constant int n = sizeof(\"#include \\\"/etc/hostname\\\"\");" + Self.body
    #expect(try Self.message(source, in: directory) == "compiled")
  }

  @Test("a missing function is one line naming the file and the function as Metal spells it")
  func missingSymbol() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try """
    float wave(float x);
    float2 drift(float2 p);
    [[ stitchable ]] half4 t(float2 position, half4 color) { return color * half(wave(drift(position).x)); }
    """.write(toFile: directory.path("Ripple.metal"), atomically: true, encoding: .utf8)
    try "float wave(float x) { return x; }\n".write(
      toFile: directory.path("Wave.metal"), atomically: true, encoding: .utf8)
    var options = MetalTestSupport.options
    options.cacheDirectory = directory.path("cache")
    let error = #expect(throws: MetalCompileError.self) {
      try MetalLibrary(
        urls: [
          directory.url.appendingPathComponent("Ripple.metal"),
          directory.url.appendingPathComponent("Wave.metal"),
        ],
        options: options)
    }
    #expect(
      error?.description
        == directory.path("Ripple.metal")
        + ": undefined function 'drift(float2)': declared, but no file of the library defines it")
  }

  @Test("two stitchable functions of one name in two files are refused naming both")
  func duplicateFunction() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text = "[[ stitchable ]] half4 t(float2 position, half4 color) { return color; }\n"
    try text.write(toFile: directory.path("A.metal"), atomically: true, encoding: .utf8)
    try ("\n" + text).write(toFile: directory.path("B.metal"), atomically: true, encoding: .utf8)
    var options = MetalTestSupport.options
    options.cacheDirectory = directory.path("cache")
    let error = #expect(throws: MetalCompileError.self) {
      try MetalLibrary(urls: [directory.url], options: options)
    }
    #expect(
      error?.description
        == directory.path("B.metal") + ":2: t: also [[ stitchable ]] at "
        + directory.path("A.metal") + ":1; a library's functions need distinct names")
  }

  // SwiftUI's ShaderLibrary finds a function by name alone, so an overload is as ambiguous as
  // a second file's function of that name; the first had been run and the second dropped.
  @Test("two overloads of one stitchable function in one file are refused naming both lines")
  func overloadedFunction() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text =
      "[[ stitchable ]] half4 over(float2 position, half4 color) { return color; }\n"
      + "[[ stitchable ]] half4 over(float2 position, half4 color, float a) { return color * a; }\n"
    try text.write(toFile: directory.path("over.metal"), atomically: true, encoding: .utf8)
    var options = MetalTestSupport.options
    options.cacheDirectory = directory.path("cache")
    let error = #expect(throws: MetalCompileError.self) {
      try MetalLibrary(paths: [directory.path("over.metal")], options: options)
    }
    #expect(
      error?.description
        == directory.path("over.metal") + ":2: over: also [[ stitchable ]] at "
        + directory.path("over.metal") + ":1; a library's functions need distinct names")
  }
}
