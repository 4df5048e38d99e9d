/// The frames of an animation one run renders: `A..B` (frames A to B inclusive, from 0) or
/// `A..` (frame A to the last), so a long render splits across processes or machines.
///
/// Each frame keeps its index, time and name from the full schedule (frame 10 is rendered at
/// `10 / fps` and named `frame_0010.png`, padded for the full frame count), so the frames of
/// separate ranges are byte for byte those of one full render.
public struct FrameRange: Sendable, Equatable, CustomStringConvertible {
  /// The first frame, from 0.
  public var first: Int
  /// The last frame, inclusive; `nil` for the schedule's last.
  public var last: Int?

  /// Creates a range.
  ///
  /// - Parameters:
  ///   - first: The first frame, ≥ 0.
  ///   - last: The last frame, ≥ `first`, or `nil` for the end.
  /// - Precondition: As stated; checked in release.
  public init(first: Int, last: Int? = nil) {
    precondition(first >= 0 && (last ?? first) >= first, "a frame range runs forward from 0")
    self.first = first
    self.last = last
  }

  /// Parses `A..B` or `A..`, whole numbers from 0 with `A ≤ B`; `nil` when `text` is not of
  /// that form.
  ///
  /// - Parameter text: The range as written.
  public init?(parsing text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let isNumber = { (part: Substring) in part.allSatisfy { ("0"..."9").contains($0) } }
    guard parts.count == 3, parts[1].isEmpty, isNumber(parts[0]), let first = Int(parts[0])
    else { return nil }
    if parts[2].isEmpty {
      self.init(first: first)
      return
    }
    guard isNumber(parts[2]), let last = Int(parts[2]), last >= first else { return nil }
    self.init(first: first, last: last)
  }

  /// The frame indices this range selects from `frameCount` frames.
  ///
  /// - Parameter frameCount: The full schedule's frame count, ≥ 1.
  /// - Returns: The indices, or `nil` when the range starts or ends beyond the last frame.
  public func indices(in frameCount: Int) -> ClosedRange<Int>? {
    let last = last ?? frameCount - 1
    guard first < frameCount, last < frameCount else { return nil }
    return first...last
  }

  /// `A..B` or `A..`.
  public var description: String { "\(first).." + (last.map(String.init) ?? "") }
}
