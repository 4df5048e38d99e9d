extension ConfigLeaves {
  /// One line for each changed effect value that a keyframe track of the same effect animates
  /// (`effects[0].amplitude` beside `effects[0].keyframes.amplitude`): a track starts from the
  /// value, so the change moves only the track's start, or nothing when the track starts with
  /// a move keyframe (Documentation/Semantics.md §7).
  ///
  /// - Parameter changed: The changed key paths; these leaves are the new document's.
  /// - Returns: The notes, in the order of `changed`.
  public func overriddenNotes(changed: [String]) -> [String] {
    changed.compactMap { path in
      guard path.hasPrefix("effects["), let dot = path.lastIndex(of: "."),
        !path[..<dot].contains(".")
      else { return nil }
      let effect = path[..<dot]
      let name = path[path.index(after: dot)...]
      let track = "\(effect).keyframes.\(name)"
      guard values.keys.contains(where: { $0.hasPrefix(track + "[") }) else { return nil }
      return values["\(track)[0].type"] == "move"
        ? "\(path) is overridden by its keyframe track \(track), which starts with a move; the "
          + "change has no effect"
        : "\(path) is animated by its keyframe track \(track); the change only moves where "
          + "the track starts"
    }
  }
}
