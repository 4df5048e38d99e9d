// layerfx-shader-worker: the only process that runs compiled `.metal` code.
//
// Started by LayerFXMetal (ShaderWorker.swift) as
//   layerfx-shader-worker LIBRARY.so COUNT BYTES
// with its message socket as descriptor 3, its shared memory (a memfd) as descriptor 4, and as
// its standard input a memfd whose first BYTES hold the names of its COUNT functions, each ended
// by a NUL byte: not the arguments, so no name's length or number meets the kernel's limits on
// arguments (128 KiB a string, a quarter of the stack limit in all). It checks and loads the
// library, looks up each function's row and pixel entry points, closes its standard input, then
// enters a seccomp-bpf filter that allows only what rendering needs: messages on its socket
// (recvmsg and sendmsg on descriptor 3 alone; no read or write on any descriptor), close, memory
// (mmap and mprotect without PROT_EXEC, munmap, madvise, brk), futex, clock_gettime, rt_sigreturn
// (the fault guard's handler returns through it), exit and exit_group. Any other system call kills the process
// (SIGSYS), which LayerFX reports as a fault. Its standard output is /dev/null; its standard
// error, LayerFX's, carries the one line `fail` writes before the filter. Shader code that
// gets around the layout checks (a pointer forged into its own compiled code) can so reach nothing
// but its own socket, whose every record LayerFX checks. It then serves requests (lfx_message,
// CLayerFXSandbox.h) until its socket closes. Every call of shader code runs with denormals flushed
// to zero (below).
#define _GNU_SOURCE
#include <CLayerFXMetalGuard.h>
#include <CLayerFXSandbox.h>
#include <seccomp.h>  // through the CSeccomp system-library target

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <pmmintrin.h>  // _MM_DENORMALS_ZERO_ON (SSE3), with xmmintrin.h's names
#endif

enum { names_fd = 0, socket_fd = 3, memory_fd = 4, max_texels = 8 };
// Guard regions around array arguments: a read past the end faults (and is reported).
static const size_t guard_bytes = 64 << 20;

static unsigned char *memory;
static size_t memory_size;
static struct {
  int64_t id;
  void *pointer;
  size_t size;
} texels[max_texels];
static lfx_argument *slots;
static lfx_argument no_slots[1];
static struct {
  void *mapping;
  size_t length;
} payloads[256];
static int payload_count;

static void fail(const char *message) {
  // Before the filter: the parent reads the status, the message is for a person debugging.
  fprintf(stderr, "layerfx-shader-worker: %s\n", message);
  exit(3);
}

static void noop_row(const void *row, const void *arguments) {
  (void)row;
  (void)arguments;
}
static void noop_pixel(const void *pixel, const void *arguments, float *out) {
  (void)pixel;
  (void)arguments;
  (void)out;
}

static void enter_filter(void) {
  scmp_filter_ctx filter = seccomp_init(SCMP_ACT_KILL_PROCESS);
  if (!filter) fail("cannot create the seccomp filter");
  const int allowed[] = {SCMP_SYS(close),        SCMP_SYS(munmap),       SCMP_SYS(madvise),
                         SCMP_SYS(brk),          SCMP_SYS(futex),        SCMP_SYS(clock_gettime),
                         SCMP_SYS(rt_sigreturn), SCMP_SYS(exit),         SCMP_SYS(exit_group)};
  int status = 0;
  for (size_t i = 0; i < sizeof allowed / sizeof *allowed; ++i) {
    status |= seccomp_rule_add(filter, SCMP_ACT_ALLOW, allowed[i], 0);
  }
  // Messages on the socket alone.
  status |= seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(recvmsg), 1,
                             SCMP_A0(SCMP_CMP_EQ, socket_fd));
  status |= seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(sendmsg), 1,
                             SCMP_A0(SCMP_CMP_EQ, socket_fd));
  // Memory mappings without new executable pages.
  status |= seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(mmap), 1,
                             SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
  status |= seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(mprotect), 1,
                             SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
  if (status != 0 || seccomp_load(filter) != 0) fail("cannot load the seccomp filter");
  seccomp_release(filter);
}

static void map_memory(int64_t size) {
  if ((size_t)size <= memory_size) return;
  if (memory) munmap(memory, memory_size);
  void *mapping = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, memory_fd, 0);
  if (mapping == MAP_FAILED) exit(4);
  memory = mapping;
  memory_size = (size_t)size;
}

