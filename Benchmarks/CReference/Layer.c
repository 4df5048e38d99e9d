#include "CReference.h"

#include <stdlib.h>
#include <string.h>

int lfx_layer_init(lfx_layer *layer, const float *rgba, int width, int height, float scale,
                   int pad_x, int pad_y) {
  ptrdiff_t row_length = (ptrdiff_t)width + 2 * pad_x + 1;
  ptrdiff_t rows = (ptrdiff_t)height + 2 * pad_y + 1;
  float *texels = calloc((size_t)(row_length * rows * 4), sizeof(float));
  if (!texels) return -1;
  for (int y = 0; y < height; y++) {
    memcpy(texels + ((y + pad_y) * row_length + pad_x) * 4, rgba + (ptrdiff_t)y * width * 4,
           (size_t)width * 4 * sizeof(float));
  }
  // Without padding the extra column and row repeat the image's edge; with padding they are
  // transparent black already.
  if (pad_x == 0) {
    for (ptrdiff_t y = 0; y < rows - 1; y++) {
      memcpy(texels + (y * row_length + row_length - 1) * 4,
             texels + (y * row_length + row_length - 2) * 4, 4 * sizeof(float));
    }
  }
  if (pad_y == 0) {
    memcpy(texels + (rows - 1) * row_length * 4, texels + (rows - 2) * row_length * 4,
           (size_t)row_length * 4 * sizeof(float));
  }
  *layer = (lfx_layer){texels, row_length, width, height, pad_x, pad_y, scale};
  return 0;
}

void lfx_layer_destroy(lfx_layer *layer) {
  free(layer->texels);
  layer->texels = NULL;
}
