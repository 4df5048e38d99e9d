import CLayerFXFiles

/// The process's arguments as the kernel passed them, byte for byte.
///
/// `CommandLine.arguments` reads `/proc/self/cmdline` on Linux (so it is empty where `/proc`
/// is not mounted) and replaces bytes that are not UTF-8, so a file name given on the command
/// line could name another file. These come from the C `argv` captured before `main`
/// (`CLayerFXFiles`), each converted with ``RawBytes/string(cString:)``, which
/// ``RawBytes/cString(_:)`` reverses exactly.
public enum ProcessArguments {
  /// The arguments after the program name.
  public static var all: [String] {
    let count = Int(lfx_argc())
    guard count > 0 else {
      let argv = UnsafeBufferPointer(start: CommandLine.unsafeArgv, count: Int(CommandLine.argc))
      return argv.dropFirst().compactMap { $0.map { RawBytes.string(cString: $0) } }
    }
    return (1..<count).compactMap { index in
      lfx_argv(Int32(index)).map(RawBytes.string(cString:))
    }
  }
}
