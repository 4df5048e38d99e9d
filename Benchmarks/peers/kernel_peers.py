#!/usr/bin/env python3
"""Runs four LayerFX kernels on one input through the best CPU shader runtimes we know, and prints
their megapixels per second beside LayerFX's Swift engine and C reference, all on the same
premultiplied RGBA input, the same arguments and the same thread count.

Kernels (one of each family, issue 14): the WWDC24 ripple (a sampling layer effect,
Documentation/Semantics.md §5), hueRotation (a colour effect, W3C Filter Effects hue-rotate()),
gaussianBlur at radius 8 (a layer effect of 49 × 49 taps; every runtime, LayerFX's lane path
included, runs it as a separable blur of two 49-tap passes), twirl (a distortion). Each kernel's formula is its own
Shaders/<Kind>/<Name>.metal.

Peers (measured here, not shipped):
  * Mesa llvmpipe: GLSL fragment shaders through moderngl with a headless EGL context; the
    padded layer is an RGBA8 texture read with GL_LINEAR + CLAMP_TO_EDGE, which is exactly the
    semantics' clamped bilinear sample (§4.2); output RGBA8. The blur is two passes (horizontal
    into an RGBA32F texture, then vertical). Threads: LP_NUM_THREADS.
  * Halide (PyPI): the same math on float32 RGBA, parallel rows, vectorised 8, 16 and 32 wide
    (`--halide-lanes`: each width is a peer, the fastest counts), fast_sin and fast_exp, the
    layer padded (the blur as Halide's classic separable two-stage pipeline). Threads:
    HL_NUM_THREADS.

Every peer's output is checked against a float64 numpy reference of the same formula: the script
prints the largest 8-bit code difference and the share of channels more than 1 code off.

Requires: pip install moderngl halide numpy pillow; Debian's Mesa (libegl1, libgl1-mesa-dri).
Usage: python3 Benchmarks/peers/kernel_peers.py [--kernel ripple,hueRotation,gaussianBlur,twirl]
           [--input PHOTO.png (default: the dandelion photo of $LAYERFX_TESTDATA or
           ../shared/testdata)] [--threads 2] [--repeats 7]
           [--bench Benchmarks/.build/release/layerfx-bench] [--ripple-time 0.5] [--rounds 1]
           [--json]
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    testdata = os.environ.get("LAYERFX_TESTDATA", os.path.join(root, "..", "shared", "testdata"))
    parser.add_argument("--kernel", default="ripple,hueRotation,gaussianBlur,twirl")
    parser.add_argument("--input", default=os.path.join(
        testdata, "photos", "dandelion-seeding-3000x2000.png"))
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--bench", default=os.path.join(
        root, "Benchmarks", ".build", "release", "layerfx-bench"))
    parser.add_argument("--json", action="store_true")
    # Halide's vector width is a schedule choice: each width given is a peer of its own, and the
    # fastest counts (on AVX-512 hosts 16 or 32 lanes can beat 8).
    parser.add_argument("--halide-lanes", default="8,16,32",
                        type=lambda text: [int(lanes) for lanes in text.split(",")])
    # The bench scenario's 0.5 s leaves the wave front 600 px from the centre, so most of a
    # large photo is read in place; 2 s puts every pixel of it inside the wave.
    parser.add_argument("--ripple-time", type=float, default=0.5)
    # On a shared virtual machine the host's load drifts within a minute, and a round times
    # LayerFX and the peers minutes apart at worst: several short rounds, each with its own
    # ratio, and the median of those ratios, let a drift spoil one round rather than the figure.
    parser.add_argument("--rounds", type=int, default=1)
    return parser.parse_args()


ARGS = parse_arguments()
# Both runtimes read their thread count when they start.
os.environ["LP_NUM_THREADS"] = str(ARGS.threads)
os.environ["HL_NUM_THREADS"] = str(ARGS.threads)

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402


# --- Shared pieces ---------------------------------------------------------------------------

def load_premultiplied(path):
    """Returns the image as premultiplied RGBA8 (uint8, H×W×4), rounding like LayerFX's store."""
    rgba = np.asarray(Image.open(path).convert("RGBA"), dtype=np.float64) / 255
    rgba[..., :3] *= rgba[..., 3:4]
    return np.rint(rgba * 255).astype(np.uint8)


