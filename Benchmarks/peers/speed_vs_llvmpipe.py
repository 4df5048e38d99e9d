#!/usr/bin/env python3
"""Times Archetapp/MetalShaders fragment shaders in LayerFX (the .metal runner, in its sandboxed
shader worker) against Mesa llvmpipe drawing the same shader, in the same run: per shader the
milliseconds a frame of each and their ratio, then the geometric mean and the worst ratio
(issue 26's bar: geometric mean ≤ 1, worst ≤ 2, at 1280 × 720 on 2 threads).

Each shader is wrapped as archetapp_vs_llvmpipe.py wraps it (its fragment function made plain,
a `[[ stitchable ]]` fill appended). LayerFX: `metal-fill-bench` (the Benchmarks package's
tool) compiles it, renders one untimed frame, then times --frames frames of
`Renderer.render(fill:)` with --threads threads; the shader runs in layerfx-shader-worker, so
the figure includes the worker's round trips and the copy out of its shared memory, not the
store or a PNG encoder. llvmpipe: the twin (shader.frag, GLSL ES 3.00 by the same author)
drawn over a full-screen quad into an RGBA32F framebuffer (LayerFX's destination is float
RGBA too), one untimed draw, then --frames draws each followed by glFinish, with
LP_NUM_THREADS = --threads. Both report the median frame. The twin is the GPU-style program of
the same picture, not always the same arithmetic (archetapp_vs_llvmpipe.py says which twins are
faithful); a shader whose twin fails to compile is reported and left out of the summary.

Shaders: --only SLUG,… or a deterministic sample of --sample shaders spread over the sorted
list of those the harness wraps (every k-th, from the --offset-th on), so a run is repeatable
and not hand-picked.
`--baseline-env NAME=VALUE` times LayerFX a second time per shader, with that environment
variable set (`LAYERFX_METAL_LANES=0`: the scalar form, as before the lane form), in the same
run: the rows gain its milliseconds, the speed-up and whether its bytes are the same, and the
summary its geometric mean and worst against llvmpipe.
`--hashes OLD.csv` compares each shader's output hash (the frame's float pixels, bit for bit)
with an earlier run's and reports any that differ: the check that a change to the generated
code left every byte alone.

Requires: pip install moderngl numpy; Debian's libegl1 and libgl1-mesa-dri; a release build
of the Benchmarks package (swift build -c release --package-path Benchmarks) and of the shader
worker (swift build -c release --product layerfx-shader-worker), which LAYERFX_SHADER_WORKER
or --worker names.
Usage: python3 Benchmarks/peers/speed_vs_llvmpipe.py [--corpus DIR] [--bench PATH]
           [--worker PATH] [--size WxH] [--threads N] [--frames N] [--time T]
           [--only SLUG,...] [--sample N] [--offset K] [--csv OUT.csv] [--hashes OLD.csv] [--baseline-env NAME=VALUE]
           [--markdown]
"""
import argparse
import csv
import json
import math
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from archetapp_vs_llvmpipe import quad_program, shader_folders, wrap, write_csv  # noqa: E402
from stitchable_corpus import first_error, run  # noqa: E402


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default=os.environ.get("LAYERFX_ARCHETAPP"),
                        help="an Archetapp/MetalShaders checkout (default $LAYERFX_ARCHETAPP)")
    parser.add_argument("--bench", default=os.path.join(
        ROOT, "Benchmarks", ".build", "release", "metal-fill-bench"))
    parser.add_argument("--worker", default=os.environ.get(
        "LAYERFX_SHADER_WORKER", os.path.join(ROOT, ".build", "release", "layerfx-shader-worker")))
    parser.add_argument("--size", default="1280x720", help="render size, WxH pixels")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--frames", type=int, default=5, help="timed frames per side")
    parser.add_argument("--time", type=float, default=1.3, help="iTime, seconds")
    parser.add_argument("--only", help="comma-separated slugs")
    parser.add_argument("--sample", type=int, default=40, help="shaders, spread evenly")
    parser.add_argument("--offset", type=int, default=0,
                        help="start the sample this many shaders in (--sample 120 --offset 1: "
                             "the 120 shaders between those of --sample 120)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per LayerFX call")
    parser.add_argument("--csv", help="write the per-shader table here")
    parser.add_argument("--hashes", help="an earlier --csv whose output hashes must match")
    parser.add_argument("--baseline-env", help="NAME=VALUE: also time LayerFX with it set")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    arguments = parser.parse_args()
    if not arguments.corpus:
        parser.error("give --corpus DIR or set LAYERFX_ARCHETAPP to an Archetapp/MetalShaders "
                     "checkout")
    return arguments


