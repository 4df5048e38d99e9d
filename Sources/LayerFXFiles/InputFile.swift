#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way LayerFX reads a file it is given (a PNG, a keyframes document, a `.metal`
/// source): checked before a byte is read, then read whole.
///
/// - `-` is standard input, read to its end whatever it is (a pipe, a FIFO, a terminal, a
///   file); a closed descriptor 0 is ``InputFileError/standardInputClosed``.
/// - Any other path is opened with `O_NONBLOCK | O_NOCTTY`, so opening a FIFO or a terminal
///   never waits, and `fstat` then decides. A regular file is read whole. A pipe or FIFO
///   (`/dev/stdin` in a pipeline, `/dev/fd/63` of a shell's `<(…)`) is read to its end as
///   standard input is; one that ends before its first byte, as a FIFO nobody has opened for
///   writing does at once, is refused as "a FIFO with nothing written to it", so an input never
///   waits for a writer that may not come. A directory is refused as `Is a directory`; a device
///   (`/dev/zero`, a terminal) or a socket with its kind.
/// - The size is checked against `limit` before anything is allocated, so a 30 GB sparse file
///   costs nothing; standard input and a pipe are read until they pass `limit`.
///
/// A regular file read joins ``ReadFiles``, so no output of the same process replaces it.
///
/// Paths are converted with ``RawBytes/cString(_:)``, so a name that is not UTF-8 opens the
/// file it names.
///
/// Source: open(2) (`O_NONBLOCK` on a FIFO opened for reading returns at once), fstat(2),
/// read(2).
public enum InputFile {
  /// The name errors give standard input.
  public static let standardInputName = "<stdin>"

  /// Returns every byte of `path`, or of standard input for `-`.
  ///
  /// - Parameters:
  ///   - path: A file path, or `-`.
  ///   - limit: The most bytes accepted, ≥ 0.
  ///   - readsPipes: Whether a pipe or FIFO is read; `false` refuses it as `notRegularFile`
  ///     (a file a `.metal` source includes, which only a regular file may be).
  /// - Returns: The whole content.
  /// - Throws: ``InputFileError``: `notFound`, `notRegularFile` (a device or a socket),
  ///   `standardInputClosed`, `tooLarge` (before reading, for a file), `cannotOpen` (also a
  ///   FIFO with nothing written to it), `readFailed`.
  public static func read(_ path: String, limit: Int, readsPipes: Bool = true)
    throws(InputFileError) -> [UInt8]
  {
    if path == "-" {
      var status = stat()
      // Closed when the process started (StandardStreams put /dev/null there), or now.
      guard !StandardStreams.wasClosed(STDIN_FILENO), fstat(STDIN_FILENO, &status) == 0 else {
        throw .standardInputClosed
      }
      if (status.st_mode & S_IFMT) == S_IFDIR {
        throw .cannotOpen(path: standardInputName, reason: text(EISDIR))
      }
      return try readAll(STDIN_FILENO, status: status, name: standardInputName, limit: limit)
    }
    let descriptor = open(RawBytes.cString(path), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      throw code == ENOENT ? .notFound(path: path) : .cannotOpen(path: path, reason: text(code))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .readFailed(path: path, reason: text(errno))
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      ReadFiles.record(status)
      return try readAll(descriptor, status: status, name: path, limit: limit)
    case S_IFIFO where readsPipes:
      // Opened O_NONBLOCK, a FIFO without a writer reads as ended at once (read(2) returns 0)
      // rather than waiting for one: nothing read means nothing was, or will be, written.
      let bytes = try readAll(descriptor, status: status, name: path, limit: limit)
      guard !bytes.isEmpty else {
        throw .cannotOpen(path: path, reason: "a FIFO with nothing written to it")
      }
      return bytes
    case S_IFDIR: throw .cannotOpen(path: path, reason: text(EISDIR))
    default: throw .notRegularFile(path: path, kind: kind(status.st_mode))
    }
  }

  /// Names the kind of a file that is not regular, for messages ("a directory", "a FIFO").
  ///
  /// - Parameter mode: `st_mode` from stat(2).
  /// - Returns: An article and a noun.
  public static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
  }

  /// The largest piece a stream is read in, bytes: what reading holds beside the bytes read.
  static let maxPieceByteCount = 16 << 20

  /// Reads `descriptor` to its end; a regular file's size is checked first.
  ///
  /// What was read is never moved while reading: a stream is read in pieces (64 KiB, doubling
  /// to `maxPieceByteCount`), joined once at its end, each piece freed as it is copied, so a
  /// stream of N bytes costs about N + `maxPieceByteCount` bytes, and one over `limit` is
  /// refused at `limit` + 1 bytes read. (A growing array holds its old and new storage at once:
  /// a 300 MB stream reached 549 MB.) A regular file is read into one piece of its size and
  /// one byte more, so a file that grows while being read is still noticed.
  private static func readAll(_ descriptor: Int32, status: stat, name: String, limit: Int)
    throws(InputFileError) -> [UInt8]
  {
    let isRegular = (status.st_mode & S_IFMT) == S_IFREG
    let size = max(Int(status.st_size), 0)
    if isRegular && size > limit { throw .tooLarge(path: name, byteCount: size, limit: limit) }
    var pieces: [[UInt8]] = []
    var total = 0
    var pieceSize = isRegular ? size + 1 : 1 << 16
    while true {
      let wanted = min(pieceSize, limit + 1 - total)
      let piece = try readPiece(descriptor, count: wanted, name: name)
      total += piece.count
      pieces.append(piece)
      if piece.count < wanted { break }
      guard total <= limit else { throw .tooLarge(path: name, byteCount: nil, limit: limit) }
      pieceSize = min(pieceSize * 2, maxPieceByteCount)
    }
    if pieces.count == 1 { return pieces[0] }
    var whole: [UInt8] = []
    whole.reserveCapacity(total)
    for index in pieces.indices {
      whole.append(contentsOf: pieces[index])
      pieces[index] = []
    }
    return whole
  }

  /// Reads from `descriptor` until `count` bytes (≥ 1) or its end, whichever comes first.
  private static func readPiece(_ descriptor: Int32, count: Int, name: String)
    throws(InputFileError) -> [UInt8]
  {
    var failure: Int32 = 0
    let piece = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
      filled = 0
      while filled < count {
        let read = Glibc.read(descriptor, buffer.baseAddress.map { $0 + filled }, count - filled)
        if read > 0 {
          filled += read
        } else if read == 0 {
          return
        } else if errno == EAGAIN {
          // Standard input may be a non-blocking pipe shared with other processes: wait for
          // data rather than change its flags.
          var event = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
          _ = poll(&event, 1, -1)
        } else if errno != EINTR {
          failure = errno
          return
        }
      }
    }
    if failure != 0 { throw .readFailed(path: name, reason: text(failure)) }
    return piece
  }

  /// The system's text for an `errno` value ("No such file or directory").
  private static func text(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