def padded(image, pad):
    """The layer of Documentation/Semantics.md §4.1: `pad` pixels of transparent black per side."""
    height, width, _ = image.shape
    layer = np.zeros((height + 2 * pad, width + 2 * pad, 4), image.dtype)
    layer[pad:pad + height, pad:pad + width] = image
    return layer


def sample_float64(image, pad, px, py):
    """`Layer.sample` of Documentation/Semantics.md §4.2 in float64, at points (px, py)."""
    height, width, _ = image.shape
    layer = padded(image.astype(np.float64) / 255, pad)
    layer = np.pad(layer, ((0, 1), (0, 1), (0, 0)))  # a read at the upper bound has weight 0
    qx = np.clip(np.nan_to_num(px - 0.5, nan=-pad), -pad, width - 1 + pad)
    qy = np.clip(np.nan_to_num(py - 0.5, nan=-pad), -pad, height - 1 + pad)
    cx, cy = np.floor(qx), np.floor(qy)
    wx, wy = (qx - cx)[..., None], (qy - cy)[..., None]
    ix, iy = cx.astype(np.int64) + pad, cy.astype(np.int64) + pad
    top = layer[iy, ix] + (layer[iy, ix + 1] - layer[iy, ix]) * wx
    bottom = layer[iy + 1, ix] + (layer[iy + 1, ix + 1] - layer[iy + 1, ix]) * wx
    return top + (bottom - top) * wy


def pixel_centres(image):
    height, width, _ = image.shape
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    return x + 0.5, y + 0.5


def codes(values):
    """8-bit code values as LayerFX stores them: clamp to [0, 1], round, NaN as 0."""
    return np.rint(np.clip(np.nan_to_num(values, nan=0.0), 0, 1) * 255).astype(np.int32)


def agreement(output_codes, expected_codes):
    difference = np.abs(output_codes - expected_codes)
    return {"maxCodeDifference": int(difference.max()),
            "fractionAboveOne": float((difference > 1).mean())}


def timed(run, repeats):
    run()  # warm-up (and JIT compile)
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        seconds.append(time.perf_counter() - start)
    return float(np.median(seconds)), float(min(seconds))


VERTEX_SHADER = """
    #version 330
    in vec2 corner;
    void main() { gl_Position = vec4(corner, 0.0, 1.0); }
    """

# Row j of the framebuffer is row j of the image in memory, so gl_FragCoord is the position in
# points (pixel centres), y down, as in SwiftUI. `sampleLayer` is §4.2's sample: GL_LINEAR +
# CLAMP_TO_EDGE on the padded texture.
GLSL_PRELUDE = """
    #version 330
    uniform sampler2D layer;
    uniform vec2 layerSize;  // padded, pixels
    uniform float pad;
    out vec4 color;
    vec4 sampleLayer(vec2 p) { return texture(layer, (p - 0.5 + pad + 0.5) / layerSize); }
    """


class LLVMpipe:
    """A headless GL context with the padded input as texture 0 and an RGBA8 framebuffer."""

    def __init__(self, image, pad):
        import moderngl
        self.gl = moderngl
        self.height, self.width, _ = image.shape
        self.pad = pad
        self.ctx = moderngl.create_standalone_context(backend="egl")
        layer = padded(image, pad)
        self.layer_size = (float(layer.shape[1]), float(layer.shape[0]))
        self.texture = self.ctx.texture(
            (layer.shape[1], layer.shape[0]), 4, np.ascontiguousarray(layer).tobytes())
        self.linear_clamped(self.texture)
        self.quad = self.ctx.buffer(np.array([-1, -1, 1, -1, -1, 1, 1, 1], dtype="f4").tobytes())
        self.framebuffer = self.ctx.simple_framebuffer((self.width, self.height), components=4)

    def linear_clamped(self, texture):
        texture.filter = (self.gl.LINEAR, self.gl.LINEAR)
        texture.repeat_x = texture.repeat_y = False  # CLAMP_TO_EDGE

    def program(self, body, uniforms):
        program = self.ctx.program(vertex_shader=VERTEX_SHADER, fragment_shader=GLSL_PRELUDE + body)
        values = {"layerSize": self.layer_size, "pad": float(self.pad), **uniforms}
        for name, value in values.items():
            if name in program:
                program[name].value = value
        return program, self.ctx.vertex_array(program, [(self.quad, "2f", "corner")])

    def single_pass(self, body, uniforms):
        """Returns a run function drawing `body` over the framebuffer from the input texture."""
        _, vao = self.program(body, uniforms)

        def run():
            self.framebuffer.use()
            self.texture.use(0)
            vao.render(self.gl.TRIANGLE_STRIP)
            self.ctx.finish()
        return run

    def output(self):
        data = np.frombuffer(self.framebuffer.read(components=4), dtype=np.uint8)
        return data.reshape(self.height, self.width, 4).astype(np.int32)

    def renderer(self):
        return self.ctx.info["GL_RENDERER"]


