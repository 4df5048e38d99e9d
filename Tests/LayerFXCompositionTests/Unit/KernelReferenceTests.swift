import Foundation
import LayerFX
import LayerFXComposition
import LayerFXKernels
import LayerFXTestSupport
import Testing

/// How a kernel's text splits into its file, function and arguments.
@Suite struct KernelReferenceTests {
  @Test(
    "the function name ends at the first colon after .metal:, a built-in's at its first colon",
    arguments: [
      ("ripple", "ripple", nil),
      ("ripple:origin=1,2,amplitude=3", "ripple", "origin=1,2,amplitude=3"),
      ("Shaders/A.metal:f", "Shaders/A.metal:f", nil),
      ("Shaders/A.metal:f:x=1,y=2", "Shaders/A.metal:f", "x=1,y=2"),
      ("A.metal:f:", "A.metal:f", ""),
    ] as [(String, String, String?)])
  func splitEffect(_ text: String, name: String, arguments: String?) {
    let split = KernelReference.splitEffect(text)
    #expect(split.name == name)
    #expect(split.arguments.map(String.init) == arguments)
  }

  @Test("FILE.metal:FUNCTION splits at the last .metal:, and a built-in stays whole")
  func split() {
    #expect(KernelReference.split("a/B.metal:f") == ("a/B.metal", "f"))
    #expect(KernelReference.split("B.metal") == ("B.metal", nil))
    #expect(KernelReference.split("ripple") == ("ripple", nil))
    #expect(KernelReference.isMetal("B.metal") && KernelReference.isMetal("B.metal:f"))
    #expect(!KernelReference.isMetal("ripple"))
  }

  @Test("a .. after a path that does not exist is kept and . dropped; a built-in's name is kept")
  func absolute() {
    #expect(KernelReference.absolute("/x/./y/../B.metal:f") == "/x/y/../B.metal:f")
    #expect(KernelReference.absolute("ripple") == "ripple")
  }

  @Test("a .. leads where the system takes it: the parent of the path before it, links resolved")
  func parentComponents() throws {
    let directory = try TemporaryDirectory()
    // Foundation's own resolution of the folder (it may sit under a link), for the expectation.
    let root = URL(fileURLWithPath: directory.path).resolvingSymlinksInPath().path
    try FileManager.default.createDirectory(
      atPath: root + "/a/b", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: root + "/link", withDestinationPath: root + "/a/b")
    // a/b/.. is a; link/.. is the parent of a/b, a, not root (POSIX.1-2017 §4.13).
    #expect(KernelReference.absolutePath(root + "/a/b/../k.metal") == root + "/a/k.metal")
    #expect(KernelReference.absolutePath(root + "/link/../k.metal") == root + "/a/k.metal")
    #expect(KernelReference.absolute(root + "/a/./b/../../k.metal:f") == root + "/k.metal:f")
    // The link in the file's own place is kept: nothing after the last .. is resolved.
    #expect(KernelReference.absolutePath(root + "/a/../link") == root + "/link")
    // At the root, .. is the root.
    #expect(KernelReference.absolutePath("/../x.png") == "/x.png")
  }

  @Test("argument pairs keep commas inside a value: origin=1,2 stays one pair")
  func pairs() throws {
    #expect(try KernelReference.pairs("origin=1,2,amplitude=3") == ["origin=1,2", "amplitude=3"])
    #expect(try KernelReference.pairs(nil) == [])
  }

  @Test(
    "an empty argument list or item is refused, not dropped",
    arguments: [
      ("", .empty), (",,", .emptyItem), ("a=1,", .emptyItem), (",a=1", .emptyItem),
    ] as [(String, KernelReference.ArgumentListError)])
  func emptyItems(text: String, error: KernelReference.ArgumentListError) {
    #expect(throws: error) { try KernelReference.pairs(Substring(text)) }
  }

  @Test("maxSampleOffset=X,Y is taken out as the effect's own offset, once, from a layer effect")
  func ownOffset() throws {
    let taken = try KernelReference.ownOffset(
      ["radius=3", "maxSampleOffset=4,5"], of: .bulge, context: "--effect bulge")
    #expect(taken.pairs == ["radius=3"])
    #expect(taken.offset == "4,5")
    #expect(
      try KernelReference.ownOffset(["radius=3"], of: .bulge, context: "--effect bulge").offset
        == nil)
    // grayscale is a colour effect; bulge given the item twice.
    for (pairs, function) in [
      (["maxSampleOffset=1,1"], ShaderFunction.grayscale),
      (["maxSampleOffset=1,1", "maxSampleOffset=2,2"], .bulge),
    ] {
      #expect(throws: RenderJobError.self) {
        try KernelReference.ownOffset(pairs, of: function, context: "--effect \(function.name)")
      }
    }
  }
}
