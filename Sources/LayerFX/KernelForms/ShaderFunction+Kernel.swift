import LayerFXMath

// Shader functions from kernels written once for every lane width: the per-pixel closure runs
// the kernel at `F = Float`, the lane form at its kind's width (`LaneWidths.swift`). Both are
// specialised here, in the module that calls these initialisers (the kernel's own), from the
// same source.
extension ShaderFunction {
  /// Creates the shader function of a colour-effect kernel.
  ///
  /// - Parameters:
  ///   - kernel: The kernel type; its `init()` gives the defaults, its ``ShaderKernel/parameters``
  ///     the declaration.
  ///   - name: The function's name (the lowerCamel form of the Metal function's).
  ///   - summary: A one-line description.
  @inlinable
  public init<K: ColorEffect>(_ kernel: K.Type, name: String, summary: String) {
    self.init(kernelType: K.self, name: name, kind: .color, summary: summary) { kernel in
      (
        .color { position, color in
          kernel.shade(position: Vector2<Float>(position), color: Vector4<Float>(color)).simd
        },
        .color { row in row.shade(kernel, lanes: ColorEffectLanes.self) }
      )
    }
  }

  /// Creates the shader function of a distortion-effect kernel.
  ///
  /// - Parameters: As for the colour-effect initialiser.
  @inlinable
  public init<K: DistortionEffect>(_ kernel: K.Type, name: String, summary: String) {
    self.init(kernelType: K.self, name: name, kind: .distortion, summary: summary) { kernel in
      (
        .distortion { position in kernel.distort(position: Vector2<Float>(position)).simd },
        .distortion { row in row.distort(kernel, lanes: DistortionEffectLanes.self) }
      )
    }
  }

  /// Creates the shader function of a layer-effect kernel.
  ///
  /// - Parameters: As for the colour-effect initialiser.
  @inlinable
  public init<K: LayerEffect>(_ kernel: K.Type, name: String, summary: String) {
    self.init(
      kernelType: K.self, name: name, kind: .layer, summary: summary, forms: Self.layerForms)
  }

  /// Creates the shader function of a stencil layer effect: its closure form, and a lane form
  /// that reads texels in place where the taps land on texel centres
  /// (``TexelStencilEffect/shadeTexels(_:)``) and samples bilinearly elsewhere.
  ///
  /// - Parameters: As for the colour-effect initialiser.
  @inlinable
  public init<K: TexelStencilEffect>(_ kernel: K.Type, name: String, summary: String) {
    self.init(kernelType: K.self, name: name, kind: .layer, summary: summary) { kernel in
      (
        Self.layerForms(kernel).0,
        .layer { row in row.shade(stencil: kernel, lanes: LayerEffectLanes.self) }
      )
    }
  }

  /// Creates the shader function of a layer effect that samples at fixed offsets: its closure
  /// form, and a lane form that shares the texels its taps read between neighbouring pixels
  /// (``OffsetTapEffect/shadeOffsetTaps(_:)``) and samples bilinearly near the edges.
  ///
  /// - Parameters: As for the colour-effect initialiser.
  @inlinable
  public init<K: OffsetTapEffect>(_ kernel: K.Type, name: String, summary: String) {
    self.init(kernelType: K.self, name: name, kind: .layer, summary: summary) { kernel in
      let columns = OffsetTapColumns()
      return (
        Self.layerForms(kernel).0,
        .layer { row in
          row.shade(offsetTaps: kernel, columns: columns, lanes: LayerEffectLanes.self)
        }
      )
    }
  }

  /// Creates the shader function of a layer-effect kernel whose fast form runs as passes: the
  /// closure and lane forms of its one-pass body, and its ``MultiPassLayerEffect/passes``.
  ///
  /// - Parameters: As for the colour-effect initialiser.
  @inlinable
  public init<K: MultiPassLayerEffect>(_ kernel: K.Type, name: String, summary: String) {
    self.init(
      kernelType: K.self, name: name, kind: .layer, summary: summary,
      forms: Self.layerForms, passes: { kernel in kernel.passes })
  }

  /// The closure and lane forms of a layer-effect kernel.
  @inlinable
  static func layerForms<K: LayerEffect>(_ kernel: K) -> (EffectKernel, LaneKernel) {
    (
      .layer { position, layer in
        kernel.shade(position: Vector2<Float>(position), layer: layer).simd
      },
      .layer { row in row.shade(kernel, lanes: LayerEffectLanes.self) }
    )
  }

  /// Creates the shader function of a fill.
  ///
  /// - Parameters: As for the colour-effect initialiser.
  @inlinable
  public init<K: Fill>(_ kernel: K.Type, name: String, summary: String) {
    self.init(kernelType: K.self, name: name, kind: .fill, summary: summary) { kernel in
      (
        .fill { position in kernel.fill(position: Vector2<Float>(position)).simd },
        .fill { run in run.fill(kernel, lanes: FillLanes.self) }
      )
    }
  }

  /// Creates a shader function whose prepared forms are `forms` of the kernel made from the
  /// checked arguments: `K()` with every argument assigned through its parameter.
  @inlinable
  init<K: ShaderKernel>(
    kernelType: K.Type, name: String, kind: EffectKind, summary: String,
    forms: @escaping @Sendable (K) -> (EffectKernel, LaneKernel),
    passes: @escaping @Sendable (K) -> [LayerPass] = { _ in [] }
  ) {
    let parameters = K.parameters
    self.init(
      name: name, kind: kind, summary: summary, parameters: parameters.map(\.declaration)
    ) { arguments in
      var kernel = K()
      for (parameter, value) in zip(parameters, arguments.values) {
        parameter.assign(&kernel, value)
      }
      let (closure, lanes) = forms(kernel)
      return Forms(
        kernel: closure, lanes: lanes, maxSampleOffset: kernel.maxSampleOffset,
        passes: passes(kernel))
    }
  }
}
