#include "CLayerFXMetalGuard.h"

// The level compiled shaders are built for (MetalCompiler.cpuFlags). `__builtin_cpu_supports`
// names the x86-64 psABI levels that `-march=x86-64-v3` and `-march=x86-64-v4` compile for, with
// every feature of each (v3: AVX, AVX2, BMI1, BMI2, F16C, FMA, LZCNT, MOVBE, XSAVE; v4 adds
// AVX-512 F, BW, CD, DQ and VL); it reads CPUID once and checks XGETBV for the operating
// system's saving of the YMM and ZMM registers, so it answers what this process can execute.
int lfx_metal_cpu_level(void) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("x86-64-v4")) return 4;
  if (__builtin_cpu_supports("x86-64-v3")) return 3;
  return 1;
#else
  return 0;
#endif
}
