// Calls one compiled layer effect's row function (`lfx_row_NAME`,
// Sources/LayerFXMetal/MetalGlue.swift) over a WIDTH x HEIGHT image in runs of RUN pixels, as
// the renderer does with `--tiles none`, so that callgrind can count its instructions per
// pixel: valgrind has no AVX-512, and the runner cannot start clang inside valgrind, so
// `layerfx-bench` under callgrind cannot give them.
//
// Build (from the repository root):
//   cc -O2 -I Sources/CLayerFXMetalGuard/include -o metal_row Benchmarks/callgrind/metal_row.c -ldl
// Usage: metal_row LIBRARY.so NAME WIDTH HEIGHT RUN PAD A0 [A1 ...]
//   LIBRARY.so  a shared object compiled from the `.cpp` the compile cache keeps beside it
//   PAD         the layer's padding per side, pixels (ceil(maxSampleOffset x scale))
//   A0 A1 ...   the function's arguments after SwiftUI's own, one per parameter, each a comma
//               list of up to four floats (`512,512` for a float2)
// Prints the pixels rendered and a checksum (the sum of every output float), so two builds of
// one source can be compared. The input is a fixed pseudo-random premultiplied image.
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "CLayerFXMetalGuard.h"

int main(int argc, char **argv) {
  if (argc < 7) {
    fprintf(stderr, "usage: metal_row LIBRARY.so NAME WIDTH HEIGHT RUN PAD A0 [A1 ...]\n");
    return 64;
  }
  long width = atol(argv[3]), height = atol(argv[4]), run = atol(argv[5]), pad = atol(argv[6]);
  if (width <= 0 || height <= 0 || run <= 0 || pad < 0) {
    fprintf(stderr, "metal_row: WIDTH, HEIGHT and RUN must be positive, PAD at least 0\n");
    return 64;
  }
  void *library = dlopen(argv[1], RTLD_NOW);
  if (!library) {
    fprintf(stderr, "metal_row: %s\n", dlerror());
    return 66;
  }
  char symbol[256];
  snprintf(symbol, sizeof symbol, "lfx_row_%s", argv[2]);
  lfx_row_function function = (lfx_row_function)dlsym(library, symbol);
  if (!function) {
    fprintf(stderr, "metal_row: %s: no %s\n", argv[1], symbol);
    return 65;
  }
  int count = argc - 7;
  lfx_argument *arguments = calloc((size_t)(count > 0 ? count : 1), sizeof *arguments);
  for (int i = 0; i < count; ++i) {
    char *cursor = argv[7 + i];
    for (int k = 0; k < 4 && *cursor; ++k) {
      arguments[i].value[k] = strtof(cursor, &cursor);
      if (*cursor == ',') ++cursor;
    }
  }
  // The padded layout of Sources/LayerFX/PaddedTexels.swift: transparent padding, one extra
  // column and row.
  long row_length = width + 2 * pad + 1, rows = height + 2 * pad + 1;
  float *texels = calloc((size_t)(row_length * rows * 4), sizeof *texels);
  float *output = malloc((size_t)(width * height * 4) * sizeof *output);
  if (!arguments || !texels || !output) {
    fprintf(stderr, "metal_row: out of memory\n");
    return 71;
  }
  uint32_t seed = 1;
  for (long y = 0; y < height; ++y) {
    for (long x = 0; x < width; ++x) {
      float *texel = texels + 4 * ((y + pad) * row_length + x + pad);
      float alpha = (x / 37 + y / 23) % 5 == 0 ? 0.5f : 1.0f;
      for (int c = 0; c < 3; ++c) {
        seed = seed * 1664525u + 1013904223u;
        texel[c] = alpha * (float)((seed >> 8) & 255) / 255.0f;
      }
      texel[3] = alpha;
    }
  }
  for (long y = 0; y < height; ++y) {
    for (long x = 0; x < width; x += run) {
      long count = x + run < width ? run : width - x;
      lfx_row r = {output + 4 * (y * width + x), count, x, y, 0, 0, 1.0f, NULL, texels,
                   row_length, pad, pad, width, height};
      function(&r, arguments);
    }
  }
  double sum = 0;
  for (long i = 0; i < width * height * 4; ++i) sum += output[i];
  printf("%ld pixels, checksum %.6f\n", width * height, sum);
  return 0;
}