class HalideLayer:
    """The padded layer as a float32 Halide buffer (c, x, y), with one more row and column of
    zeros so that a bilinear read at the upper bound stays in the buffer (its weight is 0). The
    buffer wraps the numpy array without a copy, so the array is kept here, alive as long as the
    pipeline that reads it."""

    def __init__(self, image, pad):
        import halide as hl
        layer = padded(image.astype(np.float32) / 255, pad)
        self.array = np.ascontiguousarray(np.pad(layer, ((0, 1), (0, 1), (0, 0))))
        self.buffer = hl.Buffer(self.array)

    def __getitem__(self, index):
        return self.buffer[index]


def halide_sample(source, pad, width, height, px, py, c):
    """§4.2's sample of a Halide layer at points (px, py), channel c."""
    import halide as hl
    f32 = hl.f32
    qx = hl.clamp(px - 0.5, f32(-pad), f32(width - 1 + pad))
    qy = hl.clamp(py - 0.5, f32(-pad), f32(height - 1 + pad))
    cx, cy = hl.floor(qx), hl.floor(qy)
    wx, wy = qx - cx, qy - cy
    ix, iy = hl.i32(cx) + pad, hl.i32(cy) + pad
    top = source[c, ix, iy] + (source[c, ix + 1, iy] - source[c, ix, iy]) * wx
    bottom = source[c, ix, iy + 1] + (source[c, ix + 1, iy + 1] - source[c, ix, iy + 1]) * wx
    return top + (bottom - top) * wy


def halide_realize(output, height, width, source, lanes):
    """Schedules `output` (c, x, y) as interleaved RGBA, parallel rows, `lanes` pixels per
    vector, and compiles it (``halide_compile``)."""
    c, x, y = output.args()
    output.bound(c, 0, 4).reorder(c, x, y).unroll(c).vectorize(x, lanes).parallel(y)
    return halide_compile(output, height, width, source)


def halide_compile(output, height, width, source):
    """Compiles a scheduled `output` (c, x, y) into an interleaved float32 RGBA array; returns a
    run function (which keeps `source`, the layer it reads, alive) and the array it fills."""
    import halide as hl
    output.output_buffer().dim(0).set_stride(1).dim(1).set_stride(4)
    result = np.zeros((height, width, 4), np.float32)
    target = hl.Buffer(result)
    output.compile_jit()
    return (lambda: output.realize(target) and source), result


# --- The kernels -----------------------------------------------------------------------------

