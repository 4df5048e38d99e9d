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

  var exitCode: ExitCode { (underlying as? any ExitCoded)?.exitCode ?? .software }
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
}
