// The parent's side of the shader sandbox: starting bounded child processes that die with
// LayerFX, the message channel to a shader worker, shared memory, and the check of a compiled
// library's ELF image before any process loads it. The worker's side is
// Sources/layerfx-shader-worker.
#ifndef CLAYERFX_SANDBOX_H
#define CLAYERFX_SANDBOX_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// Limits and plumbing of a child started by `lfx_spawn`.
typedef struct lfx_spawn_limits {
  /// RLIMIT_AS, bytes (0: unchanged), or this process's soft limit when lower.
  uint64_t address_space;
  /// RLIMIT_CPU, seconds (0: unchanged), or this process's soft limit when lower.
  uint64_t cpu_seconds;
  /// The child's standard input, output and error (-1: /dev/null), never inherited: a child
  /// writes into no stream of this process that it was not given.
  int input, output, error;
  /// Up to two descriptors the child keeps, as its descriptors 3 and 4 (-1: none).
  int keep[2];
} lfx_spawn_limits;

/// Starts `path` with `argv` (NULL-terminated) and `envp` in its own process group, from a
/// thread that lives as long as the process, so the child's PR_SET_PDEATHSIG (SIGKILL) fires
/// when this process ends and not when the calling thread does. The child closes every other
/// descriptor, restores default signal handling, and checks after PR_SET_PDEATHSIG that its
/// parent is still this process (else it exits at once). Returns the pid, or -errno.
pid_t lfx_spawn(const char *path, char *const argv[], char *const envp[],
                const lfx_spawn_limits *limits);

/// Waits for `pid` until `timeout_ms` milliseconds have passed (< 0: for ever), reading and
/// keeping up to `capacity` bytes of what it writes to `output` (a pipe's read end, or -1).
/// Returns the wait status, or -1 when the time ran out (the child's process group is then
/// killed with SIGKILL and reaped). `*length` receives the bytes kept.
int lfx_wait_bounded(pid_t pid, int output, int timeout_ms, char *buffer, size_t capacity,
                     size_t *length);

/// A message between LayerFX and a shader worker (Sources/layerfx-shader-worker).
///
/// Offsets are bytes into the worker's shared memory; -1 is "none".
typedef struct lfx_message {
  /// What to do (`lfx_op_*`) or, in a reply, the result (`lfx_reply_*`).
  int32_t op;
  /// The function's index in the worker's table, or a signal in a fault reply.
  int32_t function;
  /// The shared memory's size, bytes: the worker maps it again when it grew.
  int64_t memory_size;
  /// The texel buffer's id (`lfx_op_map_texels`, `lfx_op_rows`), 0 for none.
  int64_t texels_id;
  /// Rows: the buffer (mapped writable by `lfx_op_map_texels`) that `destination` is an offset
  /// into, so the worker writes the render's own scratch tile; 0: the shared memory.
  int64_t destination_id;
  /// Rows: the first run of the tile, as `lfx_row`, pointers as offsets (destination, source)
  /// or as 0 (texels: the buffer named by `texels_id`).
  int64_t destination, source;
  int64_t count, column, row, margin_x, margin_y;
  float scale;
  int64_t row_length, pad_x, pad_y, width, height;
  /// Rows: how many rows, and the strides in pixels between them in the destination and source.
  int64_t rows, destination_stride, source_stride;
  /// Arguments: the `lfx_argument` array's offset and count (pointers inside as offsets).
  int64_t arguments, argument_count;
  /// Pixel: the position and the colour, or a sample's position and, in the answer, colour.
  float x, y, color[4];
  /// Pixel: whether it reads a layer (samples are asked of LayerFX). Pixels: whether it reads
  /// the layer of `texels_id` (each sample is logged, and sampled by the worker).
  int32_t samples;
  /// Map texels: whether the worker maps the buffer writable (a destination) or read-only.
  int32_t writable;
  /// Pixels: the sample log's offset and capacity (`lfx_sample_record`s); in a
  /// `lfx_reply_samples`, `count` is how many records it holds.
  int64_t sample_log, sample_log_capacity;
} lfx_message;

/// One sample a layer effect took in a `lfx_op_pixels` request: the pixel's index in the
/// request and the position, points.
typedef struct lfx_sample_record {
  int32_t pixel;
  float x, y;
} lfx_sample_record;

enum {
  lfx_op_arguments = 1,
  lfx_op_map_texels = 2,
  lfx_op_unmap_texels = 3,
  lfx_op_rows = 4,
  lfx_op_pixel = 5,
  /// The per-pixel form for `count` pixels: their positions (2 floats each) at `source`, their
  /// colours (4 floats each: the input colour, replaced by the result) at `destination`.
  lfx_op_pixels = 6,
  lfx_reply_done = 100,
  lfx_reply_fault = 101,
  lfx_reply_sample = 102,
  /// The sample log is full (`count` records): LayerFX reads it and answers with the same op.
  lfx_reply_samples = 103,
};

/// Sends `message`, with descriptor `fd` attached when it is ≥ 0. Returns 0 or -errno.
int lfx_send(int socket, const lfx_message *message, int fd);

/// Receives a message; `*fd` (when `fd` is not NULL) receives an attached descriptor or -1.
/// Waits at most until `deadline_ns` (CLOCK_MONOTONIC; 0: for ever). Returns 0, -ETIMEDOUT,
/// -EPIPE when the peer is gone, -EPROTO when what arrived is not one whole message, or -errno.
int lfx_receive(int socket, lfx_message *message, int *fd, int64_t deadline_ns);

/// Now on CLOCK_MONOTONIC, nanoseconds.
int64_t lfx_monotonic_ns(void);

/// A socket pair for a worker (SOCK_SEQPACKET, close-on-exec). Returns 0 or -errno.
int lfx_socket_pair(int fds[2]);

/// A shared memory file of `size` bytes (memfd, close-on-exec, sealed against shrinking) mapped
/// read-write; `*fd` receives the descriptor. Returns the mapping or NULL.
void *lfx_shared_map(size_t size, int *fd);

/// Grows the shared memory file `fd` to `size` bytes and maps it again; returns the new
/// mapping (the old one is unmapped) or NULL.
void *lfx_shared_grow(int fd, void *mapping, size_t old_size, size_t size);

/// Checks the shared object at `path` before any process loads it: an ELF64 x86-64 shared
/// object with no constructors or destructors (DT_INIT, DT_INIT_ARRAY, DT_PREINIT_ARRAY,
/// DT_FINI, DT_FINI_ARRAY), no text relocations, no thread-local storage, no program
/// interpreter, no writable memory after relocation (every writable segment inside
/// PT_GNU_RELRO), no segment both writable and executable, no library but libm needed, and no
/// undefined symbol outside the math functions `lfx_runtime_symbol` allows. Returns 0, or 1
/// with a reason in `message` (one line, without the path).
int lfx_elf_check(const char *path, char *message, size_t capacity);

/// Whether `name` is a symbol a compiled shader may leave undefined: a C math function of
/// libm (`sinf`, `powf`, …), the only runtime a Metal shader has.
int lfx_runtime_symbol(const char *name);

#endif
