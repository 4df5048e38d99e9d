#define _GNU_SOURCE
#include "CLayerFXMetalGuard.h"

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// Two steps, so that LFX_ABI is expanded before it is turned into a string.
#define LFX_STRING(...) #__VA_ARGS__
#define LFX_EXPANDED_STRING(...) LFX_STRING(__VA_ARGS__)

const char *lfx_abi_declarations(void) { return LFX_EXPANDED_STRING(LFX_ABI); }

// The jump buffer of the shader call running on this thread, if any.
static _Thread_local sigjmp_buf *current;
static struct sigaction previous[4];
static const int signals[4] = {SIGFPE, SIGSEGV, SIGBUS, SIGILL};
static pthread_once_t installed = PTHREAD_ONCE_INIT;

static void handler(int signal, siginfo_t *info, void *context) {
  sigjmp_buf *jump = current;
  if (jump) {
    current = NULL;
    siglongjmp(*jump, signal);
  }
  // Not in shader code: hand the signal to whoever had it before (Swift's backtracer, or the
  // default action, which re-faults and ends the process as it would have without us).
  for (int i = 0; i < 4; ++i) {
    if (signals[i] != signal) continue;
    if (previous[i].sa_flags & SA_SIGINFO) {
      previous[i].sa_sigaction(signal, info, context);
    } else if (previous[i].sa_handler != SIG_IGN && previous[i].sa_handler != SIG_DFL) {
      previous[i].sa_handler(signal);
    } else {
      sigaction(signal, &previous[i], NULL);
    }
  }
}

// Gives this thread an alternate signal stack if it has none, so a stack overflow in shader
// code (SIGSEGV on the guard page of an exhausted stack) can still run the handler.
static _Thread_local int has_alternate_stack;
static void ensure_alternate_stack(void) {
  if (has_alternate_stack) return;
  has_alternate_stack = 1;
  stack_t current_stack;
  if (sigaltstack(NULL, &current_stack) == 0 && !(current_stack.ss_flags & SS_DISABLE)) return;
  size_t size = 64 * 1024;
  stack_t stack = {.ss_sp = malloc(size), .ss_flags = 0, .ss_size = size};
  if (stack.ss_sp) sigaltstack(&stack, NULL);  // kept for the thread's life
}

static void install(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = handler;
  // SA_NODEFER: the signal stays unblocked after the jump, so sigsetjmp need not save the mask.
  action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < 4; ++i) sigaction(signals[i], &action, &previous[i]);
}

int lfx_guard_row(lfx_row_function function, const void *row, const void *arguments) {
  pthread_once(&installed, install);
  ensure_alternate_stack();
  sigjmp_buf jump;
  int signal = sigsetjmp(jump, 0);
  if (signal != 0) return signal;
  current = &jump;
  function(row, arguments);
  current = NULL;
  return 0;
}

int lfx_guard_pixel(
    lfx_pixel_function function, const void *pixel, const void *arguments, float *out) {
  pthread_once(&installed, install);
  ensure_alternate_stack();
  sigjmp_buf jump;
  int signal = sigsetjmp(jump, 0);
  if (signal != 0) return signal;
  current = &jump;
  function(pixel, arguments, out);
  current = NULL;
  return 0;
}

void *lfx_guarded_alloc(size_t bytes, size_t guard, void **mapping, size_t *length) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t data = (bytes + page - 1) / page * page;
  if (data == 0) data = page;
  guard = (guard + page - 1) / page * page;
  size_t total = guard + data + guard;
  void *base = mmap(NULL, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED) return NULL;
  char *start = (char *)base + guard;
  if (mprotect(start, data, PROT_READ | PROT_WRITE) != 0) {
    munmap(base, total);
    return NULL;
  }
  *mapping = base;
  *length = total;
  return start + data - bytes;
}

void lfx_guarded_free(void *mapping, size_t length) { munmap(mapping, length); }
