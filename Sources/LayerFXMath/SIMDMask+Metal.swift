// Metal's constructors and component names for Boolean vectors (`bool2`…`bool4`, see
// `MetalTypes.swift`): `bool2(true, false)`, `bool3(b)`, `mask.x`. Swizzles of Boolean vectors
// are not provided; read components by name or subscript.
//
// Source: MSL 3.2 §2.2 (`booln`), §2.2.1 "Accessing Vector Components", §2.2.2 "Vector
// Constructors".

extension SIMDMask where Storage == SIMD2<Int32> {
  /// Creates the Boolean vector `(x, y)` (Metal `bool2(x, y)`).
  @inlinable public init(_ x: Bool, _ y: Bool) {
    self.init()
    self[0] = x
    self[1] = y
  }

  /// Creates a Boolean vector with both components `value` (Metal `bool2(b)`).
  @inlinable public init(_ value: Bool) { self.init(repeating: value) }

  /// The first component (Metal `.x`).
  @inlinable public var x: Bool {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The second component (Metal `.y`).
  @inlinable public var y: Bool {
    get { self[1] }
    set { self[1] = newValue }
  }
}

extension SIMDMask where Storage == SIMD3<Int32> {
  /// Creates the Boolean vector `(x, y, z)` (Metal `bool3(x, y, z)`).
  @inlinable public init(_ x: Bool, _ y: Bool, _ z: Bool) {
    self.init()
    self[0] = x
    self[1] = y
    self[2] = z
  }

  /// Creates a Boolean vector with every component `value` (Metal `bool3(b)`).
  @inlinable public init(_ value: Bool) { self.init(repeating: value) }

  /// The first component (Metal `.x`).
  @inlinable public var x: Bool {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The second component (Metal `.y`).
  @inlinable public var y: Bool {
    get { self[1] }
    set { self[1] = newValue }
  }

  /// The third component (Metal `.z`).
  @inlinable public var z: Bool {
    get { self[2] }
    set { self[2] = newValue }
  }
}

extension SIMDMask where Storage == SIMD4<Int32> {
  /// Creates the Boolean vector `(x, y, z, w)` (Metal `bool4(x, y, z, w)`).
  @inlinable public init(_ x: Bool, _ y: Bool, _ z: Bool, _ w: Bool) {
    self.init()
    self[0] = x
    self[1] = y
    self[2] = z
    self[3] = w
  }

  /// Creates a Boolean vector with every component `value` (Metal `bool4(b)`).
  @inlinable public init(_ value: Bool) { self.init(repeating: value) }

  /// The first component (Metal `.x`).
  @inlinable public var x: Bool {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The second component (Metal `.y`).
  @inlinable public var y: Bool {
    get { self[1] }
    set { self[1] = newValue }
  }

  /// The third component (Metal `.z`).
  @inlinable public var z: Bool {
    get { self[2] }
    set { self[2] = newValue }
  }

  /// The fourth component (Metal `.w`).
  @inlinable public var w: Bool {
    get { self[3] }
    set { self[3] = newValue }
  }
}
