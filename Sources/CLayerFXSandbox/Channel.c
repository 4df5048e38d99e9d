#define _GNU_SOURCE
#include "CLayerFXSandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

int lfx_socket_pair(int fds[2]) {
  return socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds) == 0 ? 0 : -errno;
}

int lfx_send(int socket, const lfx_message *message, int fd) {
  struct iovec part = {(void *)message, sizeof *message};
  union {
    struct cmsghdr header;
    char bytes[CMSG_SPACE(sizeof(int))];
  } control;
  struct msghdr header = {.msg_iov = &part, .msg_iovlen = 1};
  if (fd >= 0) {
    memset(&control, 0, sizeof control);
    header.msg_control = control.bytes;
    header.msg_controllen = sizeof control.bytes;
    struct cmsghdr *c = CMSG_FIRSTHDR(&header);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(c), &fd, sizeof fd);
  }
  for (;;) {
    ssize_t n = sendmsg(socket, &header, MSG_NOSIGNAL);
    if (n == (ssize_t)sizeof *message) return 0;
    if (n < 0 && errno == EINTR) continue;
    return n < 0 ? -errno : -EPIPE;
  }
}

int lfx_receive(int socket, lfx_message *message, int *fd, int64_t deadline_ns) {
  if (fd) *fd = -1;
  for (;;) {
    if (deadline_ns) {
      int64_t left = deadline_ns - lfx_monotonic_ns();
      if (left <= 0) return -ETIMEDOUT;
      struct pollfd p = {socket, POLLIN, 0};
      // Whole milliseconds, rounded up, at most INT_MAX (poll's limit; the loop waits again).
      int64_t whole = left / 1000000 + (left % 1000000 != 0);
      int ms = whole > INT_MAX ? INT_MAX : (int)whole;
      int ready = poll(&p, 1, ms);
      if (ready < 0 && errno == EINTR) continue;
      if (ready == 0) continue;
    }
    struct iovec part = {message, sizeof *message};
    union {
      struct cmsghdr header;
      char bytes[CMSG_SPACE(sizeof(int))];
    } control;
    struct msghdr header = {.msg_iov = &part, .msg_iovlen = 1};
    header.msg_control = control.bytes;
    header.msg_controllen = sizeof control.bytes;
    ssize_t n = recvmsg(socket, &header, MSG_CMSG_CLOEXEC);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return -errno;
    if (n == 0) return -EPIPE;
    int received = -1;
    struct cmsghdr *c = CMSG_FIRSTHDR(&header);
    if (c && c->cmsg_type == SCM_RIGHTS) memcpy(&received, CMSG_DATA(c), sizeof received);
    // A record of another size (SOCK_SEQPACKET keeps a sender's records whole, and marks one
    // cut short by the buffer with MSG_TRUNC): not a message.
    if (n != (ssize_t)sizeof *message || (header.msg_flags & MSG_TRUNC)) {
      if (received >= 0) close(received);
      return -EPROTO;
    }
    if (fd) {
      *fd = received;
    } else if (received >= 0) {
      close(received);
    }
    return 0;
  }
}

void *lfx_shared_map(size_t size, int *fd) {
  int file = memfd_create("layerfx-shader", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (file < 0) return NULL;
  if (ftruncate(file, (off_t)size) != 0) {
    close(file);
    return NULL;
  }
  fcntl(file, F_ADD_SEALS, F_SEAL_SHRINK);
  void *mapping = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, file, 0);
  if (mapping == MAP_FAILED) {
    close(file);
    return NULL;
  }
  *fd = file;
  return mapping;
}

void *lfx_shared_grow(int fd, void *mapping, size_t old_size, size_t size) {
  if (ftruncate(fd, (off_t)size) != 0) return NULL;
  void *grown = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (grown == MAP_FAILED) return NULL;
  munmap(mapping, old_size);
  return grown;
}
