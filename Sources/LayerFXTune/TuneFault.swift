/// A compiled shader faulted while the preview rendered (the render is not shown).
struct TuneFault: Error, CustomStringConvertible {
  let description: String
}