class Ripple:
    """Shaders/LayerEffects/Ripple.metal with the bench scenario's arguments (time 0.5 s unless
    --ripple-time says otherwise, the origin at the centre, the declared defaults)."""
    name = "ripple"
    TIME, AMPLITUDE, FREQUENCY, DECAY, SPEED = ARGS.ripple_time, 12.0, 15.0, 8.0, 1200.0
    bench_arguments = ["--time", str(TIME)]

    def pad(self, width, height):
        return int(math.ceil(self.AMPLITUDE))

    def reference(self, image, pad):
        height, width, _ = image.shape
        px, py = pixel_centres(image)
        dx, dy = px - width / 2, py - height / 2
        d = np.hypot(dx, dy)
        t = np.maximum(0, self.TIME - d / self.SPEED)
        amount = self.AMPLITUDE * np.sin(self.FREQUENCY * t) * np.exp(-self.DECAY * t)
        with np.errstate(invalid="ignore", divide="ignore"):
            nx, ny = np.where(d > 0, dx / d, 0), np.where(d > 0, dy / d, 0)
        color = sample_float64(image, pad, px + amount * nx, py + amount * ny)
        color[..., :3] += (0.3 * amount / self.AMPLITUDE)[..., None] * color[..., 3:4]
        return color

    def llvmpipe(self, gl):
        return gl.single_pass("""
            uniform vec2 origin;
            uniform float time, amplitude, frequency, decay, speed;
            void main() {
              vec2 position = gl_FragCoord.xy;
              float d = length(position - origin);
              float t = max(0.0, time - d / speed);
              float rippleAmount = amplitude * sin(frequency * t) * exp(-decay * t);
              vec2 n = d > 0.0 ? (position - origin) / d : vec2(0.0);
              vec4 c = sampleLayer(position + rippleAmount * n);
              c.rgb += 0.3 * (rippleAmount / amplitude) * c.a;
              color = c;
            }
            """, {"origin": (gl.width / 2, gl.height / 2), "time": self.TIME,
                  "amplitude": self.AMPLITUDE, "frequency": self.FREQUENCY,
                  "decay": self.DECAY, "speed": self.SPEED})

    def halide(self, image, pad, lanes):
        import halide as hl
        height, width, _ = image.shape
        source = HalideLayer(image, pad)
        x, y, c = hl.Var("x"), hl.Var("y"), hl.Var("c")
        f32 = hl.f32
        px, py = f32(x) + 0.5, f32(y) + 0.5
        dx, dy = px - f32(width / 2), py - f32(height / 2)
        d = hl.sqrt(dx * dx + dy * dy)
        t = hl.max(0.0, f32(self.TIME) - d / f32(self.SPEED))
        amount = hl.Func("amount")
        amount[x, y] = (f32(self.AMPLITUDE) * hl.fast_sin(f32(self.FREQUENCY) * t)
                        * hl.fast_exp(-f32(self.DECAY) * t))
        nx = hl.select(d > 0, dx / d, 0.0)
        ny = hl.select(d > 0, dy / d, 0.0)
        color = hl.Func("color")
        color[c, x, y] = halide_sample(
            source, pad, width, height, px + amount[x, y] * nx, py + amount[x, y] * ny, c)
        output = hl.Func("ripple")
        output[c, x, y] = hl.select(
            c < 3, color[c, x, y] + f32(0.3 / self.AMPLITUDE) * amount[x, y] * color[3, x, y],
            color[c, x, y])
        color.compute_at(output, x).bound(c, 0, 4).unroll(c).vectorize(x)
        amount.compute_at(output, x).vectorize(x)
        return halide_realize(output, height, width, source, lanes)


class HueRotation:
    """Shaders/ColorEffects/HueRotation.metal at its default, 90 degrees."""
    name, bench_arguments = "hueRotation", []
    DEGREES = 90.0

    def pad(self, width, height):
        return 0

    def matrix(self):
        theta = math.radians(self.DEGREES)
        cos, sin = math.cos(theta), math.sin(theta)
        # W3C Filter Effects Module Level 1, feColorMatrix type="hueRotate".
        return np.array([
            [0.213 + 0.787 * cos - 0.213 * sin, 0.715 - 0.715 * cos - 0.715 * sin,
             0.072 - 0.072 * cos + 0.928 * sin],
            [0.213 - 0.213 * cos + 0.143 * sin, 0.715 + 0.285 * cos + 0.140 * sin,
             0.072 - 0.072 * cos - 0.283 * sin],
            [0.213 - 0.213 * cos - 0.787 * sin, 0.715 - 0.715 * cos + 0.715 * sin,
             0.072 + 0.928 * cos + 0.072 * sin]])

    def reference(self, image, pad):
        color = image.astype(np.float64) / 255
        alpha = color[..., 3:4]
        with np.errstate(invalid="ignore", divide="ignore"):
            straight = np.where(alpha > 0, color[..., :3] / alpha, 0)
        rotated = np.clip(straight @ self.matrix().T, 0, 1) * alpha
        return np.concatenate([rotated, alpha], axis=-1)

    def llvmpipe(self, gl):
        return gl.single_pass("""
            uniform mat3 rotation;  // column-major: rotation * rgb is the W3C matrix times rgb
            void main() {
              vec4 c = texelFetch(layer, ivec2(gl_FragCoord.xy), 0);
              vec3 rgb = c.a > 0.0 ? c.rgb / c.a : vec3(0.0);
              color = vec4(clamp(rotation * rgb, 0.0, 1.0) * c.a, c.a);
            }
            """, {"rotation": tuple(self.matrix().T.flatten())})

    def halide(self, image, pad, lanes):
        import halide as hl
        height, width, _ = image.shape
        source = HalideLayer(image, pad)
        x, y, c = hl.Var("x"), hl.Var("y"), hl.Var("c")
        m = self.matrix()
        alpha = source[3, x, y]
        scale = hl.select(alpha > 0, 1.0 / alpha, 0.0)
        rows = [sum(hl.f32(m[row, k]) * source[k, x, y] for k in range(3)) * scale
                for row in range(3)]
        output = hl.Func("hueRotation")
        output[c, x, y] = hl.select(
            c == 3, alpha, hl.clamp(hl.mux(c, rows), 0.0, 1.0) * alpha)
        return halide_realize(output, height, width, source, lanes)


