import Foundation
import LayerFXFiles
import LayerFXTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Class 1 (crashes) and 3 (hangs) of issue 13 at their root: every input goes through one
/// opener that checks the file before reading it.
@Suite struct InputFileTests {
  @Test("a FIFO nobody writes to is refused at once, without waiting for a writer")
  func fifo() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.fifo("pipe")
    // No writer ever opens it: a plain open(2) for reading would block here for ever.
    #expect(
      throws: InputFileError.cannotOpen(path: path, reason: "a FIFO with nothing written to it")
    ) {
      try InputFile.read(path, limit: 1 << 20)
    }
  }

  @Test("a pipe named by /dev/fd/N is read to its end; one past the limit is refused")
  func pipe() throws {
    // As a shell's <(…) names its pipe: the bytes written before the writer closed, whole.
    for (text, limit) in [("0123456789", 10), ("0123456789", 9)] {
      var ends: [Int32] = [0, 0]
      try #require(Glibc.pipe(&ends) == 0)
      defer { close(ends[0]) }
      #expect(write(ends[1], text, text.utf8.count) == text.utf8.count)
      close(ends[1])
      let path = "/dev/fd/\(ends[0])"
      if limit >= text.utf8.count {
        #expect(try InputFile.read(path, limit: limit) == Array(text.utf8))
      } else {
        // A stream's size is unknown until it is read past the limit.
        #expect(throws: InputFileError.tooLarge(path: path, byteCount: nil, limit: limit)) {
          try InputFile.read(path, limit: limit)
        }
      }
    }
  }

  // A stream is read in pieces of 64 KiB, 128 KiB, 256 KiB, … and joined at its end: 300000
  // bytes span three pieces, the last one partly filled. The bytes are i mod 251, so a piece
  // joined out of order or twice shows. At exactly its size as the limit it is read whole; one
  // byte less, it is refused after limit + 1 bytes.
  @Test("a pipe longer than one read piece is read whole, in order, up to the limit")
  func longPipe() throws {
    let bytes = (0..<300_000).map { UInt8($0 % 251) }
    for limit in [bytes.count, bytes.count - 1] {
      var ends: [Int32] = [0, 0]
      try #require(Glibc.pipe(&ends) == 0)
      defer { close(ends[0]) }
      // A pipe holds 64 KiB: the rest is written while the reader reads.
      let writer = ends[1]
      let written = Thread {
        bytes.withUnsafeBytes { buffer in
          var offset = 0
          while offset < buffer.count {
            let count = write(writer, buffer.baseAddress! + offset, buffer.count - offset)
            guard count > 0 else { break }
            offset += count
          }
        }
        close(writer)
      }
      written.start()
      let path = "/dev/fd/\(ends[0])"
      if limit == bytes.count {
        #expect(try InputFile.read(path, limit: limit) == bytes)
      } else {
        #expect(throws: InputFileError.tooLarge(path: path, byteCount: nil, limit: limit)) {
          try InputFile.read(path, limit: limit)
        }
        // The writer may be blocked on a full pipe: reading the rest lets it finish.
        var sink = [UInt8](repeating: 0, count: 1 << 16)
        while read(ends[0], &sink, sink.count) > 0 {}
      }
    }
  }

  @Test("a directory is refused with the system's words")
  func directory() throws {
    let directory = try TemporaryDirectory()
    #expect(throws: InputFileError.cannotOpen(path: directory.path, reason: "Is a directory")) {
      try InputFile.read(directory.path, limit: 1 << 20)
    }
  }

  @Test("a 30 GB sparse file is refused by its size before anything is allocated")
  func sparse() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("huge.png")
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    // 30 × 2^30 bytes, all a hole: nothing is stored, so only the size can refuse it.
    #expect(truncate(path, 30 << 30) == 0)
    #expect(
      throws: InputFileError.tooLarge(path: path, byteCount: 30 << 30, limit: 64 << 20)
    ) {
      try InputFile.read(path, limit: 64 << 20)
    }
  }

  @Test("a file at the limit is read whole; one byte over is refused")
  func limit() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("ten")
    try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
    #expect(try InputFile.read(path, limit: 10) == Array("0123456789".utf8))
    #expect(throws: InputFileError.tooLarge(path: path, byteCount: 10, limit: 9)) {
      try InputFile.read(path, limit: 9)
    }
  }

  @Test("a name that is not UTF-8 round-trips through String and opens its file")
  func rawBytes() throws {
    // "f", 0xFF (never valid UTF-8), 0xC3 0xA9 ("é", valid), 0x80 (a lone continuation byte).
    let bytes: [UInt8] = [0x66, 0xFF, 0xC3, 0xA9, 0x80]
    let name = RawBytes.string(decoding: bytes)
    #expect(name.unicodeScalars.count == 4)
    #expect(RawBytes.cString(name).dropLast().map { UInt8(bitPattern: $0) } == bytes)
    let directory = try TemporaryDirectory()
    let path = directory.path + "/" + name
    try AtomicFile.write("raw", to: path)
    // The directory entry holds the very bytes, as ls(1) would show them.
    let entry = try #require(Directory.names(in: directory.path).first)
    #expect(RawBytes.cString(entry).dropLast().map { UInt8(bitPattern: $0) } == bytes)
    #expect(try InputFile.read(path, limit: 16) == Array("raw".utf8))
  }

  @Test("a directory's names are listed whole, from one byte to NAME_MAX (255), and nothing else")
  func directoryNames() throws {
    let directory = try TemporaryDirectory()
    // Names of every length a record can hold, so records of every size follow each other.
    let expected = Set((1...255).map { String(repeating: "n", count: $0) } + ["a", "é"])
    for name in expected { try AtomicFile.write("", to: directory.path + "/" + name) }
    let names = Directory.names(in: directory.path)
    #expect(names.count == expected.count)
    #expect(Set(names) == expected)
  }

  @Test("a name holding U+10FF00 in valid UTF-8 still round-trips byte for byte")
  func privateUseRoundTrip() {
    // Found by FuzzEffectArguments: F4 8F (cut short), then F4 8F BC 80 (U+10FF00, valid).
    let bytes: [UInt8] = [0xF4, 0x8F, 0xF4, 0x8F, 0xBC, 0x80]
    let name = RawBytes.string(decoding: bytes)
    #expect(RawBytes.cString(name).dropLast().map { UInt8(bitPattern: $0) } == bytes)
    #expect(MessageText.escaped(name) == "\\xf4\\x8f\\xf4\\x8f\\xbc\\x80")
  }

  @Test("messages escape control characters and raw bytes, and shorten long text")
  func messageText() {
    let name = "a\nb\u{1B}[31m" + RawBytes.string(decoding: [0xFF])
    #expect(MessageText.escaped(name) == "a\\x0ab\\x1b[31m\\xff")
    let long = String(repeating: "k", count: 100_000)
    let shortened = MessageText.escaped("key " + long, limit: 100)
    #expect(shortened.hasPrefix("key kkk") && shortened.hasSuffix("kkk"))
    #expect(shortened.contains("(99904 characters omitted)"))
  }
}
