// The instruction-set level the engine was compiled for, and a check at load time that the CPU
// running the binary has it.
#ifndef CLAYERFX_CPU_LEVEL_H
#define CLAYERFX_CPU_LEVEL_H

/// The level the engine targets were compiled for: "x86-64-v3" (AVX2, FMA and F16C: the
/// manifest's `-target-cpu haswell`) or "portable" (the compiler's baseline for the
/// architecture). A static string.
const char *lfx_build_cpu_level(void);

/// Whether the CPU running this process has every feature of `lfx_build_cpu_level()`.
int lfx_cpu_supports_build_level(void);

/// Whether the CPU running this process, and its operating system, can run AVX-512 F
/// instructions on 512-bit registers: the lane sampler's translated runs then take
/// `lfx_blend_run16` (CLaneShuffle), whatever level the engine was compiled for.
int lfx_cpu_has_avx512f(void);

#endif
