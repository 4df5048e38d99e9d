import LayerFX
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

/// The order a pass's `maxSampleOffset` is resolved in: its own, the front end's, the
/// document's, then the kernel's (`MaxSampleOffsetSources`; Documentation/Semantics.md §4.1).
@Suite struct MaxSampleOffsetSourcesTests {
  /// An offset of 2 points right, 1 down: the kernel declares (|x|, |y|) = (2, 1).
  static let effect = AnimatedEffect(.offset, arguments: [("x", .float(2)), ("y", .float(1))])

  /// The offset of the one pass `sources` give `effect` with its own offset `own`.
  static func offset(_ sources: MaxSampleOffsetSources, own: float2? = nil) throws -> float2 {
    var effect = effect
    effect.maxSampleOffset = own
    let chain = sources.resolve(EffectChain([effect]))
    return try chain.passes(at: 0, sizeInPoints: float2(8, 8))[0].maxSampleOffset
  }

  @Test("an effect's own offset wins over the front end's and the document's")
  func ownFirst() throws {
    let sources = MaxSampleOffsetSources(given: float2(3, 3), document: float2(4, 4))
    #expect(try Self.offset(sources, own: float2(5, 6)) == float2(5, 6))
  }

  @Test("the front end's offset replaces the document's")
  func givenOverDocument() throws {
    let sources = MaxSampleOffsetSources(given: float2(3, 3), document: float2(4, 4))
    #expect(try Self.offset(sources) == float2(3, 3))
    #expect(sources.shared == float2(3, 3))
  }

  @Test("the document's offset applies when the front end gives none")
  func document() throws {
    #expect(try Self.offset(MaxSampleOffsetSources(document: float2(4, 4))) == float2(4, 4))
  }

  @Test("with no offset set, the pass takes the kernel's declared (|x|, |y|)")
  func kernel() throws {
    #expect(try Self.offset(MaxSampleOffsetSources()) == float2(2, 1))
    #expect(MaxSampleOffsetSources().shared == nil)
  }

  @Test("resolving twice gives what resolving once does")
  func idempotent() throws {
    let sources = MaxSampleOffsetSources(given: float2(3, 3))
    let once = sources.resolve(EffectChain([Self.effect]))
    #expect(sources.resolve(once).effects[0].maxSampleOffset == float2(3, 3))
  }
}
