import LayerFXMath

// The lane width each kind of kernel runs at, chosen by measurement (`layerfx-bench`, 3840 × 2160,
// one kind at a time, the eight-lane build and the sixteen-lane one in alternation; the run is in
// Benchmarks/HISTORY.md, "Sixteen lanes for distortion and layer effects"):
// - Distortion and layer effects compute positions and call the sampler: sixteen lanes, two
//   independent eight-lane chains of the same instructions, keep the vector units busy while
//   one half waits on a divide, a square root or a texel load (ripple, twirl, emboss and wave
//   1.1–1.55× their eight-lane speed at one and two threads; none measurably slower).
// - Colour effects and fills are bound by memory and by the transposes between pixels and
//   channel planes: eight lanes (at sixteen, hueRotation ran at half speed at two threads, sepia
//   24–42 % slower, the checkerboard 8–14 %).

/// The lane width of a colour effect's lane form: eight pixels per call.
public typealias ColorEffectLanes = FloatLanes8

/// The lane width of a distortion effect's lane form: sixteen pixels per call.
public typealias DistortionEffectLanes = FloatLanes16

/// The lane width of a layer effect's lane form: sixteen pixels per call.
public typealias LayerEffectLanes = FloatLanes16

/// The lane width of a fill's lane form: eight pixels per call.
public typealias FillLanes = FloatLanes8