class GaussianBlur:
    """Shaders/LayerEffects/GaussianBlur.metal at radius 8 (σ = 8 points, 3σ = 24 taps per side,
    weights normalised over the window). Its taps fall on texel centres, so the 2-D window is
    exactly a horizontal then a vertical 1-D pass: the peers run it that way."""
    name = "gaussianBlur"
    RADIUS = 8.0
    bench_arguments = ["--arg", f"radius={RADIUS}"]

    def reach(self):
        return int(math.floor(3 * self.RADIUS))

    def weights(self):
        n = np.arange(-self.reach(), self.reach() + 1, dtype=np.float64)
        w = np.exp(-n * n / (2 * self.RADIUS * self.RADIUS))
        return w / w.sum()

    def pad(self, width, height):
        return int(math.ceil(3 * self.RADIUS))

    def reference(self, image, pad):
        height, width, _ = image.shape
        layer = padded(image.astype(np.float64) / 255, pad)
        w, k = self.weights(), self.reach()
        rows = sum(w[i + k] * layer[:, pad + i:pad + i + width] for i in range(-k, k + 1))
        return sum(w[j + k] * rows[pad + j:pad + j + height] for j in range(-k, k + 1))

    def llvmpipe(self, gl):
        # Pass 1, horizontal: the padded layer's every row into a float texture of the padded
        # height; pass 2, vertical: into the framebuffer.
        weights = tuple(float(v) for v in self.weights())
        reach = self.reach()
        body = f"""
            uniform float weights[{2 * reach + 1}];
            uniform sampler2D rows;
            uniform int vertical;
            void main() {{
              vec4 sum = vec4(0.0);
              if (vertical == 0) {{
                ivec2 p = ivec2(gl_FragCoord.xy) + ivec2(pad, 0);
                for (int i = -{reach}; i <= {reach}; i++)
                  sum += weights[i + {reach}] * texelFetch(layer, p + ivec2(i, 0), 0);
              }} else {{
                ivec2 p = ivec2(gl_FragCoord.xy) + ivec2(0, pad);
                for (int j = -{reach}; j <= {reach}; j++)
                  sum += weights[j + {reach}] * texelFetch(rows, p + ivec2(0, j), 0);
              }}
              color = sum;
            }}
            """
        horizontal, horizontal_vao = gl.program(body, {"vertical": 0})
        vertical, vertical_vao = gl.program(body, {"vertical": 1})
        for program in (horizontal, vertical):
            program["weights"].value = weights
            program["layer"].value = 0
            program["rows"].value = 1
        rows = gl.ctx.texture((gl.width, gl.height + 2 * gl.pad), 4, dtype="f4")
        rows_framebuffer = gl.ctx.framebuffer(color_attachments=[rows])

        def run():
            rows_framebuffer.use()
            gl.texture.use(0)
            horizontal_vao.render(gl.gl.TRIANGLE_STRIP)
            gl.framebuffer.use()
            rows.use(1)
            vertical_vao.render(gl.gl.TRIANGLE_STRIP)
            gl.ctx.finish()
        return run

    def halide(self, image, pad, lanes):
        import halide as hl
        height, width, _ = image.shape
        source = HalideLayer(image, pad)
        x, y, c = hl.Var("x"), hl.Var("y"), hl.Var("c")
        w, k = self.weights(), self.reach()
        blur_x = hl.Func("blur_x")
        blur_x[c, x, y] = sum(hl.f32(w[i + k]) * source[c, x + pad + i, y] for i in range(-k, k + 1))
        output = hl.Func("gaussianBlur")
        output[c, x, y] = sum(hl.f32(w[j + k]) * blur_x[c, x, y + pad + j] for j in range(-k, k + 1))
        # The classic schedule: strips of 32 rows in parallel, the horizontal pass computed per
        # strip and row, both vectorised.
        yo, yi = hl.Var("yo"), hl.Var("yi")
        output.bound(c, 0, 4).reorder(c, x, y).unroll(c).vectorize(x, lanes)
        output.split(y, yo, yi, 32).parallel(yo)
        blur_x.store_at(output, yo).compute_at(output, yi).bound(c, 0, 4).reorder(c, x, y)\
            .unroll(c).vectorize(x, lanes)
        return halide_compile(output, height, width, source)