static void *texels_pointer(int64_t id, size_t *size) {
  for (int i = 0; i < max_texels; ++i) {
    if (texels[i].id != id) continue;
    if (size) *size = texels[i].size;
    return texels[i].pointer;
  }
  return NULL;
}

// Where a tile's destination starts: in the buffer `id` (the render's own scratch tile, mapped
// writable), or in the shared memory; the worker exits (4) when the tile lies outside it.
static unsigned char *destination_base(const lfx_message *m) {
  size_t size = memory_size;
  unsigned char *base = memory;
  // A buffer not mapped leaves `size` as it was, but `base` NULL: refused below.
  if (m->destination_id) base = texels_pointer(m->destination_id, &size);
  int64_t rows = m->rows > 0 ? m->rows : 1;
  int64_t extent = 16 * ((rows - 1) * m->destination_stride + m->count);
  if (!base || m->destination < 0 || m->count < 0 || m->destination_stride < 0 ||
      (size_t)m->destination > size || (size_t)extent > size - (size_t)m->destination)
    exit(4);
  return base + m->destination;
}

static void map_texels(const lfx_message *m, int fd) {
  int slot = 0;
  for (int i = 0; i < max_texels; ++i) {
    if (texels[i].id == 0) slot = i;
  }
  if (texels[slot].pointer) munmap(texels[slot].pointer, texels[slot].size);
  int protection = m->writable ? PROT_READ | PROT_WRITE : PROT_READ;
  void *mapping = mmap(NULL, (size_t)m->count, protection, MAP_SHARED, fd, 0);
  close(fd);
  if (mapping == MAP_FAILED) exit(4);
  texels[slot].id = m->texels_id;
  texels[slot].pointer = mapping;
  texels[slot].size = (size_t)m->count;
}

static void unmap_texels(int64_t id) {
  for (int i = 0; i < max_texels; ++i) {
    if (texels[i].id != id) continue;
    munmap(texels[i].pointer, texels[i].size);
    texels[i].id = 0;
    texels[i].pointer = NULL;
  }
}

// Copies the arguments out of shared memory (which the next request reuses): the slots, then
// each payload into guarded memory of its own.
static void take_arguments(const lfx_message *m) {
  for (int i = 0; i < payload_count; ++i) lfx_guarded_free(payloads[i].mapping, payloads[i].length);
  payload_count = 0;
  if (slots && slots != no_slots) free(slots);
  slots = no_slots;
  int64_t count = m->argument_count;
  if (count <= 0) return;
  if (count > 256) exit(4);
  const lfx_argument *shared = (const lfx_argument *)(memory + m->arguments);
  const int64_t *lengths = (const int64_t *)(shared + count);
  slots = calloc((size_t)count, sizeof *slots);
  if (!slots) exit(4);
  for (int64_t i = 0; i < count; ++i) {
    slots[i] = shared[i];
    if ((intptr_t)shared[i].pointer < 0) {
      slots[i].pointer = NULL;
      continue;
    }
    size_t length = (size_t)lengths[i];
    void *mapping;
    size_t total;
    void *copy = lfx_guarded_alloc(length ? length : 1, guard_bytes, &mapping, &total);
    if (!copy) exit(4);
    memcpy(copy, memory + (intptr_t)shared[i].pointer, length);
    payloads[payload_count].mapping = mapping;
    payloads[payload_count].length = total;
    ++payload_count;
    slots[i].pointer = copy;
  }
}

// A layer's sample in the per-pixel form: asked of LayerFX, which records it (the bounds
// checker's probe) and answers with the colour.
static int sample(void *context, float x, float y, float *rgba) {
  (void)context;
  lfx_message ask = {.op = lfx_reply_sample, .x = x, .y = y};
  lfx_message answer;
  if (lfx_send(socket_fd, &ask, -1) != 0 || lfx_receive(socket_fd, &answer, NULL, 0) != 0)
    exit(5);
  memcpy(rgba, answer.color, sizeof answer.color);
  return 1;
}

// The samples of a `lfx_op_pixels` request, logged in shared memory for LayerFX to record.
typedef struct sample_log {
  lfx_sample_record *records;
  int64_t capacity, count;
  int32_t pixel;
} sample_log;

