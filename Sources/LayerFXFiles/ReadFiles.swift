import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files this process has read through ``InputFile``, by device and inode, which
/// ``AtomicFile`` then refuses to replace whatever path names them.
///
/// Every file a command reads joins the set at the one place files are read
/// (``InputFile/read(_:limit:readsPipes:)``): the input image, a `.metal` source, an image
/// argument, a config or keyframes document, a fill's source. So no `-o` can overwrite any of them,
/// however the command reached the file, without each command listing what it read.
///
/// Off until ``startGuarding()``: a program (the CLI) turns it on at its start; a library used
/// in a long-lived host may legitimately rewrite a file it read earlier, so it stays off there.
///
/// Source: stat(2) (`st_dev` and `st_ino` identify a file across every path to it).
public enum ReadFiles {
  /// A file's identity: the device holding it and its inode number there.
  private struct Identity: Hashable {
    let device: UInt64
    let inode: UInt64
  }

  /// Whether reads are recorded, and the identities recorded so far.
  private static let state = Mutex<(isGuarding: Bool, files: Set<Identity>)>((false, []))

  /// Starts recording every regular file read from now on, so none of them can be replaced.
  public static func startGuarding() {
    state.withLock { $0.isGuarding = true }
  }

  /// Forgets every file recorded so far; guarding stays on.
  ///
  /// For a command that reads its files again before each output (`tune`): an identity is
  /// a file's only while it exists, and an editor that saves by rename frees the old version's
  /// inode, which a file written later (the preview) may get. Forgetting before each round and
  /// recording the reads of that round compares an output with the files as they are now.
  public static func forgetAll() {
    state.withLock { $0.files.removeAll() }
  }

  /// Records the file `status` describes as read (when guarding).
  ///
  /// - Parameter status: fstat(2) of the opened file.
  static func record(_ status: stat) {
    let identity = Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    state.withLock { if $0.isGuarding { $0.files.insert(identity) } }
  }

  /// Whether the file `status` describes has been read by this process (while guarding).
  ///
  /// - Parameter status: stat(2) of a destination.
  /// - Returns: `true` when writing it would replace a file the process read.
  static func contains(_ status: stat) -> Bool {
    let identity = Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    return state.withLock { $0.files.contains(identity) }
  }
}
