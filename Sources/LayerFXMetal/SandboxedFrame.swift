import CLayerFXMetalGuard
import CLayerFXSandbox
import Foundation
import LayerFX
import LayerFXMath
import Synchronization

/// One prepared compiled shader (a frame, for an animation) as its worker runs it: the bound
/// arguments, and the frame's deadline, which starts with its first request and lies the
/// library's time limit later.
///
/// Every failure is recorded in ``MetalFaults`` as today's in-process faults were (the pixels
/// of the failed request are transparent black), so the caller reports it in one line and
/// writes nothing: a fault the worker's guard caught (its signal and row), a worker the filter
/// killed (`SIGSYS`), a shader that ended its process, and the time limit.
final class SandboxedFrame: Sendable {
  /// The library's forms and their workers; this function's form is chosen there (a timed
  /// trial on the first tile large enough, ``SandboxedFrame/trial(_:rows:destinationStride:sourceStride:verdict:sample:deadline:)``).
  let choice: MetalFormChoice
  let function: Int32
  /// A layer effect's probing copy, whose workers run its per-pixel form.
  let probe: MetalProbe?
  let path: String
  let name: String
  let timeLimit: Double
  private let values: [Shader.Argument]
  private let binary16: Bool
  private let deadline = Atomic<Int64>(0)
  /// This frame's number, unique in the process (an object's address is reused after it is
  /// freed, so it cannot say which frame's arguments a worker holds).
  private let serial = SandboxedFrame.nextSerial.wrappingAdd(1, ordering: .relaxed).oldValue
  private static let nextSerial = Atomic<UInt64>(1)

  init(
    choice: MetalFormChoice, function: Int, probe: MetalProbe?, path: String, name: String,
    timeLimit: Double, values: [Shader.Argument], binary16: Bool
  ) {
    self.choice = choice
    self.function = Int32(function)
    self.probe = probe
    self.path = path
    self.name = name
    self.timeLimit = timeLimit
    self.values = values
    self.binary16 = binary16
  }

  /// The frame's deadline (CLOCK_MONOTONIC ns), set by the first call.
  ///
  /// A limit past ``longestTimeLimit`` counts as that (`--shader-timeout 1e12` had overflowed
  /// `Int64` nanoseconds and trapped).
  var frameDeadline: Int64 {
    let limit = lfx_monotonic_ns() + Int64(min(timeLimit, Self.longestTimeLimit) * 1e9)
    let (exchanged, original) = deadline.compareExchange(
      expected: 0, desired: limit, ordering: .relaxed)
    return exchanged ? limit : original
  }

  /// The frame's deadline (``frameDeadline``), or ``ShaderWorker/Failure/timedOut`` once it
  /// has passed: a request then would only start a worker to kill it (a bounds-checked frame
  /// past its limit had started and killed one for each pixel left, 15,043 for 128 × 128).
  private func liveDeadline() throws(ShaderWorker.Failure) -> Int64 {
    let deadline = frameDeadline
    guard lfx_monotonic_ns() < deadline else { throw .timedOut }
    return deadline
  }

  /// The longest time limit a frame keeps, seconds: 10⁹ s (about 31.7 years), so the deadline
  /// in nanoseconds stays far inside `Int64` on any monotonic clock reading.
  static let longestTimeLimit = 1e9

  /// Records `failure` as a fault of this function.
  func record(_ failure: ShaderWorker.Failure, row: Int?) {
    switch failure {
    case .fault(let signal, let faultRow):
      MetalFaults.record(path: path, function: name, signal: signal, row: faultRow ?? row)
    case .timedOut:
      MetalFaults.record(
        path: path, function: name, signal: SIGKILL, row: nil,
        detail: "stopped at the shader time limit of \(timeLimit.formatted) s",
        timeLimit: timeLimit)
    case .died(let reason):
      MetalFaults.record(path: path, function: name, signal: SIGKILL, row: nil, detail: reason)
    }
  }

