import Foundation
import LayerFX
import LayerFXMetal

extension ShaderLibrary {
  /// Compiles every `.metal` file of a bundle's resources (`Bundle.module` of a test target that
  /// lists the app's shaders as resources) into one library: the tests' counterpart of the
  /// app's SwiftUI `ShaderLibrary.default`.
  ///
  /// The files make one library as Xcode's `default.metallib` does
  /// (``LayerFXMetal/MetalLibrary/init(urls:options:)``): each file its own translation unit,
  /// a function declared in one and defined in another found.
  ///
  /// - Parameters:
  ///   - bundle: The bundle whose resources (searched recursively) hold the `.metal` files.
  ///   - options: Precision and cache location.
  /// - Throws: ``MetalResourcesError`` when the bundle has no resources or no `.metal` file;
  ///   ``LayerFXMetal/MetalCompileError`` as the library's compile (two stitchable functions of
  ///   one name: `unsupportedSignature`).
  public init(metalResourcesOf bundle: Bundle, options: MetalCompileOptions = MetalCompileOptions())
    throws
  {
    guard let resources = bundle.resourceURL else {
      throw MetalResourcesError.noMetalFiles(folder: bundle.bundlePath)
    }
    try self.init(metalFilesIn: resources, options: options)
  }

  /// Compiles every `.metal` file under `folder` (recursively, in path order) into one library,
  /// as ``init(metalResourcesOf:options:)``.
  ///
  /// - Parameters:
  ///   - folder: A folder of `.metal` files.
  ///   - options: Precision and cache location.
  /// - Throws: As ``init(metalResourcesOf:options:)``.
  public init(metalFilesIn folder: URL, options: MetalCompileOptions = MetalCompileOptions())
    throws
  {
    let files =
      (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "metal" } ?? [])
      .sorted { $0.path < $1.path }
    guard !files.isEmpty else { throw MetalResourcesError.noMetalFiles(folder: folder.path) }
    try self.init(urls: files, options: options)
  }
}

/// Why a folder holds no `.metal` files to make a library of.
public enum MetalResourcesError: Error, Equatable, CustomStringConvertible {
  /// The folder (or bundle) holds no `.metal` file.
  case noMetalFiles(folder: String)

  /// One line naming the folder or files and the problem.
  public var description: String {
    switch self {
    case .noMetalFiles(let folder): "\(folder): no .metal files"
    }
  }
}
