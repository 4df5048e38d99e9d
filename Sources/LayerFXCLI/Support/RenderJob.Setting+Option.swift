import LayerFXComposition

extension RenderJob.Setting {
  /// The option that gives the setting on the command line, without dashes.
  var option: String {
    switch self {
    case .contactSheet: "contact-sheet"
    case .frameRange: "frame-range"
    case .maxSampleOffset: "max-sample-offset"
    case .overlays: "overlay"
    default: rawValue
    }
  }

  /// The setting `option` gives; `nil` for an option that gives none of a job's settings.
  init?(option: String) {
    guard let setting = Self.allCases.first(where: { $0.option == option }) else { return nil }
    self = setting
  }
}