  /// Sends the bound arguments unless `worker` has this frame's already.
  private func sendArguments(_ worker: ShaderWorker, deadline: Int64)
    throws(ShaderWorker.Failure)
  {
    guard worker.argumentsFrame != serial else { return }
    let bound = MetalArguments(values, binary16: binary16)
    let lengths = values.map(byteCount)
    let slotBytes = values.count * MemoryLayout<lfx_argument>.stride
    let header = slotBytes + values.count * 8
    let total = header + lengths.reduce(0) { $0 + ($1 + 15) & ~15 }
    let memory = try worker.memory(atLeast: Swift.max(16, total))
    var offset = header
    for index in values.indices {
      var slot = bound.slots[index]
      if let pointer = slot.pointer {
        (memory + offset).copyMemory(from: pointer, byteCount: lengths[index])
        slot.pointer = UnsafeRawPointer(bitPattern: offset)
        offset += (lengths[index] + 15) & ~15
      } else {
        slot.pointer = UnsafeRawPointer(bitPattern: -1)
      }
      (memory + index * MemoryLayout<lfx_argument>.stride).storeBytes(
        of: slot, as: lfx_argument.self)
      (memory + slotBytes + index * 8).storeBytes(of: Int64(lengths[index]), as: Int64.self)
    }
    var message = lfx_message()
    message.op = Int32(lfx_op_arguments)
    message.arguments = 0
    message.argument_count = Int64(values.count)
    _ = try worker.request(message, deadline: deadline)
    worker.argumentsFrame = serial
  }

  /// The bytes of an argument's payload, as ``MetalArguments`` lays it out.
  private func byteCount(_ value: Shader.Argument) -> Int {
    switch value {
    case .floatArray(let floats): floats.count * 4
    case .colorArray(let colors): colors.count * (binary16 ? 8 : 16)
    case .data(let bytes): bytes.count
    case .image(let image): image.pixels.count * 16
    default: 0
    }
  }

  /// Renders the `rows` runs from `first` in the worker (``LayerFX/RowKernel/TileBody``), in
  /// the function's form (``MetalFormChoice``): while it is yet to be measured and the tile is
  /// large enough (``MetalFormTrial/sample(rows:count:)``), after a timed trial of both forms
  /// on a few of its rows, to which each of the first ``MetalFormTrial/tiles`` such tiles
  /// contributes.
  ///
  /// A failure of the form that renders zeroes the tile and is recorded in ``MetalFaults``, as
  /// it always was (a trial reports none of its own).
  func renderTile(_ first: RowKernel.Run, rows: Int, destinationStride: Int, sourceStride: Int) {
    let index = Int(function)
    do {
      let deadline = try liveDeadline()
      var form = choice.state(of: index).form
      let sample = MetalFormTrial.sample(rows: rows, count: first.count)
      if !sample.isEmpty, let verdict = choice.claimTrial(of: index) {
        form = trial(
          first, rows: rows, destinationStride: destinationStride, sourceStride: sourceStride,
          verdict: verdict, sample: sample, deadline: deadline)
      }
      _ = try render(
        first, from: 0, rows: rows, destinationStride: destinationStride,
        sourceStride: sourceStride, form: form, deadline: deadline)
    } catch {
      for r in 0..<rows {
        (first.destination + r * destinationStride).update(repeating: .zero, count: first.count)
      }
      record(error, row: first.row)
    }
  }

