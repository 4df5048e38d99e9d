import Foundation
import LayerFXComposition
import LayerFXTestSupport
import Testing

/// The cgroup v1 and v2 limits, read from a folder laid out as `/sys/fs/cgroup` and a file
/// laid out as `/proc/self/cgroup` (cgroups(7); kernel cgroup-v1/memory.rst, cgroup-v2.rst).
@Suite struct CGroupMemoryTests {
  /// Writes `files` (path under `directory` → text), making folders.
  private func write(_ files: [String: String], in directory: TemporaryDirectory) throws {
    for (path, text) in files {
      let full = directory.path(path)
      try FileManager.default.createDirectory(
        atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: full, atomically: true, encoding: .utf8)
    }
  }

  @Test("v2: memory.max less memory.current less the inactive file cache; 'max' is no limit")
  func version2() throws {
    let directory = try TemporaryDirectory()
    try write(
      [
        "groups": "0::/job/step\n",
        "root/job/step/memory.max": "2000000000\n",
        "root/job/step/memory.current": "700000000\n",
        "root/job/step/memory.stat": "anon 400000000\ninactive_file 200000000\nactive_file 1\n",
        "root/job/memory.max": "max\n",
        "root/job/memory.current": "900000000\n",
      ], in: directory)
    let room = try #require(
      CGroupMemory.current(groups: directory.path("groups"), root: directory.path("root")))
    // 2e9 − (7e8 − 2e8) = 1.5e9.
    #expect(room == CGroupMemory(availableBytes: 1_500_000_000, limitFile: "memory.max"))
  }

  @Test("v1: the smallest room of any level binds; v1's 2⁶³ − 4096 is no limit")
  func version1() throws {
    let directory = try TemporaryDirectory()
    try write(
      [
        "groups": "9:cpu,cpuacct:/a\n4:memory:/a/b\n0::/\n",
        "root/memory/a/b/memory.limit_in_bytes": "9223372036854771712\n",
        "root/memory/a/b/memory.usage_in_bytes": "100\n",
        "root/memory/a/memory.limit_in_bytes": "1000000\n",
        "root/memory/a/memory.usage_in_bytes": "300000\n",
        "root/memory/a/memory.stat": "cache 5\ntotal_inactive_file 100000\n",
      ], in: directory)
    let room = try #require(
      CGroupMemory.current(groups: directory.path("groups"), root: directory.path("root")))
    // The parent's 1e6 − (3e5 − 1e5) = 8e5; the group itself is unlimited.
    #expect(room == CGroupMemory(availableBytes: 800_000, limitFile: "memory.limit_in_bytes"))
  }

  @Test("a group whose folder is missing (a container's own view) falls back to the root's")
  func missingFolder() throws {
    let directory = try TemporaryDirectory()
    try write(
      [
        "groups": "4:memory:/host/container\n",
        "root/memory/memory.limit_in_bytes": "2147483648\n",
        "root/memory/memory.usage_in_bytes": "1073741824\n",
      ], in: directory)
    let room = CGroupMemory.current(groups: directory.path("groups"), root: directory.path("root"))
    #expect(room?.availableBytes == 1_073_741_824)
    #expect(
      CGroupMemory.current(groups: directory.path("none"), root: directory.path("root")) == nil)
  }

  @Test("the budget takes the cgroup's room when it is the smallest and names its file")
  func budget() throws {
    let budget = try #require(
      MemoryBudget.current(
        holding: 0, cgroup: CGroupMemory(availableBytes: 1, limitFile: "memory.max")))
    #expect(budget == MemoryBudget(bytes: 1, source: .cgroupV2))
    #expect {
      try budget.check(1000, path: "x.png")
    } throws: { error in
      "\(error)"
        == "x.png: needs about 1.0 kB of memory, 1 B available (cgroup memory.max); raise the "
        + "container's memory limit, or render a smaller image or a shorter chain"
    }
  }
}
