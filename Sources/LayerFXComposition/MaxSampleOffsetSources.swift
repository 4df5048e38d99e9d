import LayerFX
import LayerFXMath

/// Where each pass's `maxSampleOffset` comes from, resolved once, before any pass is prepared.
///
/// In this order, the first that is set wins:
/// 1. the effect's own (``AnimatedEffect/maxSampleOffset``: a config effect's
///    `maxSampleOffset`, the command line's `--effect NAME:maxSampleOffset=X,Y`);
/// 2. ``given``, the front end's offset for every pass (the command line's
///    `--max-sample-offset`), which replaces the document's;
/// 3. ``document``, the document's offset for every pass (a config's `debug.maxSampleOffset`);
/// 4. the kernel's own, declared for its arguments at each time (left `nil` here: each pass
///    takes it when prepared, ``AnimatedEffect/passes(at:sizeInPoints:)``); a layer or
///    distortion function that declares none (a `.metal` one) then has none, which SwiftUI's
///    `layerEffect(_:maxSampleOffset:)` and `distortionEffect(_:maxSampleOffset:)` refuse.
///
/// Only layer and distortion effects sample (a colour effect reads its own pixel, a fill has
/// no layer), so only they take an offset.
///
/// Source: `Documentation/Semantics.md` §4.1 (the layer and its padding).
public struct MaxSampleOffsetSources: Sendable, Equatable {
  /// The front end's offset for every pass without its own, points per axis.
  public var given: float2?
  /// The document's offset for every pass without its own, points per axis.
  public var document: float2?

  /// Creates the sources.
  ///
  /// - Parameters:
  ///   - given: The front end's offset (`--max-sample-offset`), points; `nil` for none.
  ///   - document: The document's offset (`debug.maxSampleOffset`), points; `nil` for none.
  public init(given: float2? = nil, document: float2? = nil) {
    self.given = given
    self.document = document
  }

  /// The offset every pass without its own takes: ``given``, else ``document``; `nil` for the
  /// kernel's own.
  public var shared: float2? { given ?? document }

  /// `chain` with each effect's offset resolved: its own, else ``shared``; `nil` (the kernel's
  /// own) when neither is set.
  public func resolve(_ chain: EffectChain) -> EffectChain {
    var resolved = chain
    for index in resolved.effects.indices {
      resolved.effects[index].maxSampleOffset = resolve(own: chain.effects[index].maxSampleOffset)
    }
    return resolved
  }

  /// The offset of a pass whose own offset is `own`: `own`, else ``shared``.
  public func resolve(own: float2?) -> float2? { own ?? shared }

  /// Prepares `shader` for an image of `sizeInPoints` with its offset resolved: `own`, else
  /// ``shared``, else the one the kernel declares for the arguments; the one place a pass gets
  /// its offset (``AnimatedEffect/passes(at:sizeInPoints:)`` prepares through it).
  ///
  /// - Parameters:
  ///   - shader: The function and its arguments.
  ///   - own: The pass's own offset, points; `nil` for none.
  ///   - sizeInPoints: The image's size, points.
  /// - Returns: The prepared pass.
  /// - Throws: `LayerFX.ShaderArgumentError` for arguments that do not fit the function.
  public func prepare(_ shader: Shader, own: float2? = nil, sizeInPoints: float2)
    throws(ShaderArgumentError) -> PreparedShader
  {
    var prepared = try shader.prepared(sizeInPoints: sizeInPoints)
    if let offset = resolve(own: own) { prepared.maxSampleOffset = offset }
    return prepared
  }
}