  /// Renders `rows` runs of the tile of `first` from its row `offset` in a worker of `form`'s
  /// object, and returns the CPU time the worker spent on the request (nanoseconds; 0 when the
  /// system cannot say).
  ///
  /// - Throws: The worker's failure (a fault, its death, `deadline` passing).
  func render(
    _ first: RowKernel.Run, from offset: Int, rows: Int, destinationStride: Int,
    sourceStride: Int, form: MetalRowForm, deadline: Int64
  ) throws(ShaderWorker.Failure) -> UInt64 {
    let pixelBytes = first.count * 16
    let destinationBytes = rows * pixelBytes
    let destination = first.destination + offset * destinationStride
    return try choice.pool(for: form).withWorker { worker throws(ShaderWorker.Failure) in
      try sendArguments(worker, deadline: deadline)
      var message = lfx_message()
      message.op = Int32(lfx_op_rows)
      message.function = function
      try describe(first, to: worker, in: &message, deadline: deadline)
      // The render's own scratch tile, when it is shared memory: the worker writes it, and
      // nothing is copied back.
      let extent = ((rows - 1) * destinationStride + first.count) * 16
      let target = SharedTexels.containing(destination, byteCount: extent)
        .flatMap { $0.isWritable ? $0 : nil }
      if let target {
        try worker.map(target, deadline: deadline)
        message.destination_id = target.id
        message.destination = Int64(
          target.pointer.distance(to: UnsafeMutableRawPointer(destination)))
        message.destination_stride = Int64(destinationStride)
      } else {
        message.destination = 0
        message.destination_stride = Int64(first.count)
      }
      let copied = target == nil ? destinationBytes : 0
      let sourceBytes = first.source == nil ? 0 : destinationBytes
      let memory = try worker.memory(atLeast: copied + sourceBytes)
      message.source = -1
      if let source = first.source.map({ $0 + offset * sourceStride }) {
        for r in 0..<rows {
          (memory + copied + r * pixelBytes).copyMemory(
            from: source + r * sourceStride, byteCount: pixelBytes)
        }
        message.source = Int64(copied)
      }
      message.count = Int64(first.count)
      message.column = Int64(first.column)
      message.row = Int64(first.row + offset)
      message.margin_x = Int64(first.margin.x)
      message.margin_y = Int64(first.margin.y)
      message.rows = Int64(rows)
      message.source_stride = Int64(first.count)
      let start = worker.cpuNanoseconds
      _ = try worker.request(message, deadline: deadline)
      var spent: UInt64 = 0
      if let start, let end = worker.cpuNanoseconds, end > start { spent = end - start }
      guard target == nil else { return spent }
      for r in 0..<rows {
        UnsafeMutableRawPointer(destination + r * destinationStride).copyMemory(
          from: memory + r * pixelBytes, byteCount: pixelBytes)
      }
      return spent
    }
  }

  /// Puts the layer `run` reads into `message` (its texels, mapped by `worker` first, and the
  /// layer's scale and geometry), and the source's size.
  private func describe(
    _ run: RowKernel.Run, to worker: ShaderWorker, in message: inout lfx_message,
    deadline: Int64
  ) throws(ShaderWorker.Failure) {
    if let texels = run.texels {
      guard let shared = SharedTexels.owning(texels) else {
        throw .died("the layer's texels are not in shared memory")
      }
      try worker.map(shared, deadline: deadline)
      message.texels_id = shared.id
    }
    message.scale = run.scale
    message.row_length = Int64(run.rowLength)
    message.pad_x = Int64(run.padding.x)
    message.pad_y = Int64(run.padding.y)
    message.width = Int64(run.size.x)
    message.height = Int64(run.size.y)
  }

  /// Shades one pixel in a worker; transparent black after a failure.
  ///
  /// This is the per-pixel form (the bounds checker's): layer samples are asked of `layer`
  /// here, so the checker's probe records them; a layer effect's runs in the workers of its
  /// probing copy. The pixels share the frame's deadline with its tiles, so a bounds-checked
  /// frame of a shader that never returns stops at the time limit as any frame does (with a
  /// limit per pixel, 1280 × 720 pixels of an endless loop would have run for 320 days).
  func pixel(_ position: float2, color: half4, layer: Layer?) -> half4 {
    guard let (pool, function) = pixelFunction(samplesLayer: layer != nil) else { return .zero }
    do {
      let deadline = try liveDeadline()
      return try pool.withWorker { worker throws(ShaderWorker.Failure) in
        try sendArguments(worker, deadline: deadline)
        var message = lfx_message()
        message.op = Int32(lfx_op_pixel)
        message.function = function
        message.x = position.x
        message.y = position.y
        message.color = (color.x, color.y, color.z, color.w)
        message.samples = layer == nil ? 0 : 1
        let reply = try worker.request(message, deadline: deadline) { x, y in
          layer.map { SIMD4<Float>($0.sample(float2(x, y))) } ?? .zero
        }
        return half4(reply.color.0, reply.color.1, reply.color.2, reply.color.3)
      }
    } catch {
      record(error, row: nil)
      return .zero
    }
  }
}

