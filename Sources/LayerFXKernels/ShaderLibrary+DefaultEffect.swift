import LayerFX

extension ShaderLibrary {
  /// The built-in effect a front end uses when none is named: ``ShaderFunction/ripple``,
  /// whose keyframes a keyframes document animates by default and whose config a bare
  /// `layerfx config dump` prints (the `layerfx ripple` preset's effect).
  public static let defaultEffect = ShaderFunction.ripple
}