// A layer's sample in a batch of pixels: logged, and taken by the caller from the mapped layer
// (`lfx_pixel.layer`) with LayerFX's operations, so no round trip per sample. A full log is
// handed to LayerFX, which records its samples and answers, and starts again.
static int log_sample(void *context, float x, float y, float *rgba) {
  (void)rgba;
  sample_log *log = context;
  if (log->count == log->capacity) {
    lfx_message full = {.op = lfx_reply_samples, .count = log->count};
    lfx_message answer;
    if (lfx_send(socket_fd, &full, -1) != 0 || lfx_receive(socket_fd, &answer, NULL, 0) != 0 ||
        answer.op != lfx_reply_samples)
      exit(5);
    log->count = 0;
  }
  log->records[log->count++] = (lfx_sample_record){.pixel = log->pixel, .x = x, .y = y};
  return 0;
}

// Whether `count` elements of `size` bytes from `offset` lie inside the shared memory.
static int inside_memory(int64_t offset, int64_t count, size_t size) {
  return offset >= 0 && count >= 0 && (size_t)offset <= memory_size &&
         (size_t)count <= (memory_size - (size_t)offset) / size;
}

static void reply(int32_t op, int32_t value, int64_t row, const float *color) {
  lfx_message m = {.op = op, .function = value, .row = row};
  if (color) memcpy(m.color, color, sizeof m.color);
  if (lfx_send(socket_fd, &m, -1) != 0) exit(5);
}

// The floating-point state every request starts from: round to nearest, every exception
// masked, and single-precision denormals flushed to zero, as operands (DAZ) and as results
// (FTZ), as a GPU runs a shader under Metal's default fast math and as llvmpipe sets its threads
// (Documentation/Semantics.md §8.8). A denormal otherwise costs a microcode assist on x86:
// Archetapp's lens-flare ran 4.2x slower. Set before each call of a row or pixel function, so a
// state a shader changed reaches no other call.
static void reset_floating_point_state(void) {
#if defined(__x86_64__)
  _mm_setcsr(_MM_MASK_MASK | _MM_ROUND_NEAREST | _MM_FLUSH_ZERO_ON | _MM_DENORMALS_ZERO_ON);
#endif
}

// The count or byte length `text` gives (decimal, from 1 to `most`), or 0.
static long long parse_count(const char *text, long long most) {
  char *end;
  errno = 0;
  long long value = strtoll(text, &end, 10);
  return errno == 0 && end != text && *end == 0 && value >= 1 && value <= most ? value : 0;
}

