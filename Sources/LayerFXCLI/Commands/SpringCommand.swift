import Foundation
import LayerFXAnimation
import LayerFXArguments
import LayerFXComposition

/// `layerfx spring`, a spring inspector: a SwiftUI `Spring`'s constants and its motion from 0
/// to 1 at rest.
enum SpringCommand: CommandDefinition {
  static let name = "spring"
  static let summary = "Print a SwiftUI spring's constants and its motion from 0 to 1."
  static let synopsis =
    "[--duration SECONDS --bounce B | --mass M --stiffness K --damping C "
    + "| --response SECONDS --damping-ratio Z] [--at T,T,…]"
  static let discussion = """
    Describe the spring in one of three ways, as SwiftUI's initialisers do:
      --duration/--bounce                 Spring(duration:bounce:), defaults 0.5 s and 0
      --mass/--stiffness/--damping        Spring(mass:stiffness:damping:allowOverDamping:);
                                          --stiffness and --damping required, mass default 1
      --response/--damping-ratio          Spring(response:dampingRatio:), both required
    No option at all is Spring() (duration 0.5 s, bounce 0). Prints one 'name: value' line
    each for mass, stiffness (force per unit of displacement), damping (force per unit of
    velocity), response (seconds; SwiftUI's duration), damping ratio, bounce and settling
    duration (seconds until the motion stays within 0.001 of 1; inf if it never settles).
    With --at, then prints 'time,value,velocity' and one row per time (seconds) for the
    motion from 0 to 1 starting at rest (velocity in units per second). Numbers have 6
    decimals; a parameter below 0.001 or from 1e10 up is in exponent form instead (mass:
    1.000000e-30), and one that 6 decimals would round to a whole number it is not is
    written as read back (bounce: 0.99999999).
    """
  static let options: [OptionSpec] = [
    .value("duration", "SECONDS", "perceptual duration, seconds, > 0 (default 0.5)"),
    .value("bounce", "B", "bounciness, -1 < B <= 1: 0 critically damped, > 0 bounces (default 0)"),
    .value("mass", "M", "mass, > 0 (default 1)"),
    .value("stiffness", "K", "spring constant, force per unit of displacement, > 0"),
    .value("damping", "C", "friction, force per unit of velocity, >= 0"),
    .flag("allow-over-damping", "keep a damping above critical (else capped, as in SwiftUI)"),
    .value("response", "SECONDS", "period of the undamped oscillation, seconds, > 0"),
    .value("damping-ratio", "Z", "damping ratio, >= 0: 1 critical, < 1 bounces"),
    .value("at", "T,T,…", "times to print the motion at, seconds, each >= 0"),
  ]

  /// The option groups, one per initialiser; options of different groups exclude each other.
  static let groups = [
    ["duration", "bounce"], ["mass", "stiffness", "damping", "allow-over-damping"],
    ["response", "damping-ratio"],
  ]

  /// A bounce in SwiftUI's range (−1, 1].
  static let bounce = ValueType<Double>(expected: "a finite number in (-1, 1]") { text in
    Double(decimal: text).flatMap { $0 > -1 && $0 <= 1 ? $0 : nil }
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws {
    _ = try arguments.positionals()
    let spring = try makeSpring(arguments)
    let times = try arguments.value("at", as: .times) ?? []
    console.print(spring.report(at: times).joined(separator: "\n"))
  }

  /// The spring the options describe.
  ///
  /// - Throws: ``UsageError`` for options of two groups, a missing required option, a value
  ///   out of range, or values whose stiffness or damping overflow.
  static func makeSpring(_ arguments: ParsedArguments) throws(UsageError) -> Spring {
    let used = groups.filter { group in group.contains { arguments.has($0) } }
    if used.count > 1, let first = used[0].first(where: arguments.has),
      let second = used[1].first(where: arguments.has)
    {
      throw .invalid(
        "--\(first) and --\(second) cannot be used together; describe the spring by "
          + "--duration/--bounce, --mass/--stiffness/--damping or --response/--damping-ratio")
    }
    let spring: Spring
    switch used.first?.first {
    case "mass":
      let mass = try arguments.value("mass", as: .positiveNumber, default: 1)
      guard let stiffness = try arguments.value("stiffness", as: .positiveNumber) else {
        throw .missing("--stiffness (the mass/stiffness/damping form needs it)")
      }
      guard let damping = try arguments.value("damping", as: .nonNegativeNumber) else {
        throw .missing("--damping (the mass/stiffness/damping form needs it)")
      }
      spring = Spring(
        mass: mass, stiffness: stiffness, damping: damping,
        allowOverDamping: arguments.has("allow-over-damping"))
    case "response":
      guard let response = try arguments.value("response", as: .positiveNumber) else {
        throw .missing("--response (the response/damping-ratio form needs it)")
      }
      guard let ratio = try arguments.value("damping-ratio", as: .nonNegativeNumber) else {
        throw .missing("--damping-ratio (the response/damping-ratio form needs it)")
      }
      spring = Spring(response: response, dampingRatio: ratio)
    default:
      spring = Spring(
        duration: try arguments.value("duration", as: .positiveNumber, default: 0.5),
        bounce: try arguments.value("bounce", as: bounce, default: 0))
    }
    return spring
  }
}
