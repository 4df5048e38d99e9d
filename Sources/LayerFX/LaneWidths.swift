import LayerFXMath

// The lane width each kind of kernel runs at, chosen by measurement (`layerfx-bench`, 3840 × 2160,
// medians; the figures and the run are in Benchmarks/README.md, "Sixteen lanes"):
// - Distortion and layer effects compute positions and call the sampler: sixteen lanes, two
//   independent eight-lane chains per operation, keep the vector units busy while the other
//   half waits on a divide, a square root or a texel load (the ripple 1.29–1.35× eight lanes,
//   twirl 1.28–1.32×, emboss 1.32–1.36×, wave 1.38–1.41×; none slower).
// - Colour effects and fills are bound by memory and by the transposes between pixels and
//   channel planes: eight lanes (hueRotation ran at half speed with sixteen at two threads,
//   the checkerboard 8 % slower).

/// The lane width of a colour effect's lane form: eight pixels per call.
public typealias ColorEffectLanes = FloatLanes8

/// The lane width of a distortion effect's lane form: sixteen pixels per call.
public typealias DistortionEffectLanes = FloatLanes16

/// The lane width of a layer effect's lane form: sixteen pixels per call.
public typealias LayerEffectLanes = FloatLanes16

/// The lane width of a fill's lane form: eight pixels per call.
public typealias FillLanes = FloatLanes8
