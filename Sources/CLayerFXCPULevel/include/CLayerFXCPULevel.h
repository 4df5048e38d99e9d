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
/// instructions on 512-bit registers.
int lfx_cpu_has_avx512f(void);

/// Whether a process takes the AVX-512 paths: `cpu_has_avx512f` is nonzero and `no_avx512`,
/// the value of the environment variable LAYERFX_NO_AVX512, is unset (NULL) or empty. Any
/// other value forces the AVX2 paths, the same bytes by other instructions (Benchmarks/README.md,
/// "Build flags").
int lfx_avx512_paths_allowed(int cpu_has_avx512f, const char *no_avx512);

/// `lfx_avx512_paths_allowed` for this CPU and this process's environment: whether the lane
/// sampler's translated runs take `lfx_blend_run16` (CLaneShuffle), whatever level the engine
/// was compiled for.
int lfx_runs_avx512_paths(void);

#endif
