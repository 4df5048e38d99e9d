#!/usr/bin/env python3
"""Runs the WWDC24 ripple (Documentation/Semantics.md §5) on one input through the best CPU shader
runtimes we know, and prints their megapixels per second beside LayerFX's Swift engine and C
reference, all on the same premultiplied RGBA input, the same arguments and the same thread count.

Peers (measured here, not shipped):
  * Mesa llvmpipe: a GLSL fragment shader through moderngl with a headless EGL context; the
    padded layer is an RGBA8 texture read with GL_LINEAR + CLAMP_TO_EDGE, which is exactly the
    semantics' clamped bilinear sample; output RGBA8. Threads: LP_NUM_THREADS.
  * Halide (PyPI): the same math on float32 RGBA, parallel rows, vectorised 8 wide; once with
    Halide's fast_sin/fast_exp polynomials (its fastest) and once with sin/exp. Threads:
    HL_NUM_THREADS.

Every peer's output is checked against a float64 numpy reference of the same formula: the
script prints the largest 8-bit code difference and the share of channels more than 1 code off.

Requires: pip install moderngl halide numpy pillow; Debian's Mesa (libegl1, libgl1-mesa-dri).
Usage: python3 Benchmarks/peers/ripple_peers.py [--input PHOTO.png (default: the dandelion photo
           of $LAYERFX_TESTDATA or ../shared/testdata)] [--threads 2] [--repeats 7]
           [--bench Benchmarks/.build/release/layerfx-bench] [--json]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

# Arguments of the benchmark scenario (LayerFXBenchmarkKit/BenchmarkScenario.swift): the
# declared defaults, time 0.5 s, origin at the image centre.
TIME, AMPLITUDE, FREQUENCY, DECAY, SPEED = 0.5, 12.0, 15.0, 8.0, 1200.0


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    testdata = os.environ.get("LAYERFX_TESTDATA", os.path.join(root, "..", "shared", "testdata"))
    parser.add_argument("--input", default=os.path.join(
        testdata, "photos", "dandelion-seeding-3000x2000.png"))
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--bench", default=os.path.join(
        root, "Benchmarks", ".build", "release", "layerfx-bench"))
    parser.add_argument("--json", action="store_true")
    return parser.parse_args()


ARGS = parse_arguments()
# Both runtimes read their thread count when they start.
os.environ["LP_NUM_THREADS"] = str(ARGS.threads)
os.environ["HL_NUM_THREADS"] = str(ARGS.threads)

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402


def load_premultiplied(path):
    """Returns the image as premultiplied RGBA8 (uint8, H×W×4), rounding like LayerFX's store."""
    rgba = np.asarray(Image.open(path).convert("RGBA"), dtype=np.float64) / 255
    rgba[..., :3] *= rgba[..., 3:4]
    return np.rint(rgba * 255).astype(np.uint8)


def padded(image, pad):
    """The layer of Documentation/Semantics.md §4: `pad` pixels of transparent black on every side."""
    height, width, _ = image.shape
    layer = np.zeros((height + 2 * pad, width + 2 * pad, 4), image.dtype)
    layer[pad:pad + height, pad:pad + width] = image
    return layer


def reference(image, pad):
    """The ripple in float64 numpy, straight from Documentation/Semantics.md §4–5; returns floats H×W×4."""
    height, width, _ = image.shape
    layer = padded(image.astype(np.float64) / 255, pad)
    layer = np.pad(layer, ((0, 1), (0, 1), (0, 0)))  # a read at the upper bound has weight 0
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    px, py = x + 0.5, y + 0.5
    ox, oy = width / 2, height / 2
    dx, dy = px - ox, py - oy
    d = np.hypot(dx, dy)
    t = np.maximum(0, TIME - d / SPEED)
    amount = AMPLITUDE * np.sin(FREQUENCY * t) * np.exp(-DECAY * t)
    with np.errstate(invalid="ignore", divide="ignore"):
        nx = np.where(d > 0, dx / d, 0)
        ny = np.where(d > 0, dy / d, 0)
    qx = np.clip(px + amount * nx - 0.5, -pad, width - 1 + pad)
    qy = np.clip(py + amount * ny - 0.5, -pad, height - 1 + pad)
    cx, cy = np.floor(qx), np.floor(qy)
    wx, wy = (qx - cx)[..., None], (qy - cy)[..., None]
    ix, iy = cx.astype(np.int64) + pad, cy.astype(np.int64) + pad
    top = layer[iy, ix] + (layer[iy, ix + 1] - layer[iy, ix]) * wx
    bottom = layer[iy + 1, ix] + (layer[iy + 1, ix + 1] - layer[iy + 1, ix]) * wx
    color = top + (bottom - top) * wy
    color[..., :3] += (0.3 * amount / AMPLITUDE)[..., None] * color[..., 3:4]
    return color


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