class Twirl:
    """Shaders/DistortionEffects/Twirl.metal with the bench scenario's arguments (the centre of
    the image, the declared defaults radius 150 and angle 2)."""
    name, bench_arguments = "twirl", []
    RADIUS, ANGLE = 150.0, 2.0

    def pad(self, width, height):
        # The declared maxSampleOffset: radius · min(2, 4 |angle| / 27) per axis.
        return int(math.ceil(self.RADIUS * min(2.0, 4 * abs(self.ANGLE) / 27)))

    def reference(self, image, pad):
        height, width, _ = image.shape
        px, py = pixel_centres(image)
        cx, cy = width / 2, height / 2
        dx, dy = px - cx, py - cy
        t = np.clip(1 - np.hypot(dx, dy) / self.RADIUS, 0, 1)
        phi = self.ANGLE * t * t
        return sample_float64(image, pad, cx + dx * np.cos(phi) - dy * np.sin(phi),
                              cy + dx * np.sin(phi) + dy * np.cos(phi))

    def llvmpipe(self, gl):
        return gl.single_pass("""
            uniform vec2 center;
            uniform float radius, angle;
            void main() {
              vec2 d = gl_FragCoord.xy - center;
              float t = clamp(1.0 - length(d) / radius, 0.0, 1.0);
              float phi = angle * t * t;
              float c = cos(phi), s = sin(phi);
              color = sampleLayer(center + vec2(d.x * c - d.y * s, d.x * s + d.y * c));
            }
            """, {"center": (gl.width / 2, gl.height / 2), "radius": self.RADIUS,
                  "angle": self.ANGLE})

    def halide(self, image, pad, lanes):
        import halide as hl
        height, width, _ = image.shape
        source = HalideLayer(image, pad)
        x, y, c = hl.Var("x"), hl.Var("y"), hl.Var("c")
        f32 = hl.f32
        cx, cy = f32(width / 2), f32(height / 2)
        dx, dy = f32(x) + 0.5 - cx, f32(y) + 0.5 - cy
        t = hl.clamp(1.0 - hl.sqrt(dx * dx + dy * dy) / f32(self.RADIUS), 0.0, 1.0)
        phi = hl.Func("phi")
        phi[x, y] = f32(self.ANGLE) * t * t
        cos, sin = hl.fast_cos(phi[x, y]), hl.fast_sin(phi[x, y])
        output = hl.Func("twirl")
        output[c, x, y] = halide_sample(
            source, pad, width, height, cx + dx * cos - dy * sin, cy + dx * sin + dy * cos, c)
        phi.compute_at(output, x).vectorize(x)
        return halide_realize(output, height, width, source, lanes)


KERNELS = {kernel.name: kernel for kernel in (Ripple(), HueRotation(), GaussianBlur(), Twirl())}


# --- The runs --------------------------------------------------------------------------------

