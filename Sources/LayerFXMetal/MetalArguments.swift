import CLayerFXMetalGuard
import LayerFX
import LayerFXMath

/// A prepared shader's arguments in the form the compiled functions read: one `lfx_argument` per
/// parameter, arrays and images copied into memory that lives as long as the shader.
///
/// Arrays sit at the end of a page followed by 32 GiB of inaccessible address space (and after
/// the same before), so a read past the end, at any 32-bit index, faults (and the fault is
/// reported, see ``MetalFaults``) instead of reading other memory; a read before the start reads
/// zeros up to the start of its page, then faults.
final class MetalArguments: @unchecked Sendable {
  let slots: UnsafeMutablePointer<lfx_argument>
  private var mappings: [(pointer: UnsafeMutableRawPointer, length: Int)] = []
  private var allocations: [UnsafeMutableRawPointer] = []

  /// Binds `values`, already checked against the function's parameters when the shader was
  /// prepared, one slot each in parameter order.
  init(_ values: [Shader.Argument], binary16: Bool) {
    slots = .allocate(capacity: Swift.max(1, values.count))
    slots.initialize(
      repeating: lfx_argument(pointer: nil, count: 0, width: 0, height: 0, value: (0, 0, 0, 0)),
      count: Swift.max(1, values.count))
    for (index, value) in values.enumerated() {
      var slot = lfx_argument(pointer: nil, count: 0, width: 0, height: 0, value: (0, 0, 0, 0))
      switch value {
      case .float(let v): slot.value = (v, 0, 0, 0)
      case .float2(let v): slot.value = (v.x, v.y, 0, 0)
      case .float3(let v): slot.value = (v.x, v.y, v.z, 0)
      case .float4(let v), .color(let v): slot.value = (v.x, v.y, v.z, v.w)
      case .boundingRect: break  // resolved to .float4 when the shader is prepared
      case .floatArray(let floats):
        slot.pointer = UnsafeRawPointer(guarded(floats))
        slot.count = floats.count
      case .colorArray(let colors):
        if binary16 {
          slot.pointer = UnsafeRawPointer(
            guarded(
              colors.flatMap { [Float16($0.x), Float16($0.y), Float16($0.z), Float16($0.w)] }))
        } else {
          // A half4 is four contiguous Floats: the array's storage is already the layout.
          slot.pointer = UnsafeRawPointer(guarded(colors))
        }
        slot.count = colors.count
      case .data(let bytes):
        slot.pointer = UnsafeRawPointer(guarded(bytes))
        slot.count = bytes.count
      case .image(let image):
        let texels = UnsafeMutablePointer<Float>.allocate(
          capacity: Swift.max(1, 4 * image.pixels.count))
        // A half4 is four contiguous Floats: one copy of the pixel storage.
        image.pixels.withUnsafeBufferPointer { pixels in
          pixels.withMemoryRebound(to: Float.self) { floats in
            _ = UnsafeMutableBufferPointer(start: texels, count: floats.count).initialize(
              from: floats)
          }
        }
        allocations.append(UnsafeMutableRawPointer(texels))
        slot.pointer = UnsafeRawPointer(texels)
        slot.width = image.width
        slot.height = image.height
      }
      slots[index] = slot
    }
  }

  /// Copies `elements` into guarded memory and returns where they start.
  private func guarded<T>(_ elements: [T]) -> UnsafeMutableRawPointer {
    let bytes = Swift.max(1, elements.count * MemoryLayout<T>.stride)
    var mapping: UnsafeMutableRawPointer?
    var length = 0
    let start: UnsafeMutableRawPointer
    if let pointer = lfx_guarded_alloc(bytes, 32 << 30, &mapping, &length), let mapping {
      mappings.append((mapping, length))
      start = pointer
    } else {
      // No address space for guards: plain memory, padded with zeros after the end.
      let plain = UnsafeMutableRawPointer.allocate(byteCount: bytes + 4096, alignment: 16)
      plain.initializeMemory(as: UInt8.self, repeating: 0, count: bytes + 4096)
      allocations.append(plain)
      start = plain
    }
    elements.withUnsafeBytes { source in
      if let base = source.baseAddress { start.copyMemory(from: base, byteCount: source.count) }
    }
    return start
  }

  deinit {
    for mapping in mappings { lfx_guarded_free(mapping.pointer, mapping.length) }
    for allocation in allocations { allocation.deallocate() }
    slots.deallocate()
  }
}