int main(int argc, char **argv) {
  const char *usage = "usage: layerfx-shader-worker LIBRARY.so COUNT BYTES";
  if (argc != 4) fail(usage);
  int count = (int)parse_count(argv[2], INT32_MAX);
  long long bytes = parse_count(argv[3], INT64_MAX);
  if (!count || !bytes) fail(usage);
  char reason[512];
  if (lfx_elf_check(argv[1], reason, sizeof reason) != 0) fail(reason);
  void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!library) fail(dlerror());
  const char *names = mmap(NULL, (size_t)bytes, PROT_READ, MAP_SHARED, names_fd, 0);
  if (names == MAP_FAILED) fail("cannot map the function names");
  lfx_row_function *rows = calloc((size_t)count, sizeof *rows);
  lfx_pixel_function *pixels = calloc((size_t)count, sizeof *pixels);
  if (!rows || !pixels) fail("out of memory");
  const char *name = names;
  for (int i = 0; i < count; ++i) {
    size_t length = strnlen(name, (size_t)(names + bytes - name));
    if (name + length == names + bytes) fail("the function names end early");
    char *symbol = malloc(length + sizeof "lfx_pixel_");
    if (!symbol) fail("out of memory");
    sprintf(symbol, "lfx_row_%s", name);
    rows[i] = (lfx_row_function)dlsym(library, symbol);
    sprintf(symbol, "lfx_pixel_%s", name);
    pixels[i] = (lfx_pixel_function)dlsym(library, symbol);
    free(symbol);
    // A library has both entry points of each function, but a layer effect's pixel function,
    // which only its probing copy has (and that copy has no row function).
    if (!rows[i] && !pixels[i]) fail("the library lacks a function");
    name += length + 1;
  }
  if (name != names + bytes) fail("the function names do not fill their bytes");
  munmap((void *)names, (size_t)bytes);
  close(names_fd);
  // The guard installs its handlers and alternate stack on first use: before the filter.
  lfx_guard_row(noop_row, NULL, NULL);
  lfx_guard_pixel(noop_pixel, NULL, NULL, NULL);
  slots = no_slots;
  prctl(PR_SET_DUMPABLE, 0);
  enter_filter();
  for (;;) {
    lfx_message m;
    int fd;
    if (lfx_receive(socket_fd, &m, &fd, 0) != 0) exit(0);
    map_memory(m.memory_size);
    if (m.function < 0 || m.function >= count) exit(4);
    switch (m.op) {
      case lfx_op_arguments:
        take_arguments(&m);
        reply(lfx_reply_done, 0, 0, NULL);
        break;
      case lfx_op_map_texels:
        if (fd < 0) exit(4);
        map_texels(&m, fd);
        reply(lfx_reply_done, 0, 0, NULL);
        break;
      case lfx_op_unmap_texels:
        unmap_texels(m.texels_id);
        reply(lfx_reply_done, 0, 0, NULL);
        break;
      case lfx_op_rows: {
        lfx_row row = {
            .count = m.count, .column = m.column, .margin_x = m.margin_x,
            .margin_y = m.margin_y, .scale = m.scale, .row_length = m.row_length,
            .pad_x = m.pad_x, .pad_y = m.pad_y, .width = m.width, .height = m.height};
        row.texels = m.texels_id ? texels_pointer(m.texels_id, NULL) : NULL;
        float *destination = (float *)destination_base(&m);
        int status = 0;
        int64_t r = 0;
        for (; r < m.rows && status == 0; ++r) {
          row.row = m.row + r;
          row.destination = destination + 4 * r * m.destination_stride;
          row.source = m.source < 0 ? NULL
                                    : (const float *)(memory + m.source) + 4 * r * m.source_stride;
          if (!rows[m.function]) exit(4);
          reset_floating_point_state();
          status = lfx_guard_row(rows[m.function], &row, slots);
        }
        if (status) {
          reply(lfx_reply_fault, status, m.row + r - 1, NULL);
        } else {
          reply(lfx_reply_done, 0, 0, NULL);
        }
        break;
      }
      case lfx_op_pixel: {
        lfx_pixel pixel = {.x = m.x, .y = m.y, .sample = m.samples ? sample : NULL};
        memcpy(pixel.color, m.color, sizeof pixel.color);
        float out[4] = {0, 0, 0, 0};
        if (!pixels[m.function]) exit(4);
        reset_floating_point_state();
        int status = lfx_guard_pixel(pixels[m.function], &pixel, slots, out);
        if (status) {
          reply(lfx_reply_fault, status, -1, NULL);
        } else {
          reply(lfx_reply_done, 0, 0, out);
        }
        break;
      }
      case lfx_op_pixels: {
        if (!pixels[m.function] || !inside_memory(m.source, m.count, 2 * sizeof(float)) ||
            !inside_memory(m.destination, m.count, 4 * sizeof(float)) ||
            !inside_memory(m.sample_log, m.sample_log_capacity, sizeof(lfx_sample_record)) ||
            m.count > INT32_MAX || (m.samples && m.sample_log_capacity < 1))
          exit(4);
        const float *positions = (const float *)(memory + m.source);
        float *colors = (float *)(memory + m.destination);
        sample_log log = {.records = (lfx_sample_record *)(memory + m.sample_log),
                          .capacity = m.sample_log_capacity};
        lfx_row layer = {.scale = m.scale, .row_length = m.row_length, .pad_x = m.pad_x,
                         .pad_y = m.pad_y, .width = m.width, .height = m.height};
        layer.texels = m.texels_id ? texels_pointer(m.texels_id, NULL) : NULL;
        if (m.samples && !layer.texels) exit(4);
        int status = 0;
        for (int64_t i = 0; i < m.count && status == 0; ++i) {
          lfx_pixel pixel = {.x = positions[2 * i], .y = positions[2 * i + 1]};
          memcpy(pixel.color, colors + 4 * i, sizeof pixel.color);
          if (m.samples) {
            log.pixel = (int32_t)i;
            pixel.context = &log;
            pixel.sample = log_sample;
            pixel.layer = &layer;
          }
          reset_floating_point_state();
          status = lfx_guard_pixel(pixels[m.function], &pixel, slots, colors + 4 * i);
        }
        if (status) {
          reply(lfx_reply_fault, status, -1, NULL);
        } else {
          lfx_message done = {.op = lfx_reply_done, .count = log.count};
          if (lfx_send(socket_fd, &done, -1) != 0) exit(5);
        }
        break;
      }
      default:
        exit(4);
    }
  }
}
