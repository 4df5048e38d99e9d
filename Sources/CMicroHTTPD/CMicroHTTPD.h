// GNU libmicrohttpd 0.9 from Debian's libmicrohttpd-dev (pkg-config "libmicrohttpd"): the HTTP
// server of `layerfx tune --serve` (Sources/LayerFXTune). It parses every request; LayerFX
// parses no HTTP itself.
//
// MHD_start_daemon and MHD_get_daemon_info take variable arguments, which Swift cannot call;
// these inline functions call them with the fixed options LayerFX uses.
#include <microhttpd.h>
#include <sys/socket.h>

/// Starts a daemon on `address` (an IPv4 or IPv6 socket address, port 0 for any free port),
/// one thread per connection (a server-sent event stream may block its own thread), calling
/// `handler` for each request and `completed` when one ends, both with `context`. Returns
/// NULL when the address cannot be bound.
static inline struct MHD_Daemon *cmhd_start(const struct sockaddr *address,
                                            MHD_AccessHandlerCallback handler,
                                            MHD_RequestCompletedCallback completed,
                                            void *context) {
  unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD;
  if (address->sa_family == AF_INET6) flags |= MHD_USE_IPv6;
  return MHD_start_daemon(flags, 0, NULL, NULL, handler, context,
                          MHD_OPTION_SOCK_ADDR, address,
                          MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                          MHD_OPTION_END);
}

/// The port a started daemon listens on (the one the system chose for port 0); 0 if unknown.
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}
