#include "CLayerFXMetalGuard.h"

// The level compiled shaders are built for (MetalCompiler.cpuFlags). `__builtin_cpu_supports`
// reads CPUID once and checks XGETBV for the operating system's saving of the YMM and ZMM
// registers, so it answers what this process can execute, not what the package's CPU has.
int lfx_metal_cpu_level(void) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (!(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
        __builtin_cpu_supports("f16c"))) {
    return 1;
  }
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512vl")) {
    return 4;
  }
  return 3;
#else
  return 0;
#endif
}
