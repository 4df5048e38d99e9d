import LayerFXComposition

/// An error about the value of one setting, tagged with the option that gave it, so a run with
/// `--config` names the config's key instead of the option
/// (``ConfigOptions/attributing(_:commandLine:_:)``).
///
/// On the command line it reads and exits as the error it wraps.
struct SettingError: ExitCoded {
  /// The option whose value the error is about, without dashes (`output`, `fps`).
  let option: String
  /// The error as the command line reports it.
  let underlying: any Error
  /// The problem in a config's words, where the command line's names a flag: the key path
  /// names the setting, so this says only what is wrong and what is valid (`x.png names a PNG
  /// file, but an animation writes a directory of frames: give a folder, DIR/ …`); `nil` when
  /// the command line's words serve both.
  var inConfig: String? = nil

  /// The wrapped error's code, but for a limit (``CLIError/limitExceeded(_:)``,
  /// `CompositionError.limitExceeded`) exceeded by what a file option names (``dataOptions``:
  /// the input's pixels, a keyframes file's values): bad data, 65, where a limit a flag's value
  /// exceeds is a usage error, 64.
  var exitCode: ExitCode {
    let code = (underlying as? any ExitCoded)?.exitCode ?? .software
    guard Self.dataOptions.contains(option), Self.isLimit(underlying) else { return code }
    return .dataError
  }

  /// The options that name files whose contents set the values a limit is about: `input` (INPUT
  /// or a config's `input`), `keyframes`, and `image` (an image argument, `--arg NAME=FILE.png`,
  /// which no config key gives).
  static let dataOptions: Set = ["input", "keyframes", "image"]

  /// Whether `error` is a limit refused (the pixels, frames or padded size a run would have).
  static func isLimit(_ error: any Error) -> Bool {
    switch error {
    case CLIError.limitExceeded, CompositionError.limitExceeded: true
    default: false
    }
  }
  var description: String { "\(underlying)" }
  var line: String { (underlying as? any ExitCoded)?.line ?? description }

  /// Runs `body`, tagging what it throws with `option` (an error already tagged keeps its
  /// option).
  ///
  /// - Throws: ``SettingError`` wrapping what `body` throws.
  static func about<T>(_ option: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SettingError {
      throw error
    } catch {
      throw SettingError(option: option, underlying: error)
    }
  }

  /// Runs `body`, tagging a limit it refuses (``isLimit(_:)``) with the file option `option`,
  /// so it exits as bad data (65) rather than as a flag's value (64); other errors pass as they
  /// are.
  ///
  /// - Throws: ``SettingError`` about `option` for a limit; what else `body` throws.
  static func aboutLimits<T>(of option: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error where isLimit(error) {
      throw SettingError(option: option, underlying: error)
    }
  }
}
