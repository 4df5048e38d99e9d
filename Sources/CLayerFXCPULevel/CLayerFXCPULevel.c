#include "CLayerFXCPULevel.h"

#include <stdlib.h>
#include <unistd.h>

// LAYERFX_X86_64_V3 is defined by Package.swift exactly when it compiles the engine targets
// with `-target-cpu haswell`. This file itself is compiled for the baseline, so the check below
// runs on any x86-64 CPU.

const char *lfx_build_cpu_level(void) {
#if defined(LAYERFX_X86_64_V3)
  return "x86-64-v3";
#else
  return "portable";
#endif
}

int lfx_cpu_supports_build_level(void) {
#if defined(LAYERFX_X86_64_V3) && defined(__x86_64__)
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
         __builtin_cpu_supports("f16c");
#else
  return 1;
#endif
}

int lfx_cpu_has_avx512f(void) {
#if defined(__x86_64__)
  // CPUID and XGETBV (the operating system saves the ZMM registers), read once by the runtime.
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f");
#else
  return 0;
#endif
}

int lfx_avx512_paths_allowed(int cpu_has_avx512f, const char *no_avx512) {
  return cpu_has_avx512f && (no_avx512 == NULL || no_avx512[0] == '\0');
}

int lfx_runs_avx512_paths(void) {
  return lfx_avx512_paths_allowed(lfx_cpu_has_avx512f(), getenv("LAYERFX_NO_AVX512"));
}

// Runs when the binary is loaded, before any Swift code: without it, a CPU without AVX2 would
// meet the first vector instruction of the engine somewhere later and die of SIGILL with no word.
// Exit 69 is sysexits' EX_UNAVAILABLE. Only async-signal-safe, allocation-free calls.
__attribute__((constructor)) static void lfx_refuse_unsupported_cpu(void) {
  if (lfx_cpu_supports_build_level()) return;
  static const char message[] =
      "layerfx: error: this build of LayerFX needs an x86-64-v3 CPU (AVX2, FMA, F16C), which "
      "this machine lacks; rebuild it with LAYERFX_PORTABLE=1 (README, \"Speed\")\n";
  ssize_t written = write(STDERR_FILENO, message, sizeof message - 1);
  (void)written;
  _exit(69);
}