def llvmpipe_milliseconds(context, source, width, height, seconds, frames):
    """The median milliseconds of `frames` draws of `source` (each finished), after one."""
    draw, _, release = quad_program(context, source, width, height, seconds)
    times = []
    for frame in range(frames + 1):
        started = time.perf_counter()
        draw()
        context.finish()
        if frame:
            times.append(1e3 * (time.perf_counter() - started))
    release()
    return sorted(times)[len(times) // 2]


def layerfx(arguments, path, function, width, height, environment):
    """metal-fill-bench's report for the fill `function` of `path`, or raises RuntimeError."""
    status, output, error, _ = run(
        [arguments.bench, f"{path}:{function}", "--size", f"{width}x{height}",
         "--threads", str(arguments.threads), "--frames", str(arguments.frames),
         "--arg", f"iTime={arguments.time!r}", "--arg", f"iResolution={width},{height}"],
        arguments.timeout, environment)
    if status != 0:
        raise RuntimeError(first_error(error) or f"exit {status}")
    return json.loads(output.strip().splitlines()[-1])


def selection(arguments):
    folders = shader_folders(arguments.corpus)
    if arguments.only:
        wanted = set(arguments.only.split(","))
        return [(s, f) for s, f in folders if s in wanted]
    step = max(1, len(folders) // arguments.sample)
    return folders[arguments.offset::step][:arguments.sample]


def main():
    arguments = parse_arguments()
    os.environ["LP_NUM_THREADS"] = str(arguments.threads)
    import moderngl
    context = moderngl.create_standalone_context(backend="egl")
    width, height = (int(v) for v in arguments.size.lower().split("x"))
    old = {}
    if arguments.hashes:
        with open(arguments.hashes, newline="", encoding="utf-8") as file:
            old = {r["slug"]: r["hash"] for r in csv.DictReader(file) if r["hash"]}
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        environment = dict(os.environ, LAYERFX_CACHE=os.path.join(scratch, "cache"),
                           LAYERFX_SHADER_WORKER=arguments.worker)
        for slug, folder in selection(arguments):
            row = {"slug": slug, "layerfxMs": None, "llvmpipeMs": None, "ratio": None,
                   "compileSeconds": None, "hash": "", "sameBytes": "", "error": ""}
            if arguments.baseline_env:
                row.update(baselineMs=None, baselineRatio=None, speedup=None,
                           baselineCompileSeconds=None, sameAsBaseline="")
            try:
                wrapped, function = wrap(open(os.path.join(folder, "shader.msl")).read())
                path = os.path.join(scratch, f"{slug}.metal")
                with open(path, "w", encoding="utf-8") as file:
                    file.write(wrapped)
                if arguments.baseline_env:
                    name, _, value = arguments.baseline_env.partition("=")
                    try:
                        base = layerfx(arguments, path, function, width, height,
                                       dict(environment, **{name: value}))
                        row.update(baselineMs=round(base["medianMs"], 2),
                                   baselineCompileSeconds=round(base["compileSeconds"], 3))
                    except RuntimeError as error:  # the baseline alone failed: reported
                        base = {"hash": ""}
                        row["error"] = "baseline: " + str(error)
                report = layerfx(arguments, path, function, width, height, environment)
                if arguments.baseline_env and base["hash"]:
                    row.update(speedup=round(row["baselineMs"] / report["medianMs"], 3),
                               sameAsBaseline=base["hash"] == report["hash"])
                row.update(layerfxMs=round(report["medianMs"], 2), hash=report["hash"],
                           compileSeconds=round(report["compileSeconds"], 3))
                if slug in old:
                    row["sameBytes"] = old[slug] == report["hash"]
                twin = open(os.path.join(folder, "shader.frag")).read()
                row["llvmpipeMs"] = round(llvmpipe_milliseconds(
                    context, twin, width, height, arguments.time, arguments.frames), 2)
                row["ratio"] = round(row["layerfxMs"] / row["llvmpipeMs"], 3)
                if arguments.baseline_env and row["baselineMs"]:
                    row["baselineRatio"] = round(row["baselineMs"] / row["llvmpipeMs"], 3)
            except Exception as error:  # a wrap, compile, render or GLSL failure: reported
                row["error"] = first_error(str(error)) or type(error).__name__
            rows.append(row)
            print(f"{slug:28} LayerFX {row['layerfxMs']} ms  llvmpipe {row['llvmpipeMs']} ms  "
                  f"ratio {row['ratio']}  baseline {row.get('baselineMs')} ms  "
                  f"same as baseline {row.get('sameAsBaseline')}  "
                  f"{row['error'][:90]}", file=sys.stderr, flush=True)
    if arguments.csv:
        write_csv(arguments.csv, rows)
    timed = [r for r in rows if r["ratio"]]
    geomean = math.exp(sum(math.log(r["ratio"]) for r in timed) / len(timed)) if timed else None
    worst = max(timed, key=lambda r: r["ratio"]) if timed else None
    summary = {"renderer": context.info["GL_RENDERER"], "size": arguments.size,
               "threads": arguments.threads, "shaders": len(rows), "timed": len(timed),
               "geometricMeanRatio": round(geomean, 3) if geomean else None,
               "worst": worst and {"slug": worst["slug"], "ratio": worst["ratio"]},
               "bytesChanged": [r["slug"] for r in rows if r["sameBytes"] is False],
               "failed": {r["slug"]: r["error"] for r in rows if r["error"]}}
    if arguments.baseline_env:
        based = [r for r in timed if r["baselineRatio"]]
        if based:
            summary["baseline"] = {
                "environment": arguments.baseline_env, "timed": len(based),
                "geometricMeanRatio": round(math.exp(
                    sum(math.log(r["baselineRatio"]) for r in based) / len(based)), 3),
                "worst": max(({"slug": r["slug"], "ratio": r["baselineRatio"]} for r in based),
                             key=lambda w: w["ratio"]),
                "geometricMeanSpeedup": round(math.exp(
                    sum(math.log(r["speedup"]) for r in based) / len(based)), 3)}
        summary["bytesDifferFromBaseline"] = [
            r["slug"] for r in rows if r.get("sameAsBaseline") is False]
    if arguments.markdown:
        print("| shader | LayerFX ms | llvmpipe ms | ratio |\n|---|---|---|---|")
        for r in rows:
            print(f"| {r['slug']} | {r['layerfxMs']} | {r['llvmpipeMs']} | "
                  f"{r['ratio'] if r['ratio'] else r['error'][:60]} |")
    print(json.dumps(summary, indent=2))
    return 0 if not summary["bytesChanged"] and not summary.get("bytesDifferFromBaseline") else 1


if __name__ == "__main__":
    sys.exit(main())
