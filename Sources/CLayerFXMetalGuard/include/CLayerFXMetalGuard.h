// Runs natively compiled shader code so that a fault in it (SIGFPE from an integer division by
// zero, SIGSEGV or SIGBUS from a wild read, SIGILL from a trap) returns an error to the caller
// instead of ending the process, and allocates array arguments between guard regions so an
// out-of-range read faults rather than reading other memory.
#ifndef CLAYERFX_METAL_GUARD_H
#define CLAYERFX_METAL_GUARD_H

#include <stddef.h>

// The C ABI between LayerFX and a compiled `.metal` file, declared once: `LFX_ABI` expands to
// the declarations below, and `lfx_abi_declarations()` returns the same text, which the stand-in
// header (Sources/LayerFXMetal/StandInHeader+Layer.swift) gives the C++ side, so the two sides
// cannot drift apart. In order:
// - `lfx_row`: a run of a destination row (LayerFX's `RowKernel.Run`), floats being RGBA
//   premultiplied;
// - `lfx_argument`: one bound argument: up to four floats, or a pointer with an element count
//   (arrays) or a width and height (an image of RGBA floats);
// - `lfx_sample_function`: tells LayerFX of a sample of the layer at a point (the bounds
//   checker's probing layer); returns 1 with the colour in `rgba` when LayerFX answered it,
//   0 when the caller samples `lfx_pixel.layer` itself;
// - `lfx_pixel`: one pixel for the per-pixel form, with the layer it samples (NULL when
//   every sample is answered).
#define LFX_ABI                                                                         \
  typedef struct lfx_row {                                                              \
    float *destination;                                                                 \
    long count, column, row, margin_x, margin_y;                                        \
    float scale;                                                                        \
    const float *source;                                                                \
    const float *texels;                                                                \
    long row_length, pad_x, pad_y, width, height;                                       \
  } lfx_row;                                                                            \
  typedef struct lfx_argument {                                                         \
    const void *pointer;                                                                \
    long count;                                                                         \
    long width, height;                                                                 \
    float value[4];                                                                     \
  } lfx_argument;                                                                       \
  typedef int (*lfx_sample_function)(void *context, float x, float y, float *rgba);     \
  typedef struct lfx_pixel {                                                            \
    float x, y;                                                                         \
    float color[4];                                                                     \
    void *context;                                                                      \
    lfx_sample_function sample;                                                         \
    const lfx_row *layer;                                                               \
  } lfx_pixel;

LFX_ABI

/// The text `LFX_ABI` expands to (one line, as the preprocessor spells it), for the stand-in
/// header; a static string.
const char *lfx_abi_declarations(void);

/// A compiled row function: `(const lfx_row *, const lfx_argument *)`.
typedef void (*lfx_row_function)(const void *row, const void *arguments);
/// A compiled pixel function: `(const lfx_pixel *, const lfx_argument *, float *rgba)`.
typedef void (*lfx_pixel_function)(const void *pixel, const void *arguments, float *out);

/// Calls `function(row, arguments)`; returns 0, or the number of the signal that stopped it.
int lfx_guard_row(lfx_row_function function, const void *row, const void *arguments);

/// Calls `function(pixel, arguments, out)`; returns 0, or the number of the signal.
int lfx_guard_pixel(
    lfx_pixel_function function, const void *pixel, const void *arguments, float *out);

/// Maps `bytes` of zeroed, writable memory whose last byte ends a page and that lies between
/// two inaccessible regions of `guard` bytes each; returns the start of the `bytes`, or NULL.
/// `*mapping` and `*length` receive what to pass to `lfx_guarded_free`.
void *lfx_guarded_alloc(size_t bytes, size_t guard, void **mapping, size_t *length);

/// Unmaps a region from `lfx_guarded_alloc`.
void lfx_guarded_free(void *mapping, size_t length);

/// The x86-64 microarchitecture level (x86-64 psABI) this process may run compiled shader code
/// at: 4 (x86-64-v4: AVX-512 F, BW, CD, DQ and VL on top of level 3), 3 (x86-64-v3: AVX2, FMA,
/// F16C, BMI1, BMI2, LZCNT, MOVBE), else 1; 0 on other architectures. Read from CPUID, with the
/// operating system's support for the vector registers (XGETBV), so a CPU whose kernel or
/// emulator (valgrind) hides AVX-512 gets level 3.
int lfx_metal_cpu_level(void);

#endif
