// SPDX-License-Identifier: MIT
// Process-level file safety that Swift cannot express: a signal handler that removes the
// temporary files LayerFX is writing (and a frame directory it made, while still empty), and
// the C argv as the kernel passed it.
#ifndef CLAYERFXFILES_H
#define CLAYERFXFILES_H

#include <stddef.h>

/// How many temporary files and directories can be registered at once (one per frame being
/// written, one per frame directory a render made).
#define LFX_TEMPORARY_SLOTS 256

/// Registers `path` (a NUL-terminated name, at most 4095 bytes) as a temporary file to unlink
/// when SIGINT, SIGTERM, SIGHUP or SIGQUIT arrives. Returns the slot (>= 0), or -1 when the
/// table is full or the name is too long. Thread-safe.
int lfx_temporary_register(const char *path);

/// Registers `path` (a NUL-terminated name, at most 4095 bytes) as a directory to remove with
/// rmdir(2), so only while it is empty, when SIGINT, SIGTERM, SIGHUP or SIGQUIT arrives, after
/// every registered temporary file is unlinked. Returns the slot (>= 0), or -1 when the table
/// is full or the name is too long. Thread-safe.
int lfx_directory_register(const char *path);

/// Forgets slot `slot` (from lfx_temporary_register or lfx_directory_register); -1 is ignored.
/// Thread-safe.
void lfx_temporary_unregister(int slot);

/// Installs the handler for SIGINT, SIGTERM, SIGHUP and SIGQUIT (it unlinks every registered
/// temporary, removes every registered directory that is empty, restores the default action
/// and re-raises the signal, so the exit status still says which signal ended the run) and
/// ignores SIGPIPE and SIGXFSZ, so a closed pipe (EPIPE) and a file past the file-size limit
/// (EFBIG) are write errors the caller reports. Call once, at start-up.
void lfx_install_signal_handlers(void);

/// Makes SIGINT and SIGTERM unlink every registered temporary, remove every registered empty
/// directory and end the process at once with `_exit(status)`, whatever thread is busy (a
/// render, a wait on a shader's worker process, whose PR_SET_PDEATHSIG then kills it). For a
/// command that runs until Ctrl-C (`tune`).
void lfx_exit_on_interrupt(int status);

/// Unlinks every registered temporary and removes every registered empty directory, then ends
/// the process by SIGPIPE (its default action restored, the signal unblocked and raised), as a
/// command that writes into a closed pipe ends when SIGPIPE is not ignored (cat, gzip):
/// quietly, the shell's status 141. Does not return.
__attribute__((noreturn)) void lfx_end_by_broken_pipe(void);

/// The argument count the kernel passed to main, captured before main runs; 0 if unknown.
int lfx_argc(void);

/// Argument `index` (0 is the program) as raw bytes, NUL-terminated; NULL out of range.
const char *lfx_argv(int index);

#endif
