import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `posix_spawn` attributes that start a child with no signal blocked and every signal at its
/// default action, optionally in a process group of its own.
///
/// A test runs on a worker thread whose signal mask (libdispatch blocks signals there)
/// `posix_spawn` would otherwise pass on, so a child could not be stopped by SIGINT or SIGTERM.
final class SpawnAttributes {
  /// The attributes, for `posix_spawn`'s `attrp`.
  var value = posix_spawnattr_t()

  /// Attributes with an empty mask and default actions; with `ownProcessGroup`, the child
  /// leads a new process group (its ID is the child's), so one kill reaches its children.
  init(ownProcessGroup: Bool) {
    posix_spawnattr_init(&value)
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&value, &none)
    posix_spawnattr_setsigdefault(&value, &all)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if ownProcessGroup {
      posix_spawnattr_setpgroup(&value, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    }
    posix_spawnattr_setflags(&value, Int16(flags))
  }

  deinit { posix_spawnattr_destroy(&value) }
}
