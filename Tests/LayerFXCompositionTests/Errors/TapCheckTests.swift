import LayerFX
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

/// A front end's taps go to a position parameter; taps no effect takes are refused.
@Suite struct TapCheckTests {
  /// A tap at (10, 20) points, 0 s in.
  static let tap = AnimatedEffect.Trigger(time: 0, payload: float2(10, 20))

  /// The command line's words of the check's error, or `nil` when it passes.
  func refusal(_ effects: [AnimatedEffect], taps: [AnimatedEffect.Trigger] = [tap]) -> String? {
    do {
      try AnimatedEffect.checkTaps(taps, for: effects)
      return nil
    } catch {
      guard error.setting == nil,
        case .invalid(let commandLine, nil)? =
          error.underlying as? RenderJob.Misfit
      else { return "unexpected: \(error)" }
      return commandLine
    }
  }

  @Test("without taps nothing is checked, even with no position parameter")
  func noTaps() {
    #expect(refusal([AnimatedEffect(.grayscale)], taps: []) == nil)
  }

  @Test("taps for a colour effect without a position parameter are refused, naming it")
  func noTaker() {
    // grayscale's one parameter is `amount`, a float: nothing takes a point.
    let line = refusal([AnimatedEffect(.grayscale)])
    #expect(line?.hasPrefix("--tap puts its point") == true)
    #expect(line?.contains("grayscale has no position parameter") == true)
  }

  @Test("taps for an effect with three position-named float2s are refused naming all three")
  func ambiguousPosition() {
    // `p` has no position's name; center, origin and touch do, so none takes the role.
    let parameters = ["center", "p", "origin", "touch"].map {
      ShaderFunction.Parameter($0, .float2)
    }
    let function = ShaderFunction(name: "tri", kind: .layer, parameters: parameters) { _ in
      (.layer { position, layer in layer.sample(position) }, RowKernel({ _ in }))
    }
    #expect(
      refusal([AnimatedEffect(function)])
        == "--tap puts its point in an effect's position parameter, but tri's is ambiguous: its "
        + "float2 parameters center, origin and touch all have a position's name; choose one "
        + "with --position-parameter NAME (center, origin or touch)")
  }

  @Test("taps whose every taker has its position given are refused; one free taker is enough")
  func positionGiven() {
    // The ripple's position parameter is `origin` (Shaders/LayerEffects/Ripple.metal).
    let pinned = AnimatedEffect(.ripple, arguments: [("origin", .float2(float2(1, 1)))])
    #expect(
      refusal([pinned])
        == "--tap gives ripple's position parameter 'origin', which is also given a value; "
        + "leave origin out")
    #expect(refusal([pinned, AnimatedEffect(.ripple)]) == nil)
  }
}
