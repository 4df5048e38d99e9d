import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension MetalCompileError {
  /// What kind of failure an error is, for a front end to choose its exit status.
  public enum Cause: Sendable, Equatable {
    /// No usable C++ compiler: none is installed, or the one found or set fails without output.
    case compilerMissing
    /// A source file could not be read.
    case unreadable
    /// The source is not a library LayerFX can run: over the size limit, not UTF-8 text, a NUL
    /// byte,
    /// clang's errors, an unsupported signature, no stitchable function, a refused include or
    /// link.
    case invalidSource
    /// The disk is full or failing (`ENOSPC`, `EDQUOT`, `EIO`).
    case diskFailing
    /// The compile cache's folder cannot be made or written.
    case cannotCreate
    /// The system cannot map the library's static data (memory a render cannot get).
    case outOfMemory
    /// Anything else: a failure LayerFX does not recognise.
    case unrecognised
  }

  /// The error's one line and its cause, the one place they are chosen.
  ///
  /// A library whose static data the system cannot map (`static float t[1L << 40]`: dlopen(3)'s
  /// `cannot map zero-fill pages`, `failed to map segment`) is ``Cause/outOfMemory``. The
  /// compile cache: a disk that is full or failing (`ENOSPC`, `EDQUOT`, `EIO`, in a write or in
  /// clang's own output) is ``Cause/diskFailing``; a folder that cannot be made or written is
  /// ``Cause/cannotCreate``, with the system's reason instead of Foundation's error dump
  /// (`Error Domain=NSCocoaErrorDomain Code=4 … NSUnderlyingError=… NSPOSIXErrorDomain Code=2 …`
  /// becomes `No such file or directory`, strerror(3)).
  public var summary: (line: String, cause: Cause) {
    switch self {
    case .compilerNotFound: return (description, .compilerMissing)
    case .cannotRead: return (description, .unreadable)
    case .compileFailed(_, let output):
      return (
        description,
        Self.diskErrors.contains { output.contains($0) } ? .diskFailing : .invalidSource
      )
    case .tooLarge, .notUTF8, .nulByte, .unsupportedSignature, .noStitchableFunctions, .include,
      .linkFailed, .refused:
      return (description, .invalidSource)
    case .cacheUnavailable: return (description, .cannotCreate)
    case .loadFailed(let message), .cacheFailed(let message):
      if ["cannot map zero-fill pages", "failed to map segment", "cannot allocate memory"]
        .contains(where: message.contains)
      {
        return (message, .outOfMemory)
      }
      guard let colon = message.range(of: ": "),
        message.hasPrefix("cannot write the compile cache at ")
          || message.hasPrefix("cannot move the compiled library")
      else {
        guard case .cacheFailed = self else { return (description, .unrecognised) }
        return (description, .diskFailing)
      }
      let reason = Self.systemReason(in: String(message[colon.upperBound...]))
      let line = String(message[..<colon.lowerBound]) + ": " + reason
      return (line, Self.diskErrors.contains(where: reason.contains) ? .diskFailing : .cannotCreate)
    }
  }

  /// strerror(3)'s text for a disk that is full or failing.
  private static let diskErrors = [ENOSPC, EDQUOT, EIO].map { String(cString: strerror($0)) }

  /// The system's reason in a Foundation error's text: strerror(3) of its POSIX code
  /// (`NSPOSIXErrorDomain Code=2`), else the text up to the first `Error Domain`, else its
  /// first quoted description; the text itself when it is already one.
  private static func systemReason(in text: String) -> String {
    if let range = text.range(of: "NSPOSIXErrorDomain Code=") {
      let digits = text[range.upperBound...].prefix(while: \.isNumber)
      if let code = Int32(digits) { return String(cString: strerror(code)) }
    }
    guard let domain = text.range(of: "Error Domain=") else {
      return text.split(separator: "\n").first.map(String.init) ?? text
    }
    let quoted = text[domain.upperBound...].split(separator: "\"", omittingEmptySubsequences: false)
    return quoted.count > 1 ? String(quoted[1]) : String(text[..<domain.lowerBound])
  }
}
