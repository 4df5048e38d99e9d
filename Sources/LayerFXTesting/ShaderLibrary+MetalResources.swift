import Foundation
import LayerFX
import LayerFXMetal

extension ShaderLibrary {
  /// Compiles every `.metal` file of a bundle's resources (`Bundle.module` of a test target that
  /// lists the app's shaders as resources) into one library: the tests' counterpart of the
  /// app's SwiftUI `ShaderLibrary.default`.
  ///
  /// Each file is compiled on its own (``LayerFXMetal/MetalLibrary/init(url:options:)``) and the
  /// functions are put together; a helper function one file declares is not visible in
  /// another, as it is when Xcode compiles the files into one `default.metallib`.
  ///
  /// - Parameters:
  ///   - bundle: The bundle whose resources (searched recursively) hold the `.metal` files.
  ///   - options: Precision and cache location.
  /// - Throws: ``MetalResourcesError`` when the bundle has no resources, no `.metal` file, or
  ///   two files declare a function of the same name; ``LayerFXMetal/MetalCompileError`` as a
  ///   file's compile.
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
    var functions: [ShaderFunction] = []
    var fileOfFunction: [String: String] = [:]
    for file in files {
      for function in try MetalLibrary(url: file, options: options).library.functions {
        if let first = fileOfFunction[function.name] {
          throw MetalResourcesError.duplicateFunction(
            name: function.name, files: [first, file.path])
        }
        fileOfFunction[function.name] = file.path
        functions.append(function)
      }
    }
    self.init(functions)
  }
}

/// Why a folder's `.metal` files do not make one library.
public enum MetalResourcesError: Error, Equatable, CustomStringConvertible {
  /// The folder (or bundle) holds no `.metal` file.
  case noMetalFiles(folder: String)
  /// Two files declare a stitchable function of the same name.
  case duplicateFunction(name: String, files: [String])

  /// One line naming the folder or files and the problem.
  public var description: String {
    switch self {
    case .noMetalFiles(let folder): "\(folder): no .metal files"
    case .duplicateFunction(let name, let files):
      "\(files.joined(separator: " and ")) both declare the function '\(name)'"
    }
  }
}