extension SandboxedFrame {
  /// Records of a batch's sample log (``pixels(_:positions:colors:samplesLayer:sampled:)``):
  /// 768 KiB of the worker's shared memory; a fuller log is read and begun again.
  static let sampleLogCapacity = 1 << 16

  /// The workers and function-table index of the per-pixel form: the library's (in the form
  /// chosen for the row), or for a layer effect its probing copy's; `nil` when the copy did
  /// not compile (recorded as a fault).
  private func pixelFunction(samplesLayer: Bool) -> (ShaderWorkerPool, Int32)? {
    guard samplesLayer else {
      return (choice.pool(for: choice.state(of: Int(function)).form), function)
    }
    guard let (pool, index) = probe?.pool(for: name, file: path) else { return nil }
    return (pool, Int32(index))
  }

  /// Shades a batch of pixels in one request (``LayerFX/RowKernel/PixelsBody``): the per-pixel
  /// form without a round trip per pixel, or per sample.
  ///
  /// A layer effect's batch runs in the workers of its probing copy, which logs every sample in
  /// shared memory and samples the layer's mapped texels itself, with `LayerFX.Layer.sample`'s
  /// operations; the log reaches `sampled` each time it fills and at the batch's end, checked
  /// first (pixels in range and in ascending order: a malformed log kills the worker). Shares
  /// the frame's deadline; after a failure every colour is transparent black and the failure
  /// is recorded at the batch's row (`layer.row`), as a tile's is at its first row
  /// (``renderTile(_:rows:destinationStride:sourceStride:)``).
  func pixels(
    _ layer: RowKernel.Run, positions: UnsafeBufferPointer<float2>,
    colors: UnsafeMutableBufferPointer<half4>, samplesLayer: Bool,
    sampled: (Int, float2) -> Void
  ) {
    guard let (pool, function) = pixelFunction(samplesLayer: samplesLayer) else {
      colors.update(repeating: .zero)
      return
    }
    let count = positions.count
    let positionBytes = (count * 8 + 15) & ~15
    let logOffset = positionBytes + count * 16
    let capacity = samplesLayer ? Self.sampleLogCapacity : 0
    do {
      let deadline = try liveDeadline()
      try pool.withWorker { worker throws(ShaderWorker.Failure) in
        try sendArguments(worker, deadline: deadline)
        let memory = try worker.memory(
          atLeast: logOffset + capacity * MemoryLayout<lfx_sample_record>.stride)
        if let base = positions.baseAddress {
          memory.copyMemory(from: base, byteCount: count * 8)
        }
        if let base = colors.baseAddress {
          (memory + positionBytes).copyMemory(from: base, byteCount: count * 16)
        }
        var message = lfx_message()
        message.op = Int32(lfx_op_pixels)
        message.function = function
        message.count = Int64(count)
        message.source = 0
        message.destination = Int64(positionBytes)
        message.sample_log = Int64(logOffset)
        message.sample_log_capacity = Int64(capacity)
        if samplesLayer {
          try describe(layer, to: worker, in: &message, deadline: deadline)
          message.samples = 1
        }
        let records = (memory + logOffset).bindMemory(
          to: lfx_sample_record.self, capacity: capacity)
        var lowest = 0
        func read(_ logged: Int) -> Bool {
          guard (0...capacity).contains(logged) else { return false }
          for index in 0..<logged {
            let record = records[index]
            let pixel = Int(record.pixel)
            guard (lowest..<count).contains(pixel) else { return false }
            lowest = pixel
            sampled(pixel, float2(record.x, record.y))
          }
          return true
        }
        _ = try withoutActuallyEscaping(read) { read throws(ShaderWorker.Failure) in
          try worker.request(message, deadline: deadline, log: read)
        }
        if let base = colors.baseAddress {
          UnsafeMutableRawPointer(base).copyMemory(
            from: memory + positionBytes, byteCount: count * 16)
        }
      }
    } catch {
      colors.update(repeating: .zero)
      // A batch is one row of a tile (`layer.row`), so its fault has a row, as a tile's does.
      record(error, row: layer.row)
    }
  }
}

extension Double {
  /// `2` for 2.0, `0.5` for 0.5: a time limit as a person writes it.
  var formatted: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}
