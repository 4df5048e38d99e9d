import LayerFX

extension RenderJob {
  /// A job's limits and renderer: pixels, frames, memory and free space, threads and tiles.
  public struct Limits: Sendable {
    /// The most pixels an image, a padded layer or a contact sheet may have.
    public var pixelLimit: Int
    /// What the memory estimate is held to (``MemoryBudget``).
    public var memoryCheck: MemoryCheck
    /// The frame limit and whether free disk space is checked.
    public var animation: AnimationLimits
    /// Worker threads, ≥ 1.
    public var threadCount: Int
    /// The edge of a square render tile, pixels; `nil` for bands of whole rows.
    public var tileSize: Int?

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - pixelLimit: The most pixels an image may have, ≥ 1.
    ///   - memoryCheck: What the memory estimate is held to; every known limit by default.
    ///   - animation: The frame and free-space limits.
    ///   - threadCount: Worker threads, ≥ 1; all cores by default.
    ///   - tileSize: Tile edge, pixels; `nil` for bands of rows.
    public init(
      pixelLimit: Int, memoryCheck: MemoryCheck = .every,
      animation: AnimationLimits = AnimationLimits(),
      threadCount: Int = Renderer.defaultThreadCount, tileSize: Int? = nil
    ) {
      self.pixelLimit = pixelLimit
      self.memoryCheck = memoryCheck
      self.animation = animation
      self.threadCount = threadCount
      self.tileSize = tileSize
    }

    /// The most pixels `--max-pixels` allows, and so the most an image LayerFX renders may
    /// have: `Int32.max`, 2147483647.
    public static let largestPixelLimit = Int(Int32.max)

    /// The end of an error about an image of `pixels` pixels over ``pixelLimit``: `(raise it
    /// with --max-pixels)` when the flag can allow that many, else `(beyond what LayerFX can
    /// render: at most 2147483647 pixels)`, since no flag helps.
    ///
    /// - Parameter pixels: Width × height (a `Double`, so no size overflows).
    /// - Returns: The parenthesis, without a leading space.
    public static func advice(pixels: Double) -> String {
      pixels <= Double(largestPixelLimit)
        ? "(raise it with --max-pixels)"
        : "(beyond what LayerFX can render: at most \(largestPixelLimit) pixels)"
    }

    /// The renderer these limits describe.
    public var renderer: Renderer { Renderer(tileSize: tileSize, threadCount: threadCount) }

    /// The memory the render may take now, while `heldBytes` of the estimate's buffers (the
    /// input) are allocated; `nil` when the memory is not checked or no limit is known.
    public func memoryBudget(holding heldBytes: Double = 0) -> MemoryBudget? {
      switch memoryCheck {
      case .every: MemoryBudget.current(holding: heldBytes)
      case .addressSpace: MemoryBudget.addressSpace(holding: heldBytes, reservingThreads: false)
      case .off: nil
      }
    }

    /// What a render's memory estimate is held to (``MemoryBudget``).
    public enum MemoryCheck: Sendable, Equatable {
      /// Every limit known: the address space less the threads' reserve, the memory the system
      /// has available, the control groups' room (``MemoryBudget/current(holding:cgroup:)``).
      case every
      /// The address-space limit alone, without the threads' reserve (`--ignore-free-memory`,
      /// ``MemoryBudget/addressSpace(holding:reservingThreads:)``): buffers past `ulimit -v`
      /// cannot be allocated whatever the system has free.
      case addressSpace
      /// Nothing: the estimate is not checked.
      case off
    }
  }
}