def llvmpipe(image, pad):
    import moderngl
    height, width, _ = image.shape
    ctx = moderngl.create_standalone_context(backend="egl")
    layer = padded(image, pad)
    texture = ctx.texture((layer.shape[1], layer.shape[0]), 4, np.ascontiguousarray(layer).tobytes())
    texture.filter = (moderngl.LINEAR, moderngl.LINEAR)
    texture.repeat_x = texture.repeat_y = False  # CLAMP_TO_EDGE
    program = ctx.program(vertex_shader="""
        #version 330
        in vec2 corner;
        void main() { gl_Position = vec4(corner, 0.0, 1.0); }
        """, fragment_shader="""
        #version 330
        uniform sampler2D layer;
        uniform vec2 layerSize;  // padded, pixels
        uniform float pad;
        uniform vec2 origin;
        uniform float time, amplitude, frequency, decay, speed;
        out vec4 color;
        // Row j of the framebuffer is row j of the image in memory, so gl_FragCoord is the
        // position in points (pixel centres), y down, as in SwiftUI.
        void main() {
          vec2 position = gl_FragCoord.xy;
          float d = length(position - origin);
          float t = max(0.0, time - d / speed);
          float rippleAmount = amplitude * sin(frequency * t) * exp(-decay * t);
          vec2 n = d > 0.0 ? (position - origin) / d : vec2(0.0);
          // GL_LINEAR + CLAMP_TO_EDGE on the padded texture = Documentation/Semantics.md §4's sample.
          vec2 q = position + rippleAmount * n - 0.5;
          vec4 c = texture(layer, (q + pad + 0.5) / layerSize);
          c.rgb += 0.3 * (rippleAmount / amplitude) * c.a;
          color = c;
        }
        """)
    program["layerSize"].value = (float(layer.shape[1]), float(layer.shape[0]))
    program["pad"].value = float(pad)
    program["origin"].value = (width / 2, height / 2)
    for name, value in [("time", TIME), ("amplitude", AMPLITUDE), ("frequency", FREQUENCY),
                        ("decay", DECAY), ("speed", SPEED)]:
        program[name].value = value
    quad = ctx.buffer(np.array([-1, -1, 1, -1, -1, 1, 1, 1], dtype="f4").tobytes())
    vao = ctx.vertex_array(program, [(quad, "2f", "corner")])
    framebuffer = ctx.simple_framebuffer((width, height), components=4)
    framebuffer.use()
    texture.use(0)

    def run():
        vao.render(moderngl.TRIANGLE_STRIP)
        ctx.finish()

    median, minimum = timed(run, ARGS.repeats)
    output = np.frombuffer(framebuffer.read(components=4), dtype=np.uint8)
    return median, minimum, output.reshape(height, width, 4).astype(np.int32), ctx.info["GL_RENDERER"]


def halide(image, pad, fast):
    import halide as hl
    height, width, _ = image.shape
    layer = padded(image.astype(np.float32) / 255, pad)
    layer = np.ascontiguousarray(np.pad(layer, ((0, 1), (0, 1), (0, 0))))
    source = hl.Buffer(layer)  # numpy [y, x, c] -> Halide (c, x, y), c innermost
    x, y, c = hl.Var("x"), hl.Var("y"), hl.Var("c")
    f32 = hl.f32
    px, py = f32(x) + 0.5, f32(y) + 0.5
    dx, dy = px - f32(width / 2), py - f32(height / 2)
    d = hl.sqrt(dx * dx + dy * dy)
    t = hl.max(0.0, f32(TIME) - d / f32(SPEED))
    sin, exp = (hl.fast_sin, hl.fast_exp) if fast else (hl.sin, hl.exp)
    amount = hl.Func("amount")
    amount[x, y] = f32(AMPLITUDE) * sin(f32(FREQUENCY) * t) * exp(-f32(DECAY) * t)
    nx = hl.select(d > 0, dx / d, 0.0)
    ny = hl.select(d > 0, dy / d, 0.0)
    qx = hl.clamp(px + amount[x, y] * nx - 0.5, f32(-pad), f32(width - 1 + pad))
    qy = hl.clamp(py + amount[x, y] * ny - 0.5, f32(-pad), f32(height - 1 + pad))
    cx, cy = hl.floor(qx), hl.floor(qy)
    wx, wy = qx - cx, qy - cy
    ix, iy = hl.i32(cx) + pad, hl.i32(cy) + pad
    top = source[c, ix, iy] + (source[c, ix + 1, iy] - source[c, ix, iy]) * wx
    bottom = source[c, ix, iy + 1] + (source[c, ix + 1, iy + 1] - source[c, ix, iy + 1]) * wx
    blended = top + (bottom - top) * wy
    color = hl.Func("color")
    color[c, x, y] = blended
    output = hl.Func("ripple")
    output[c, x, y] = hl.select(
        c < 3, color[c, x, y] + f32(0.3 / AMPLITUDE) * amount[x, y] * color[3, x, y], color[c, x, y])
    # Interleaved RGBA, parallel rows, 8 pixels per vector.
    output.bound(c, 0, 4).reorder(c, x, y).unroll(c).vectorize(x, 8).parallel(y)
    color.compute_at(output, x).bound(c, 0, 4).unroll(c).vectorize(x)
    amount.compute_at(output, x).vectorize(x)
    output.output_buffer().dim(0).set_stride(1).dim(1).set_stride(4)
    result = np.zeros((height, width, 4), np.float32)
    target_buffer = hl.Buffer(result)
    output.compile_jit()

    def run():
        output.realize(target_buffer)

    median, minimum = timed(run, ARGS.repeats)
    return median, minimum, codes(result)


