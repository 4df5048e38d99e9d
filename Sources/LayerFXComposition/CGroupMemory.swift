import Foundation

/// The memory a control group (a container, a systemd unit, a CI job) lets the process take
/// beyond what the group already uses: the kernel kills the process (SIGKILL, exit 137) past it
/// whatever `MemAvailable` and `RLIMIT_AS` say.
///
/// The process's groups come from `/proc/self/cgroup`: the cgroup v2 line `0::/PATH`, and the
/// cgroup v1 line whose controllers include `memory` (`4:memory:/PATH`). At every level from
/// the process's group up to the hierarchy's root, where the files exist, the room is the
/// limit less the usage less the inactive file cache (reclaimable, so not counted as used, as
/// `docker stats` does):
/// - v2, under `ROOT/PATH`: `memory.max` (`max` when unlimited), `memory.current`,
///   `inactive_file` in `memory.stat`;
/// - v1, under `ROOT/memory/PATH`: `memory.limit_in_bytes` (a huge number, 2⁶³ rounded down
///   to a page, when unlimited), `memory.usage_in_bytes`, `total_inactive_file` in
///   `memory.stat`.
/// The smallest room of any level binds (a parent's limit covers its children). A group whose
/// folder is missing (a container sees its own group as the root) is skipped level by level up
/// to the root.
///
/// Source: Linux kernel documentation, `Documentation/admin-guide/cgroup-v2.rst` ("Memory
/// Interface Files"), `Documentation/admin-guide/cgroup-v1/memory.rst` (§5.5 "usage_in_bytes");
/// cgroups(7) (`/proc/[pid]/cgroup`).
public struct CGroupMemory: Sendable, Equatable {
  /// The bytes the process may still take, ≥ 0.
  public var availableBytes: Double
  /// The limit's file, named in a refusal: `memory.max` (v2) or `memory.limit_in_bytes` (v1).
  public var limitFile: String

  /// Creates a room.
  ///
  /// - Parameters:
  ///   - availableBytes: The bytes the process may still take.
  ///   - limitFile: `memory.max` or `memory.limit_in_bytes`.
  public init(availableBytes: Double, limitFile: String) {
    self.availableBytes = availableBytes
    self.limitFile = limitFile
  }

  /// A limit at or above this (2⁶² bytes) is "unlimited": v1 writes 2⁶³ − 4096.
  static let unlimited = 0x1p62

  /// Reads the groups of the process.
  ///
  /// - Parameters:
  ///   - groups: The file listing the process's groups (`/proc/self/cgroup`).
  ///   - root: Where the hierarchies are mounted (`/sys/fs/cgroup`); a test points both at a
  ///     folder of its own.
  /// - Returns: The smallest room of any limited level, or `nil` when no level has a limit or
  ///   nothing can be read.
  public static func current(groups: String = "/proc/self/cgroup", root: String = "/sys/fs/cgroup")
    -> CGroupMemory?
  {
    guard let text = try? String(contentsOfFile: groups, encoding: .utf8) else { return nil }
    var rooms: [CGroupMemory] = []
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
      guard fields.count == 3 else { continue }
      let path = String(fields[2])
      if fields[0] == "0" && fields[1].isEmpty {
        rooms += levels(of: path).compactMap {
          room(
            in: root + $0, limit: "memory.max", usage: "memory.current", inactive: "inactive_file")
        }
      } else if fields[1].split(separator: ",").contains("memory") {
        rooms += levels(of: path).compactMap {
          room(
            in: root + "/memory" + $0, limit: "memory.limit_in_bytes",
            usage: "memory.usage_in_bytes", inactive: "total_inactive_file")
        }
      }
    }
    return rooms.min { $0.availableBytes < $1.availableBytes }
  }

  /// `/a/b` and its ancestors: `/a/b`, `/a`, and the root as an empty string.
  static func levels(of path: String) -> [String] {
    var components = path.split(separator: "/").map(String.init)
    var levels: [String] = []
    while !components.isEmpty {
      levels.append("/" + components.joined(separator: "/"))
      components.removeLast()
    }
    return levels + [""]
  }

  /// The room of the group in `folder`: `nil` when its files are missing or its limit is
  /// unlimited.
  private static func room(in folder: String, limit: String, usage: String, inactive: String)
    -> CGroupMemory?
  {
    guard let limitBytes = number(in: folder + "/" + limit), limitBytes < unlimited,
      let usageBytes = number(in: folder + "/" + usage)
    else { return nil }
    let cache = statistic(inactive, in: folder + "/memory.stat") ?? 0
    return CGroupMemory(
      availableBytes: max(0, limitBytes - max(0, usageBytes - cache)), limitFile: limit)
  }

  /// The file's one number; `nil` for `max` (v2's unlimited) or anything unreadable.
  private static func number(in file: String) -> Double? {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
    return Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The value of `key` in a `memory.stat` file (`key value` lines).
  private static func statistic(_ key: String, in file: String) -> Double? {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      if fields.count == 2 && fields[0] == key { return Double(fields[1]) }
    }
    return nil
  }
}
