// SPDX-License-Identifier: MIT
#include "CLayerFXFiles.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

// One fixed slot per temporary file or created directory: the handler reads only this static
// memory and calls only unlink(2), rmdir(2), signal(2) and raise(3), which are
// async-signal-safe (signal-safety(7)).
// state: 0 free, 1 being filled (invisible to the handler), 2 a file to unlink, 3 a directory
// to remove if empty.
enum { LFX_PATH_BYTES = 4096, LFX_FILE = 2, LFX_DIRECTORY = 3 };
static char slot_paths[LFX_TEMPORARY_SLOTS][LFX_PATH_BYTES];
static atomic_int slot_states[LFX_TEMPORARY_SLOTS];

static int register_path(const char *path, int kind) {
  size_t length = strlen(path);
  if (length >= LFX_PATH_BYTES) return -1;
  for (int slot = 0; slot < LFX_TEMPORARY_SLOTS; slot++) {
    int expected = 0;
    if (atomic_compare_exchange_strong(&slot_states[slot], &expected, 1)) {
      memcpy(slot_paths[slot], path, length + 1);
      atomic_store(&slot_states[slot], kind);
      return slot;
    }
  }
  return -1;
}

int lfx_temporary_register(const char *path) { return register_path(path, LFX_FILE); }

int lfx_directory_register(const char *path) { return register_path(path, LFX_DIRECTORY); }

void lfx_temporary_unregister(int slot) {
  if (slot < 0 || slot >= LFX_TEMPORARY_SLOTS) return;
  atomic_store(&slot_states[slot], 0);
}

// The files first, so that a directory which held only temporaries is empty for rmdir(2),
// which removes nothing else: a directory holding a finished frame (ENOTEMPTY) is kept.
static void remove_partial_outputs(void) {
  for (int slot = 0; slot < LFX_TEMPORARY_SLOTS; slot++) {
    if (atomic_load(&slot_states[slot]) == LFX_FILE) unlink(slot_paths[slot]);
  }
  for (int slot = 0; slot < LFX_TEMPORARY_SLOTS; slot++) {
    if (atomic_load(&slot_states[slot]) == LFX_DIRECTORY) rmdir(slot_paths[slot]);
  }
}

static void end_by_signal(int signal_number) {
  remove_partial_outputs();
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

void lfx_install_signal_handlers(void) {
  static const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
  for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = end_by_signal;
    sigemptyset(&action.sa_mask);
    // A signal that was ignored when the process started (nohup, a shell's background job)
    // stays ignored.
    struct sigaction previous;
    if (sigaction(signals[index], NULL, &previous) == 0 && previous.sa_handler == SIG_IGN) {
      continue;
    }
    sigaction(signals[index], &action, NULL);
  }
  // A parent may start us with these signals blocked (a thread pool's worker, as libdispatch's
  // are, passes its mask to the child it spawns): unblocked, so a SIGTERM ends the run and its
  // temporaries instead of waiting, pending, until the process exits on its own.
  sigset_t handled;
  sigemptyset(&handled);
  for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
    sigaddset(&handled, signals[index]);
  }
  sigprocmask(SIG_UNBLOCK, &handled, NULL);
  signal(SIGPIPE, SIG_IGN);
  // Past the file-size limit (RLIMIT_FSIZE, `ulimit -f`) write(2) fails with EFBIG instead of
  // the process dying by SIGXFSZ without a word (setrlimit(2)).
  signal(SIGXFSZ, SIG_IGN);
}

void lfx_end_by_broken_pipe(void) {
  remove_partial_outputs();
  signal(SIGPIPE, SIG_DFL);
  sigset_t pipe;
  sigemptyset(&pipe);
  sigaddset(&pipe, SIGPIPE);
  sigprocmask(SIG_UNBLOCK, &pipe, NULL);
  raise(SIGPIPE);
  _exit(128 + SIGPIPE);  // not reached: SIGPIPE's default action ends the process
}

// _exit(2) is async-signal-safe; no atexit handler or stdio flush runs from the handler.
static volatile sig_atomic_t interrupt_status;

static void exit_on_interrupt(int signal_number) {
  (void)signal_number;
  remove_partial_outputs();
  _exit(interrupt_status);
}

void lfx_exit_on_interrupt(int status) {
  interrupt_status = status;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = exit_on_interrupt;
  sigemptyset(&action.sa_mask);
  // Installed even over an inherited SIG_IGN: Ctrl-C is how this command ends, and SIGTERM
  // (kill, a service manager) the same way, as `tune --serve` ends on either.
  sigaction(SIGINT, &action, NULL);
  sigaction(SIGTERM, &action, NULL);
}

// glibc calls .init_array functions with (argc, argv, envp) before main (System V ABI; glibc
// csu/libc-start.c), so the arguments are known even where /proc is not mounted.
static int captured_argc;
static char **captured_argv;

static void capture_arguments(int argc, char **argv, char **envp) {
  (void)envp;
  captured_argc = argc;
  captured_argv = argv;
}

__attribute__((section(".init_array"), used)) static void (*const lfx_capture)(
    int, char **, char **) = capture_arguments;

int lfx_argc(void) { return captured_argv ? captured_argc : 0; }

const char *lfx_argv(int index) {
  if (!captured_argv || index < 0 || index >= captured_argc) return NULL;
  return captured_argv[index];
}
