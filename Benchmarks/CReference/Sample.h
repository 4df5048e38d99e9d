// Bilinear sample of a padded layer (Documentation/Semantics.md §4), shared by the reference kernels.
#ifndef LAYERFX_CREFERENCE_SAMPLE_H
#define LAYERFX_CREFERENCE_SAMPLE_H

#include <math.h>

#include "CReference.h"

/// Reads the layer at `(px, py)` points: q = p × scale − 0.5, clamped to the padded region
/// (a NaN reads as the lower bound), then the four neighbours blended.
static inline void lfx_sample(const lfx_layer *layer, float px, float py, float color[4]) {
  const float lower_x = (float)-layer->pad_x, lower_y = (float)-layer->pad_y;
  const float upper_x = (float)(layer->width - 1 + layer->pad_x);
  const float upper_y = (float)(layer->height - 1 + layer->pad_y);
  float qx = px * layer->scale - 0.5f, qy = py * layer->scale - 0.5f;
  if (!(qx >= lower_x)) qx = lower_x;
  if (qx > upper_x) qx = upper_x;
  if (!(qy >= lower_y)) qy = lower_y;
  if (qy > upper_y) qy = upper_y;
  const float cx = floorf(qx), cy = floorf(qy);
  const float wx = qx - cx, wy = qy - cy;
  const ptrdiff_t x = (ptrdiff_t)cx + layer->pad_x, y = (ptrdiff_t)cy + layer->pad_y;
  const float *t0 = layer->texels + (y * layer->row_length + x) * 4;
  const float *t1 = t0 + layer->row_length * 4;
  for (int c = 0; c < 4; c++) {
    const float top = t0[c] + (t0[4 + c] - t0[c]) * wx;
    const float bottom = t1[c] + (t1[4 + c] - t1[c]) * wx;
    color[c] = top + (bottom - top) * wy;
  }
}

#endif