def ours(kernel, image):
    """Runs LayerFX's harness on the same input; returns its case (Swift and C timings)."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "input.png")
        # Straight alpha in the file (PNG's); the harness premultiplies it back.
        straight = image.astype(np.float64)
        alpha = straight[..., 3:4] / 255
        with np.errstate(invalid="ignore", divide="ignore"):
            straight[..., :3] = np.where(alpha > 0, straight[..., :3] / alpha, 0)
        Image.fromarray(np.rint(straight).clip(0, 255).astype(np.uint8), "RGBA").save(path)
        result = subprocess.run(
            [ARGS.bench, "--kernel", kernel.name, "--input", path, "--threads", str(ARGS.threads),
             "--repeats", str(ARGS.repeats), "--tiles", "none", "--json",
             *kernel.bench_arguments],
            capture_output=True, text=True)
        if result.returncode not in (0, 1):
            sys.exit(f"kernel_peers: {ARGS.bench} failed: {result.stderr.strip()}")
        return json.loads(result.stdout)["cases"][0]


def measure(kernel, image):
    height, width, _ = image.shape
    pad = kernel.pad(width, height)
    megapixels = width * height / 1e6
    expected = codes(kernel.reference(image, pad))
    # Our harness runs before and after the peers, so a change of load during the run shows.
    before = ours(kernel, image)
    peers = []
    gl = LLVMpipe(image, pad)
    median, minimum = timed(kernel.llvmpipe(gl), ARGS.repeats)
    peers.append({"runtime": f"Mesa llvmpipe ({gl.renderer()}), GLSL, RGBA8", "median": median,
                  "minimum": minimum, **agreement(gl.output(), expected)})
    for lanes in ARGS.halide_lanes:
        run, result = kernel.halide(image, pad, lanes)
        median, minimum = timed(run, ARGS.repeats)
        peers.append({"runtime": f"Halide, float32, parallel rows, vectorize {lanes}",
                      "median": median, "minimum": minimum,
                      **agreement(codes(result), expected)})
    after = ours(kernel, image)
    rows = list(peers)
    for when, case in (("before peers", before), ("after peers", after)):
        for key, label in (("swift", "LayerFX Swift (lane path)"),
                           ("c", "LayerFX C reference (clang -O3 -march=native, OpenMP, libm)")):
            if case.get(key):
                rows.append({"runtime": f"{label}, {when}", "median": case[key]["median"],
                             "minimum": case[key]["minimum"]})
    for row in rows:
        row["megapixelsPerSecond"] = megapixels / row["median"]
    best_peer = max(peers, key=lambda row: megapixels / row["median"])
    # The slower of our two runs, so drift never flatters us.
    swift = min(megapixels / case["swift"]["median"] for case in (before, after))
    return {"kernel": kernel.name, "rows": rows, "bestPeer": best_peer["runtime"],
            "swiftMegapixelsPerSecond": swift,
            "swiftOverBestPeer": swift / best_peer["megapixelsPerSecond"],
            "swiftOverC": after.get("swiftOverC")}


def main():
    image = load_premultiplied(ARGS.input)
    height, width, _ = image.shape
    names = ARGS.kernel.split(",")
    unknown = [name for name in names if name not in KERNELS]
    if unknown:
        sys.exit(f"kernel_peers: unknown kernel {unknown[0]!r} (known: {', '.join(KERNELS)})")
    with open("/proc/loadavg") as loadavg:
        load = loadavg.read().split()[0]
    summaries = []
    for name in names:
        rounds = [measure(KERNELS[name], image) for _ in range(max(1, ARGS.rounds))]
        # The round whose ratio is the median (the lower middle one of an even count) stands for
        # the kernel; every round's ratio is kept beside it.
        ratios = [each["swiftOverBestPeer"] for each in rounds]
        middle = sorted(ratios)[(len(ratios) - 1) // 2]
        summary = rounds[ratios.index(middle)]
        summary["roundRatios"] = ratios
        summaries.append(summary)
    report = {"input": ARGS.input, "width": width, "height": height, "threads": ARGS.threads,
              "repeats": ARGS.repeats, "loadAverageAtStart": float(load), "kernels": summaries}
    if ARGS.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{os.path.basename(ARGS.input)} ({width}x{height}), {ARGS.threads} threads, "
          f"median of {ARGS.repeats}, load average {load} at start")
    for summary in summaries:
        print(f"{summary['kernel']}:")
        for row in summary["rows"]:
            check = (f"  vs float64: max {row['maxCodeDifference']} code, "
                     f"{100 * row['fractionAboveOne']:.3f} % > 1" if "maxCodeDifference" in row
                     else "")
            print(f"  {row['megapixelsPerSecond']:8.1f} Mpix/s  {row['median']:.4f} s  "
                  f"{row['runtime']}{check}")
        if len(summary["roundRatios"]) > 1:
            print(f"  {len(summary['roundRatios'])} rounds, Swift / best peer in each: "
                  + ", ".join(f"{ratio:.2f}x" for ratio in summary["roundRatios"])
                  + "; the median round's figures above and below")
        print(f"  Swift (slower of its two runs) / best peer "
              f"({summary['bestPeer'].split(',')[0]}): {summary['swiftOverBestPeer']:.2f}x;  "
              f"Swift / C: {summary['swiftOverC']:.2f}x")


if __name__ == "__main__":
    main()
