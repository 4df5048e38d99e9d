extension MessageText {
  /// Two or more names as a message lists them: `center and origin`, `0, 1 or auto`.
  ///
  /// - Parameters:
  ///   - items: The names, in the order the message gives them; two or more.
  ///   - conjunction: The word before the last name (`and`, `or`).
  /// - Returns: The names but the last joined by `, `, then the conjunction and the last.
  public static func list(_ items: [String], conjunction: String) -> String {
    items.dropLast().joined(separator: ", ") + " \(conjunction) " + (items.last ?? "")
  }
}
