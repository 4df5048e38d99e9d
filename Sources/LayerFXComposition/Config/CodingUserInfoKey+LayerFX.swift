extension CodingUserInfoKey {
  /// The decoder `userInfo` key `layerfx.NAME`, through which a config decoder hands its
  /// context (parameter names, the config's folder) to nested decoding.
  static func layerFX(_ name: String) -> CodingUserInfoKey {
    guard let key = CodingUserInfoKey(rawValue: "layerfx." + name) else {
      preconditionFailure("a user-info key from a non-empty string")
    }
    return key
  }
}
