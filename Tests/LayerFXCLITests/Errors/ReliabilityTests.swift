import Foundation
import LayerFXPNG
import LayerFXTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 13's hostile-user findings, one or more regression tests per class: crashes (1), data
/// loss (2), hangs (3), exit codes and messages (6), interrupted runs (7).
@Suite struct ReliabilityTests {
  /// A small PNG written by the tool itself, so no test data is needed.
  private static func makeInput(in directory: TemporaryDirectory, name: String = "in.png")
    throws -> String
  {
    let path = directory.path(name)
    let result = try LayerFXTool.run(["convert", "testcard:32x24", "-o", path])
    #expect(result.status == 0)
    return path
  }

  private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  // MARK: 1. Crashes

  @Test("ripple and info with standard input closed exit 66 with one line, no trap")
  func closedStandardInput() throws {
    let directory = try TemporaryDirectory()
    for arguments in [
      ["ripple", "-", "--time", "0.1", "-o", directory.path("out.png")], ["info", "-"],
    ] {
      let result = try RawProcess.run(arguments.map(Self.bytes), standardInput: .closed)
      #expect(result.status == 66)
      #expect(
        result.errorLines == [
          "layerfx: error: <stdin>: cannot read file (standard input is closed)"
        ])
    }
    #expect(try directory.contents().isEmpty)
  }

  @Test("a 30 GB sparse file is refused by its size (exit 65), by info too")
  func sparseFile() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("huge.png")
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(truncate(path, 30 << 30) == 0)
    for arguments in [
      ["info", path], ["ripple", path, "--time", "0", "-o", directory.path("o.png")],
    ] {
      let result = try LayerFXTool.run(arguments)
      #expect(result.status == 65)
      #expect(result.errorLines.count == 1)
      #expect(result.standardError.contains("huge.png: file too large"))
    }
  }

  @Test("a directory as input exits 66 with the system's words")
  func directoryInput() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(["info", directory.path])
    #expect(result.status == 66)
    #expect(
      result.errorLines == ["layerfx: error: \(directory.path): cannot read file (Is a directory)"])
  }

  // MARK: 2. Data loss

  @Test("-o reaching the input through a symlinked directory and .. is refused, input intact")
  func outputThroughLinkAndDotDot() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.makeInput(in: directory)
    let before = try Data(contentsOf: URL(fileURLWithPath: input))
    try FileManager.default.createDirectory(
      atPath: directory.path("sub"), withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("sub/up"), withDestinationPath: "..")
    for output in [directory.path("sub/up/in.png"), directory.path("sub/../in.png")] {
      let result = try LayerFXTool.run(["ripple", input, "--time", "0.1", "-o", output])
      #expect(result.status == 73)
      #expect(result.standardError.contains("refusing to overwrite the input file"))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
  }

  @Test("-o naming the --keyframes file is refused before rendering")
  func outputIsKeyframes() throws {
    let directory = try TemporaryDirectory()
    let keyframes = directory.path("k.json")
    try #"{"version": 1}"#.write(toFile: keyframes, atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run([
      "ripple", "testcard:16x16", "--keyframes", keyframes, "--time", "0.1", "-o", keyframes,
    ])
    #expect(result.status == 73)
    #expect(try String(contentsOfFile: keyframes, encoding: .utf8) == #"{"version": 1}"#)
  }

  @Test("apply's -o naming its .metal source is refused; the source is intact")
  func outputIsMetalSource() throws {
    let directory = try TemporaryDirectory()
    let source = directory.path("tint.metal")
    let text = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 tint(float2 position, half4 color) { return color; }
      """
    try text.write(toFile: source, atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(["apply", source + ":tint", "testcard:8x8", "-o", source])
    #expect(result.status == 73)
    #expect(try String(contentsOfFile: source, encoding: .utf8) == text)
  }

  @Test("a symbolic link planted under a frame name is replaced; the file it names is kept")
  func plantedFrameLink() throws {
    let directory = try TemporaryDirectory()
    let victim = directory.path("victim.txt")
    try "precious".write(toFile: victim, atomically: true, encoding: .utf8)
    let frames = directory.path("frames")
    try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: frames + "/frame_0001.png", withDestinationPath: victim)
    let result = try LayerFXTool.run([
      "ripple", "testcard:16x16", "--fps", "10", "--frames", "3", "-o", frames + "/",
    ])
    #expect(result.status == 0)
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    let attributes = try FileManager.default.attributesOfItem(atPath: frames + "/frame_0001.png")
    #expect(attributes[.type] as? FileAttributeType == .typeRegular)
  }

  @Test("timeline --svg refuses a FIFO (no hang, exit 73) and keeps a 0600 file's mode")
  func svgTargets() throws {
    let directory = try TemporaryDirectory()
    let config = directory.path("k.json")
    try #"{"version": 1}"#.write(toFile: config, atomically: true, encoding: .utf8)
    let fifo = try directory.fifo("chart.svg")
    let refused = try LayerFXTool.run(["timeline", config, "--svg", fifo])
    #expect(refused.status == 73)
    #expect(refused.standardError.contains("not a regular file (a FIFO)"))
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    let file = directory.path("private.svg")
    #expect(FileManager.default.createFile(atPath: file, contents: nil))
    #expect(chmod(file, 0o600) == 0)
    #expect(try LayerFXTool.run(["timeline", config, "--svg", file]).status == 0)
    #expect(stat(file, &status) == 0 && status.st_mode & 0o777 == 0o600)
  }

  // MARK: 3. Hangs

  @Test("a FIFO nobody writes to is refused at once (exit 66), never opened for a blocking read")
  func fifoInput() throws {
    let directory = try TemporaryDirectory()
    let fifo = try directory.fifo("in.png")
    // No writer ever opens the FIFO: a blocking open would never return.
    let result = try LayerFXTool.run([
      "ripple", fifo, "--time", "0.1", "-o", directory.path("o.png"),
    ])
    #expect(result.status == 66)
    #expect(
      result.errorLines == [
        "layerfx: error: \(fifo): cannot read file (a FIFO with nothing written to it)"
      ])
  }

  // --max-pixels 10000000 allows a PNG of up to 9 × 10⁷ + 64 MiB = 157108864 bytes
  // (PNGDecoder.maxFileByteCount), so 128 MiB of zeros on a FIFO is read whole, then refused as
  // not a PNG (65). Read into one growing array it peaked near twice the stream (the trial's
  // 300 MB stream: 549 MB); read in pieces, the stream plus one 16 MiB piece and the program
  // (27 MB for 'info' of a small file here, debug build) stay under the stream plus 64 MiB.
  // The peak is the child's `ru_maxrss` as python3 sees it: a child spawned from this test
  // process inherits the test process's high-water mark at its exec (Linux records the old
  // address space's peak there), so measured from here it read up to 500 MB when other tests
  // were running; python3's own (about 10 MB) is within the margin.
  @Test("standard input within the size limit is held once: peak memory the stream plus 64 MiB")
  func standardInputMemory() throws {
    let directory = try TemporaryDirectory()
    let fifo = try directory.fifo("in")
    let streamBytes = 128 << 20
    // Opening a FIFO for writing waits for its reader: python3 opens it for the child.
    let writer = Thread {
      let descriptor = open(fifo, O_WRONLY)
      guard descriptor >= 0 else { return }
      let zeros = [UInt8](repeating: 0, count: 1 << 20)
      for _ in 0..<(streamBytes >> 20) {
        guard write(descriptor, zeros, zeros.count) == zeros.count else { break }
      }
      close(descriptor)
    }
    writer.start()
    let script = """
      import resource, subprocess, sys
      with open(sys.argv[1], 'rb') as fifo:
          child = subprocess.run(sys.argv[2:], stdin=fifo, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
      peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
      print(child.returncode, peak)
      sys.stdout.write(child.stderr.decode())
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["python3", "-c", script, fifo, LayerFXTool.executable.path]
      + ["info", "--max-pixels", "10000000", "-"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let lines = text.split(separator: "\n").map(String.init)
    let fields = lines.first?.split(separator: " ").compactMap { Int($0) } ?? []
    try #require(fields.count == 2, "python3's report: \(text)")
    let (status, peakKiB) = (fields[0], fields[1])
    #expect(status == 65)
    #expect(lines.count == 2)
    #expect(lines.last?.hasPrefix("layerfx: error: <stdin>: not a PNG file") == true)
    #expect(peakKiB > 0)
    #expect(peakKiB * 1024 < streamBytes + (64 << 20), "\(peakKiB) KiB")
  }

  @Test("/dev/stdin in a pipeline is read as - is: the same output")
  func devStandardInput() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.makeInput(in: directory)
    let script = "cat \"$1\" | \"$0\" apply sepia /dev/stdin -o \"$2\""
    let piped = try LayerFXTool.run(
      ["-c", script, LayerFXTool.executable.path, input, directory.path("p.png")],
      program: URL(fileURLWithPath: "/bin/sh"))
    #expect(piped.status == 0)
    #expect(piped.errorLines.isEmpty)
    let direct = try LayerFXTool.run(["apply", "sepia", input, "-o", directory.path("d.png")])
    #expect(direct.status == 0)
    #expect(
      try Data(contentsOf: directory.url.appendingPathComponent("p.png"))
        == Data(contentsOf: directory.url.appendingPathComponent("d.png")))
  }

  // MARK: 6. Exit codes and messages

  // As cat and gzip end (pipe(7): a write with no reader raises SIGPIPE, whose default action
  // ends the process): by SIGPIPE, 13, so a shell reports 128 + 13 = 141, and without a word,
  // since the reader left on purpose (`| head -c 10`). Until now it exited 74 with one line.
  @Test("-o - or /dev/stdout into a pipe nobody reads ends quietly by SIGPIPE (141), as cat does")
  func brokenPipe() throws {
    let result = try RawProcess.run(
      ["convert", "testcard:600x600", "-o", "-"].map(Self.bytes), standardOutput: .brokenPipe)
    #expect(result.status == 141)
    #expect(result.standardError.isEmpty)
    // So does an animation's raw stream, which fails in the middle of the render.
    let raw = try RawProcess.run(
      [
        "apply", "testcard:64x64", "--effect", "grayscale", "--fps", "10", "--frames", "3",
        "--format", "raw", "-o", "-",
      ].map(Self.bytes), standardOutput: .brokenPipe)
    #expect(raw.status == 141)
    #expect(raw.standardError.isEmpty)
    // And standard output named as a file, a still and a raw stream alike: the same pipe.
    for arguments in [
      ["apply", "sepia", "testcard:600x600", "-o", "/dev/stdout"],
      [
        "apply", "testcard:64x64", "--effect", "grayscale", "--fps", "10", "--frames", "3",
        "--format", "raw", "-o", "/dev/stdout",
      ],
    ] {
      let named = try RawProcess.run(arguments.map(Self.bytes), standardOutput: .brokenPipe)
      #expect(named.status == 141, "\(arguments)")
      #expect(named.standardError.isEmpty, "\(arguments)")
    }
  }

  @Test("an error whose message meets a closed pipe on standard error keeps its status")
  func brokenErrorPipe() throws {
    // `layerfx … 2>&1 | head -1` with the reader gone: the message is lost, the status is not.
    let result = try RawProcess.run(
      ["info", "missing.png"].map(Self.bytes), standardError: .brokenPipe)
    #expect(result.status == 66)
  }

  @Test("a full device on standard output (ENOSPC) exits 74")
  func fullDevice() throws {
    let result = try RawProcess.run(
      ["convert", "testcard:64x64", "-o", "-"].map(Self.bytes), standardOutput: .file("/dev/full"))
    #expect(result.status == 74)
    #expect(
      result.errorLines == [
        "layerfx: error: standard output: cannot write (No space left on device)"
      ])
  }

  // `layerfx … >&-`: descriptor 1 is free, so the first file the process opened took its number
  // and "standard output" was that file (Dispatch's eventfd: "Invalid argument"; a shader
  // worker's socket or a shared-memory buffer would have taken the PNG's bytes).
  @Test("a closed standard output exits 74 saying so, whatever writes to it")
  func closedOutput() throws {
    let expected = "layerfx: error: standard output: cannot write (it is closed)"
    for arguments in [
      ["convert", "testcard:64x64", "-o", "-"],
      ["apply", "twirl", "testcard:256x256", "--threads", "2", "-o", "-"],
      [
        "apply", "testcard:64x64", "--effect", "grayscale", "--fps", "10", "--frames", "3",
        "--format", "raw", "-o", "-",
      ],
      ["list"],
    ] {
      let result = try RawProcess.run(arguments.map(Self.bytes), standardOutput: .closed)
      #expect(result.status == 74, "\(arguments)")
      #expect(result.errorLines == [expected], "\(arguments)")
    }
    // Named as /dev/stdout, it is refused before anything renders, as an output file that
    // cannot be made (73).
    let named = try RawProcess.run(
      ["apply", "sepia", "testcard:64x64", "-o", "/dev/stdout"].map(Self.bytes),
      standardOutput: .closed)
    #expect(named.status == 73)
    #expect(
      named.errorLines == ["layerfx: error: /dev/stdout: cannot write file (it is closed)"])
  }

  @Test("a file past the file-size limit (ulimit -f) exits 74 with one line, not by SIGXFSZ")
  func fileSizeLimit() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // 16 blocks (8 KiB in dash's 512-byte units, 16 KiB in bash's) against a PNG of about
    // 0.2 MB: the write fails with EFBIG.
    let result = try LayerFXTool.run(
      [
        "-c", #"ulimit -f 16 && exec "$0" "$@""#, LayerFXTool.executable.path, "convert",
        "testcard:1000x1000", "-o", "big.png",
      ],
      in: directory.url, program: URL(fileURLWithPath: "/bin/sh"))
    #expect(result.status == 74)
    #expect(result.errorLines == ["layerfx: error: big.png: write error (File too large)"])
    // Nothing half-written: the temporary is gone and no big.png exists.
    #expect(try directory.contents().isEmpty)
  }

  @Test("a file name that is not UTF-8 opens its file, and messages show it as \\xNN")
  func rawFileName() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.makeInput(in: directory)
    // "in" 0xFF ".png": 0xFF is never UTF-8.
    let raw = Self.bytes(directory.path + "/in") + [0xFF] + Self.bytes(".png")
    #expect(rename(input, raw.map { CChar(bitPattern: $0) } + [0]) == 0)
    let info = try RawProcess.run([Self.bytes("info"), raw])
    #expect(info.status == 0)
    #expect(info.standardOutput.hasPrefix("file: \(directory.path)/in\\xff.png\n"))
    let output = Self.bytes(directory.path + "/out") + [0xFE] + Self.bytes(".png")
    let converted = try RawProcess.run([Self.bytes("convert"), raw, Self.bytes("-o"), output])
    #expect(converted.status == 0)
    #expect(access(output.map { CChar(bitPattern: $0) } + [0], F_OK) == 0)
    let missing = try RawProcess.run([Self.bytes("info"), Self.bytes("no") + [0xFF, 0x0A, 0x1B]])
    #expect(missing.status == 66)
    #expect(missing.errorLines == ["layerfx: error: no\\xff\\x0a\\x1b: no such file"])
  }

  @Test("info checks the CRC of the image data (exit 65) and reads standard input as -")
  func infoChecksCRCAndReadsStandardInput() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.makeInput(in: directory)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: input)))
    let damaged = directory.path("damaged.png")
    try Data(RawPNG.corruptingCRC(of: "IDAT", in: bytes)).write(to: URL(fileURLWithPath: damaged))
    let result = try LayerFXTool.run(["info", damaged])
    #expect(result.status == 65)
    #expect(
      result.errorLines == [
        "layerfx: error: \(damaged): corrupt PNG data (libpng: IDAT: CRC error)"
      ])
    let piped = try LayerFXTool.run(["info", "-"], input: Data(bytes))
    #expect(piped.status == 0)
    #expect(piped.standardOutput.hasPrefix("file: -\nsize: 32 × 24 pixels\n"))
  }

  @Test("a chunk before IHDR is refused by apply and info (exit 65), nothing written")
  func chunkBeforeHeader() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.makeInput(in: directory)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: input)))
    // pHYs (9 bytes: 2835 pixels per metre twice, unit metre) moved before IHDR, which PNG
    // §5.6 puts first: signature, then the pHYs chunk, then the rest of the file.
    let phys = RawPNG.chunk("pHYs", [0, 0, 0x0B, 0x13, 0, 0, 0x0B, 0x13, 1])
    let order = directory.path("order.png")
    try Data(Array(bytes.prefix(8)) + phys + Array(bytes.dropFirst(8)))
      .write(to: URL(fileURLWithPath: order))
    let line = "layerfx: error: \(order): corrupt PNG data (libpng: pHYs: missing IHDR)"
    let output = directory.path("out.png")
    for arguments in [["apply", "sepia", order, "-o", output], ["info", order]] {
      let result = try LayerFXTool.run(arguments)
      #expect(result.status == 65, "\(arguments)")
      #expect(result.errorLines == [line], "\(arguments)")
    }
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test("a huge unknown key is shortened in the one-line message")
  func hugeUnknownKey() throws {
    let directory = try TemporaryDirectory()
    let config = directory.path("k.json")
    let key = String(repeating: "k", count: 100_000)
    try #"{"version": 1, "\#(key)": 0}"#.write(toFile: config, atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(["timeline", config])
    #expect(result.status == 65)
    #expect(result.errorLines.count == 1)
    // The config error echoes at most ConfigError.echoLimit (60) characters of a key, cut
    // with an ellipsis; MessageText would bound it at 1000 characters anyway.
    #expect((result.errorLines.first?.count ?? 0) < 200)
    #expect(result.standardError.contains(String(repeating: "k", count: 60) + "…: unknown key"))
  }

  @Test("a file with a 255-byte name is overwritten (the temporary name fits NAME_MAX)")
  func longOutputName() throws {
    let directory = try TemporaryDirectory()
    let output = directory.path(String(repeating: "x", count: 251) + ".png")
    for _ in 0..<2 {
      #expect(try LayerFXTool.run(["convert", "testcard:8x8", "-o", output]).status == 0)
    }
    #expect(try directory.contents().count == 1)
  }

  @Test("an empty -o is a usage error; -o /dev/null renders an animation and drops it")
  func specialOutputs() throws {
    let empty = try LayerFXTool.run(["convert", "testcard:8x8", "-o", ""])
    #expect(empty.status == 64)
    let discarded = try LayerFXTool.run([
      "ripple", "testcard:16x16", "--fps", "10", "--frames", "2", "-o", "/dev/null",
    ])
    #expect(discarded.status == 0)
    #expect(discarded.outputData.isEmpty)
  }

  @Test("a keyframed value beyond Float's range exits 65 naming the file and the key")
  func keyframedValueBeyondFloat() throws {
    let directory = try TemporaryDirectory()
    let config = directory.path("k.json")
    try
      #"{"version": 1, "keyframes": {"speed": [{"type": "linear", "value": 1e39, "duration": 1}]}}"#
      .write(toFile: config, atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run([
      "ripple", "testcard:16x16", "--keyframes", config, "--fps", "10", "--frames", "2", "-o",
      directory.path("frames/"),
    ])
    #expect(result.status == 65)
    #expect(result.errorLines.count == 1)
    #expect(result.standardError.contains("k.json"))
    #expect(result.standardError.contains("keyframes.speed[0].value"))
    #expect(try directory.contents() == ["k.json"])
  }

  @Test("a tap time beyond Float's range is a usage error")
  func tapBeyondFloat() throws {
    let result = try LayerFXTool.run([
      "ripple", "testcard:16x16", "--tap", "1,1@1e39", "--time", "0", "-o", "/dev/null",
    ])
    #expect(result.status == 64)
  }

  // MARK: 7. Interrupted runs

  @Test("SIGTERM during a re-render leaves its frames 0…k, complete, and nothing else")
  func terminatedReRender() throws {
    let directory = try TemporaryDirectory()
    let frames = directory.path("frames")
    // 200 small frames, then the same again into the same folder: the second run removes the
    // first's frames before its frame 0, so SIGTERM leaves its own frames 0…k, no frame of the
    // first beside them (CommandLine.md: "A reused frame directory holds exactly the new
    // animation") and no temporary file.
    let arguments = [
      "ripple", "testcard:160x120", "--fps", "20", "--frames", "200", "-o", frames + "/",
      "--compression", "0",
    ]
    #expect(try LayerFXTool.run(arguments).status == 0)
    let started = Date()
    // Frames are named in order: once frame 2 is new, frames 0 and 1 are too.
    let third = frames + "/frame_0002.png"
    let result = try RawProcess.run(arguments.map(Self.bytes)) { pid in
      while kill(pid, 0) == 0 {
        let date = try? FileManager.default.attributesOfItem(atPath: third)[.modificationDate]
        if let date = date as? Date, date > started { break }
        usleep(1_000)
      }
      kill(pid, SIGTERM)
    }
    // 128 + 15: the handler removed the temporaries, then the process ended by SIGTERM.
    #expect(result.status == 128 + SIGTERM, "the render ended before SIGTERM")
    let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
    #expect(names.count >= 3 && names.count < 200)
    #expect(names == (0..<names.count).map { String(format: "frame_%04d.png", $0) })
    for name in names {
      let decoded = try PNGDecoder().decode(contentsOf: frames + "/" + name)
      #expect(decoded.image.width == 160 && decoded.image.height == 120)
    }
  }
}
