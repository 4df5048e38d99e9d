#!/usr/bin/env python3
"""Measures how long `layerfx tune` takes to show an edit: the seconds from rewriting the config
to a new preview file, over several edits of one running `tune`.

The config is the one of the tune test (Tests/LayerFXCLITests/EndToEnd/TuneCommandTests.swift):
a ripple on a 40 x 30 test card, previewed at four times. `tune` polls the files every 100 ms
(Sources/LayerFXCLI/Commands/TuneCommand.swift), so a latency is that wait (0 to 100 ms) plus
the render of the contact sheet and its atomic write; the issue's target is under one second.
The test checks only that an edit gives a new preview; the time is measured here, where a busy
machine makes a number slower instead of making a test fail.

Each edit alternates the amplitude between two values, waits for the preview's bytes to change
(polling every millisecond), then waits for tune's "changed ..." line before the next edit. The
report gives the median, minimum and maximum latency in milliseconds, tune's own render times
(from its lines) and the load average before and after.

Usage: python3 Benchmarks/tune-latency.py [--layerfx PATH (default: .build/release/layerfx,
           then .build/debug/layerfx)] [--edits 20] [--json]
"""
import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layerfx", help="the layerfx binary")
    parser.add_argument("--edits", type=int, default=20, help="edits to time (default 20)")
    parser.add_argument("--json", action="store_true", help="one JSON object on standard output")
    return parser.parse_args()


def find_layerfx(given):
    candidates = [given] if given else [".build/release/layerfx", ".build/debug/layerfx"]
    for path in candidates:
        if path and os.access(path, os.X_OK):
            return os.path.abspath(path)
    sys.exit("tune-latency: no layerfx binary at %s; build one (swift build -c release) or "
             "give --layerfx PATH" % " or ".join(c for c in candidates if c))


def config(amplitude):
    return ('{"version": 1, "input": "testcard:40x30",\n'
            ' "effects": [{"kernel": "ripple", "amplitude": %d}],\n'
            ' "debug": {"previewTimes": [0.1, 0.2, 0.3, 0.4]}}\n' % amplitude)


def read(path):
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError:
        return None


def wait_for(condition, limit, step=0.001):
    """Polls `condition` every `step` seconds; False when `limit` seconds pass first."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return False


def main():
    arguments = parse_arguments()
    layerfx = find_layerfx(arguments.layerfx)
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="layerfx-tune-latency.") as directory:
        config_path = os.path.join(directory, "t.json")
        preview = os.path.join(directory, "t.preview.png")
        output_path = os.path.join(directory, "stdout")
        with open(config_path, "w") as file:
            file.write(config(4))
        with open(output_path, "wb") as output, open(os.devnull, "wb") as errors:
            process = subprocess.Popen([layerfx, "tune", "t.json"], cwd=directory,
                                       stdout=output, stderr=errors)
        try:
            def lines():
                text = read(output_path) or b""
                return text.decode("utf-8", "replace").splitlines()

            if not wait_for(lambda: len(lines()) >= 1 and read(preview), 120, 0.01):
                sys.exit("tune-latency: no first preview within 120 s")
            latencies = []
            for edit in range(arguments.edits):
                before = read(preview)
                seen = len(lines())
                with open(config_path, "w") as file:
                    file.write(config(9 if edit % 2 == 0 else 4))
                started = time.monotonic()
                if not wait_for(lambda: read(preview) not in (None, before), 60):
                    sys.exit("tune-latency: edit %d gave no new preview within 60 s" % edit)
                latencies.append((time.monotonic() - started) * 1000)
                if not wait_for(lambda: len(lines()) > seen, 60):
                    sys.exit("tune-latency: edit %d gave no line from tune within 60 s" % edit)
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=30)
        renders = [float(m.group(1)) * 1000 for line in lines()[1:]
                   for m in [re.search(r"in ([0-9.]+) s", line)] if m]
    load_after = os.getloadavg()
    report = {
        "layerfx": layerfx,
        "edits": len(latencies),
        "latencyMilliseconds": {"median": statistics.median(latencies),
                                "min": min(latencies), "max": max(latencies)},
        "renderMilliseconds": ({"median": statistics.median(renders), "max": max(renders)}
                               if renders else None),
        "loadAverage": list(load_before),
        "loadAverageAtEnd": list(load_after),
        "cores": os.cpu_count(),
    }
    if arguments.json:
        print(json.dumps(report, indent=2))
        return
    latency = report["latencyMilliseconds"]
    print("layerfx: %s" % layerfx)
    print("load average: %.2f %.2f %.2f before, %.2f %.2f %.2f after (%d cores)"
          % (*load_before, *load_after, os.cpu_count()))
    print("edit to new preview, %d edits: median %.0f ms, min %.0f ms, max %.0f ms"
          % (len(latencies), latency["median"], latency["min"], latency["max"]))
    if renders:
        print("tune's render of the sheet: median %.1f ms, max %.1f ms"
              % (statistics.median(renders), max(renders)))


if __name__ == "__main__":
    main()
