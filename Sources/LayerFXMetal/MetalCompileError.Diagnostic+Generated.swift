extension MetalCompileError.Diagnostic {
  /// Whether the diagnostic lies in code LayerFX generated around the user's source, not in a
  /// file the user wrote: the glue (`MetalGlue.fileName`, the name the compile cache's unit
  /// is given too), or a line of a source file past its last line.
  ///
  /// The glue follows the source in one unit, and what comes before its `#line` (the
  /// namespace's closing brace), or all of it when an open `/*` swallows that `#line`, is
  /// numbered as lines of the source after its end: clang's errors there are about LayerFX's
  /// code, consequences of something the source left open.
  ///
  /// - Parameter rewriters: Each source file's rewriter by its name in diagnostics, for its
  ///   number of lines.
  /// - Returns: `true` for the glue or a line past a source file's end.
  func isGenerated(rewriters: [String: MetalSourceRewriter]) -> Bool {
    file == MetalGlue.fileName || rewriters[file].map { line > $0.lineCount } == true
  }
}