def ours(image):
    """Runs LayerFX's harness on the same input; returns its Swift and C timings."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "input.png")
        # Straight alpha in the file (PNG's); the harness premultiplies it back.
        straight = image.astype(np.float64)
        alpha = straight[..., 3:4] / 255
        with np.errstate(invalid="ignore", divide="ignore"):
            straight[..., :3] = np.where(alpha > 0, straight[..., :3] / alpha, 0)
        Image.fromarray(np.rint(straight).clip(0, 255).astype(np.uint8), "RGBA").save(path)
        result = subprocess.run(
            [ARGS.bench, "--kernel", "ripple", "--input", path, "--threads", str(ARGS.threads),
             "--repeats", str(ARGS.repeats), "--tiles", "none", "--json"],
            capture_output=True, text=True)
        if result.returncode not in (0, 1):
            sys.exit(f"ripple_peers: {ARGS.bench} failed: {result.stderr.strip()}")
        return json.loads(result.stdout)["cases"][0]


def main():
    image = load_premultiplied(ARGS.input)
    height, width, _ = image.shape
    pad = int(np.ceil(AMPLITUDE))
    megapixels = width * height / 1e6
    expected = codes(reference(image, pad))
    # Our harness runs before and after the peers, so a change of load during the run shows.
    before = ours(image)
    rows = []
    median, minimum, output, renderer = llvmpipe(image, pad)
    rows.append({"runtime": f"Mesa llvmpipe ({renderer}), GLSL, RGBA8", "median": median,
                 "minimum": minimum, **agreement(output, expected)})
    for fast in (True, False):
        median, minimum, output = halide(image, pad, fast)
        rows.append({"runtime": "Halide, float32, parallel rows, vectorize 8, "
                     + ("fast_sin/fast_exp" if fast else "sin/exp"),
                     "median": median, "minimum": minimum, **agreement(output, expected)})
    after = ours(image)
    for when, case in (("before peers", before), ("after peers", after)):
        for key, label in (("swift", "LayerFX Swift (lane path)"),
                           ("swiftClosure", "LayerFX Swift (closure path)"),
                           ("c", "LayerFX C reference (clang -O3 -march=native, OpenMP, libm)")):
            if case.get(key):
                rows.append({"runtime": f"{label}, {when}", "median": case[key]["median"],
                             "minimum": case[key]["minimum"]})
    for row in rows:
        row["megapixelsPerSecond"] = megapixels / row["median"]
    best_peer = max(rows[:3], key=lambda row: row["megapixelsPerSecond"])
    # The slower of our two runs, so drift never flatters us.
    swift = min(megapixels / case["swift"]["median"] for case in (before, after))
    case = after
    summary = {"input": ARGS.input, "width": width, "height": height, "threads": ARGS.threads,
               "rows": rows, "bestPeer": best_peer["runtime"],
               "swiftOverBestPeer": swift / best_peer["megapixelsPerSecond"],
               "swiftOverC": case.get("swiftOverC"), "swiftAgreementWithC": case.get("agreementWithC")}
    if ARGS.json:
        print(json.dumps(summary, indent=2))
        return
    print(f"ripple on {os.path.basename(ARGS.input)} ({width}x{height}), {ARGS.threads} threads, "
          f"median of {ARGS.repeats}")
    for row in rows:
        check = (f"  vs float64: max {row['maxCodeDifference']} code, "
                 f"{100 * row['fractionAboveOne']:.3f} % > 1" if "maxCodeDifference" in row else "")
        print(f"  {row['megapixelsPerSecond']:7.1f} Mpix/s  {row['median']:.4f} s  {row['runtime']}{check}")
    print(f"  Swift (slower of its two runs) / best peer ({best_peer['runtime'].split(',')[0]}): "
          f"{summary['swiftOverBestPeer']:.2f}x;  Swift / C: {summary['swiftOverC']:.2f}x")


if __name__ == "__main__":
    main()
