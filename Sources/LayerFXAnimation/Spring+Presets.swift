import Foundation

extension Spring {
  /// A smooth spring with no bounce: `Spring(duration: 0.5, bounce: 0)`.
  ///
  /// Source: Apple, "Spring.smooth" (https://developer.apple.com/documentation/swiftui/spring/smooth).
  public static var smooth: Spring { smooth() }

  /// A smooth spring: `Spring(duration: duration, bounce: extraBounce)`.
  ///
  /// - Parameters:
  ///   - duration: Seconds, > 0; default 0.5.
  ///   - extraBounce: Added to the preset's bounce of 0; the sum must be in (−1, 1].
  /// - Returns: The spring.
  ///
  /// Source: Apple, "Spring.smooth(duration:extraBounce:)"
  /// (https://developer.apple.com/documentation/swiftui/spring/smooth(duration:extrabounce:)).
  public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
    Spring(duration: duration, bounce: 0 + extraBounce)
  }

  /// A snappy spring with a little bounce: `Spring(duration: 0.5, bounce: 0.15)`.
  ///
  /// Source: Apple, "Spring.snappy" (https://developer.apple.com/documentation/swiftui/spring/snappy).
  public static var snappy: Spring { snappy() }

  /// A snappy spring: `Spring(duration: duration, bounce: 0.15 + extraBounce)`.
  ///
  /// - Parameters:
  ///   - duration: Seconds, > 0; default 0.5.
  ///   - extraBounce: Added to the preset's bounce of 0.15; the sum must be in (−1, 1].
  /// - Returns: The spring.
  ///
  /// Source: Apple, "Spring.snappy(duration:extraBounce:)"
  /// (https://developer.apple.com/documentation/swiftui/spring/snappy(duration:extrabounce:)).
  public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
    Spring(duration: duration, bounce: 0.15 + extraBounce)
  }

  /// A bouncy spring: `Spring(duration: 0.5, bounce: 0.3)`.
  ///
  /// Source: Apple, "Spring.bouncy" (https://developer.apple.com/documentation/swiftui/spring/bouncy).
  public static var bouncy: Spring { bouncy() }

  /// A bouncy spring: `Spring(duration: duration, bounce: 0.3 + extraBounce)`.
  ///
  /// - Parameters:
  ///   - duration: Seconds, > 0; default 0.5.
  ///   - extraBounce: Added to the preset's bounce of 0.3; the sum must be in (−1, 1].
  /// - Returns: The spring.
  ///
  /// Source: Apple, "Spring.bouncy(duration:extraBounce:)"
  /// (https://developer.apple.com/documentation/swiftui/spring/bouncy(duration:extrabounce:)).
  public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
    Spring(duration: duration, bounce: 0.3 + extraBounce)
  }
}
