#!/usr/bin/env python3
"""Measures the tune page (`layerfx tune CONFIG --serve`, issue 28) in headless chromium: the
milliseconds from a slider change to the new frame on the page for a 1280 x 720 ripple, and the
playback frame rate for a 640 x 360 one; or, with --screenshot, writes a picture of the page.

Chromium is driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`: commands
on its descriptor 3, replies on 4, each a JSON text ending in a NUL byte), with the standard
library only; the browser test (Tests/LayerFXCLITests/EndToEnd/TunePageTests.swift) drives the
same page from Swift and checks what it shows; the times are measured here, never in a test.

Latency: the page's own figure, `window.layerfxLatencyMs` (the input event to the new image's
`load`; Documentation/TunePage.md, "The page's DOM"), read after each of N changes of the amplitude
slider (an `input` event, as one step of a drag, each to a new value inside the slider's
range, 0.2 s apart), beside the time this script saw from its change to the page's frame
counter going up (that adds a DevTools round trip, about 1 ms) and the browser's resource
timing of the /api/render request (the request's network time and the server's render), then
the server's own render time (`X-LayerFX-Render-Ms`) of 10 renders of the same frame asked for
from the page. Playback:
the page's `window.layerfxPlaybackFPS` sampled every half second while playing, after two
seconds of warm-up, beside the frame counter's own rate over the same span. The report gives
medians, the preview's size in pixels, the CPU model and the load average before and after.

Usage: python3 Benchmarks/tune-page-latency.py [--layerfx PATH (default: .build/release/layerfx,
           then .build/debug/layerfx)] [--changes 30] [--seconds 10] [--viewport 1280x900]
           [--json]
       python3 Benchmarks/tune-page-latency.py --screenshot Documentation/tune-page.png
"""
import argparse
import base64
import importlib.util
import json
import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# Runs and waits are bounded against a hang (a loaded machine is slow), not timed.
LIMIT = 120


def find_layerfx(given):
    """The binary as tune-latency.py finds it (one rule for both scripts)."""
    spec = importlib.util.spec_from_file_location(
        "tune_latency", os.path.join(HERE, "tune-latency.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.find_layerfx(given)


def ripple_config(size, time_seconds, check_bounds=False, **changes):
    """A ripple on a test card of `size` pixels (scale 1), one tap at its centre at t = 0;
    `changes` replace or add members of the effect (amplitude, keyframes, ...)."""
    width, height = size
    effect = {"kernel": "ripple", "amplitude": 12, "frequency": 15, "decay": 8, "speed": 1200}
    effect.update(changes)
    return json.dumps({
        "version": 1, "input": "testcard:%dx%d" % size, "scale": 1, "effects": [effect],
        "triggers": [{"point": [width / 2, height / 2], "time": 0}],
        "output": {"path": "out.png", "time": time_seconds},
        "debug": {"checkBounds": check_bounds}}, indent=1) + "\n"


class Failure(Exception):
    pass


class Chromium:
    """Headless chromium with one page, driven over the DevTools protocol on a pipe."""

    def __init__(self, width, height, executable="chromium"):
        self.profile = tempfile.mkdtemp(prefix="layerfx-chromium.")
        to_browser, self.commands = os.pipe()
        self.replies, from_browser = os.pipe()

        def place_pipes():
            # In the child: the pipe ends at 3 and 4 (copies first, so neither overwrites the
            # other); os.pipe's descriptors are close-on-exec, 3 and 4 are not.
            read_end, write_end = os.dup(to_browser), os.dup(from_browser)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)

        log = open(os.path.join(self.profile, "chromium.log"), "wb")
        # --no-sandbox: chromium refuses its sandbox as root; the page is our own, on loopback.
        self.process = subprocess.Popen(
            [executable, "--headless=new", "--remote-debugging-pipe", "--no-sandbox",
             "--no-first-run", "--user-data-dir=" + os.path.join(self.profile, "profile"),
             "--hide-scrollbars", "--mute-audio", "--window-size=%d,%d" % (width, height),
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, close_fds=False,
            preexec_fn=place_pipes, start_new_session=True)
        log.close()
        os.close(to_browser)
        os.close(from_browser)
        self.buffer = b""
        self.last_id = 0
        self.session = None
        try:
            target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
            self.session = self.send("Target.attachToTarget",
                                     {"targetId": target, "flatten": True})["sessionId"]
            self.send("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1,
                       "mobile": False})
        except BaseException:
            self.close()
            raise

    def send(self, method, params=None):
        self.last_id += 1
        message = {"id": self.last_id, "method": method, "params": params or {}}
        if self.session:
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + LIMIT
        while True:
            while b"\0" in self.buffer:
                text, self.buffer = self.buffer.split(b"\0", 1)
                reply = json.loads(text)
                if reply.get("id") == self.last_id:
                    if "error" in reply:
                        raise Failure("%s: %s" % (method, reply["error"].get("message")))
                    return reply.get("result", {})
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.replies], [], [], left)[0]:
                raise Failure("%s: no reply within %d s" % (method, LIMIT))
            chunk = os.read(self.replies, 1 << 16)
            if not chunk:
                raise Failure("%s: chromium closed its pipe" % method)
            self.buffer += chunk

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                "returnByValue": True})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise Failure("%s: %s" % (expression, details.get("exception", {}).get(
                "description", details.get("text"))))
        return result["result"].get("value")

    def wait_until(self, expression, step=0.02):
        deadline = time.monotonic() + LIMIT
        while not self.evaluate(expression):
            if time.monotonic() > deadline:
                raise Failure("still false after %d s: %s" % (LIMIT, expression))
            time.sleep(step)

    def navigate(self, url):
        self.send("Page.navigate", {"url": url})
        self.wait_until("document.readyState === 'complete'")

    def click(self, x, y):
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            moved = kind == "mouseMoved"
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y,
                                                   "button": "none" if moved else "left",
                                                   "clickCount": 0 if moved else 1})

    def screenshot(self):
        return base64.b64decode(self.send("Page.captureScreenshot", {"format": "png"})["data"])

    def close(self):
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()
        os.close(self.commands)
        os.close(self.replies)
        shutil.rmtree(self.profile, ignore_errors=True)


class Server:
    """`layerfx tune CONFIG --serve --port 0`; the page's address is its first stdout line."""

    def __init__(self, layerfx, config_path, error_path):
        with open(error_path, "wb") as errors:
            self.process = subprocess.Popen(
                [layerfx, "tune", config_path, "--serve", "--port", "0"],
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=errors,
                start_new_session=True)
        if not select.select([self.process.stdout], [], [], LIMIT)[0]:
            self.close()
            raise Failure("no address from layerfx tune --serve within %d s" % LIMIT)
        self.address = self.process.stdout.readline().decode().strip()
        if not self.address:
            raise Failure("layerfx tune --serve exited: see %s" % error_path)

    def close(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


FRAMES = "Number(document.body.dataset.frames || 0)"
AMPLITUDE = ("document.querySelector('input[type=range][data-effect=\"0\"]"
             "[data-parameter=\"amplitude\"]')")


def set_value(page, selector, value, events=("input",)):
    fire = "".join("e.dispatchEvent(new Event('%s', {bubbles: true}));" % name
                   for name in events)
    page.evaluate("(() => { const e = %s; e.value = '%s'; %s return e.value })()"
                  % (selector, value, fire))


def open_page(layerfx, directory, size, config, viewport=(1280, 900)):
    config_path = os.path.join(directory, "ripple-%dx%d.json" % size)
    with open(config_path, "w") as file:
        file.write(config)
    server = Server(layerfx, config_path, os.path.join(directory, "stderr-%dx%d" % size))
    try:
        page = Chromium(*viewport)
    except BaseException:
        server.close()
        raise
    try:
        page.navigate(server.address)
        page.wait_until("%s >= 1 && document.querySelector('#preview')?.complete" % FRAMES)
    except BaseException:
        page.close()
        server.close()
        raise
    return server, page


def preview_size(page):
    return page.evaluate("(() => { const e = document.querySelector('#preview');"
                         " return [e.naturalWidth, e.naturalHeight] })()")


def wait_for_frame(page, frames, step=0.02):
    """Waits until the page's frame counter passes `frames` and the preview has loaded."""
    page.wait_until("%s > %d && document.querySelector('#preview').complete" % (FRAMES, frames),
                    step)


def measure_latency(page, changes):
    page_figures, seen, fetches = [], [], []
    for change in range(changes):
        time.sleep(0.2)
        page.evaluate("performance.clearResourceTimings(); true")
        before = page.evaluate(FRAMES)
        started = time.monotonic()
        # 5, 6, ... 23, 5, ...: each a new value inside the ripple's suggested 4...24 (the
        # slider's range; a value beyond it would be clamped to the same end every time).
        set_value(page, AMPLITUDE, 5 + change % 19)
        wait_for_frame(page, before, step=0.001)
        seen.append((time.monotonic() - started) * 1000)
        page_figures.append(page.evaluate("window.layerfxLatencyMs"))
        fetch = page.evaluate("(performance.getEntriesByType('resource')"
                              ".filter(e => e.name.includes('/api/render')).pop() || {}).duration")
        if fetch is not None:
            fetches.append(fetch)
    return page_figures, seen, fetches


def measure_server_render(page, requests=10):
    """The server's own render times (X-LayerFX-Render-Ms) of `requests` renders of the page's
    config at its preview width, asked for one after another from the page."""
    return page.evaluate("""(async () => {
        const state = await (await fetch('/api/state')).json();
        const width = document.querySelector('#preview').naturalWidth, times = [];
        for (let i = 0; i < %d; i++) {
          const response = await fetch('/api/render', {method: 'POST',
            body: JSON.stringify({config: state.config, time: 0.2, width})});
          await response.arrayBuffer();
          times.push(Number(response.headers.get('X-LayerFX-Render-Ms')));
        }
        return times })()""" % requests)


def measure_playback(page, seconds):
    page.evaluate("document.querySelector('#play').click(); true")
    time.sleep(2)
    samples = []
    frames_start, clock_start = page.evaluate(FRAMES), time.monotonic()
    while time.monotonic() - clock_start < seconds:
        time.sleep(0.5)
        samples.append(page.evaluate("window.layerfxPlaybackFPS"))
    counted = (page.evaluate(FRAMES) - frames_start) / (time.monotonic() - clock_start)
    page.evaluate("document.querySelector('#play').click(); true")
    return [s for s in samples if isinstance(s, (int, float))], counted


def screenshot(layerfx, path):
    """The page at 1280 x 900 on a 1280 x 720 ripple with a keyframed amplitude (a spring from
    24 to 8 points), the origins and bounds overlays on, a second tap added by a click at
    t = 0.2 s, shown at t = 0.5 s (the two waves 0.5 s and 0.3 s old)."""
    keyframes = {"amplitude": [{"type": "move", "value": 24},
                               {"type": "spring", "value": 8, "duration": 1, "bounce": 0.3}]}
    config = ripple_config((1280, 720), 0.2, check_bounds=True, frequency=25, decay=2,
                           speed=800, keyframes=keyframes)
    with tempfile.TemporaryDirectory(prefix="layerfx-tune-page.") as directory:
        server, page = open_page(layerfx, directory, (1280, 720), config)
        try:
            for overlay in ("origins", "bounds"):
                frames = page.evaluate(FRAMES)
                if page.evaluate("(() => { const e = document.querySelector("
                                 "'input[name=overlay][value=%s]'); if (e.checked) return false;"
                                 " e.click(); return true })()" % overlay):
                    wait_for_frame(page, frames)
            for seconds, tap in ((0.2, True), (0.5, False)):
                frames = page.evaluate(FRAMES)
                set_value(page, "document.querySelector('#time')", seconds, ("input", "change"))
                wait_for_frame(page, frames)
                if tap:
                    box = page.evaluate("(() => { const r = document.querySelector('#preview')"
                                        ".getBoundingClientRect(); return [r.left, r.top,"
                                        " r.width, r.height] })()")
                    frames = page.evaluate(FRAMES)
                    page.click(round(box[0] + 0.3 * box[2]), round(box[1] + 0.35 * box[3]))
                    wait_for_frame(page, frames)
            time.sleep(0.5)
            with open(path, "wb") as file:
                file.write(page.screenshot())
        finally:
            page.close()
            server.close()


def machine():
    with open("/proc/cpuinfo") as file:
        for line in file:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return "unknown"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layerfx", help="the layerfx binary")
    parser.add_argument("--changes", type=int, default=30, help="slider changes (default 30)")
    parser.add_argument("--seconds", type=float, default=10, help="playback seconds (default 10)")
    parser.add_argument("--json", action="store_true", help="one JSON object on standard output")
    parser.add_argument("--viewport", default="1280x900",
                        help="the latency run's page size, WxH CSS pixels (default 1280x900;"
                             " the preview renders at its own size on the page)")
    parser.add_argument("--screenshot", metavar="PNG", help="write a picture of the page instead")
    arguments = parser.parse_args()
    layerfx = find_layerfx(arguments.layerfx)
    if arguments.screenshot:
        screenshot(layerfx, arguments.screenshot)
        return
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="layerfx-tune-page.") as directory:
        viewport = tuple(int(side) for side in arguments.viewport.split("x"))
        server, page = open_page(layerfx, directory, (1280, 720),
                                 ripple_config((1280, 720), 0.2), viewport)
        try:
            latency_size = preview_size(page)
            page_figures, seen, fetches = measure_latency(page, arguments.changes)
            server_renders = measure_server_render(page)
        finally:
            page.close()
            server.close()
        server, page = open_page(layerfx, directory, (640, 360), ripple_config((640, 360), 0))
        try:
            playback_size = preview_size(page)
            samples, counted = measure_playback(page, arguments.seconds)
        finally:
            page.close()
            server.close()
    load_after = os.getloadavg()
    report = {
        "layerfx": layerfx, "machine": machine(), "cores": os.cpu_count(),
        "loadAverage": list(load_before), "loadAverageAtEnd": list(load_after),
        "latency": {"input": [1280, 720], "preview": latency_size, "changes": len(page_figures),
                    "pageMilliseconds": {"median": statistics.median(page_figures),
                                         "min": min(page_figures), "max": max(page_figures)},
                    "seenMilliseconds": {"median": statistics.median(seen)},
                    "renderRequestMilliseconds": ({"median": statistics.median(fetches)}
                                                  if fetches else None),
                    "serverRenderMilliseconds": {"median": statistics.median(server_renders),
                                                 "requests": len(server_renders)}},
        "playback": {"input": [640, 360], "preview": playback_size, "seconds": arguments.seconds,
                     "pageFPS": {"median": statistics.median(samples) if samples else None,
                                 "min": min(samples, default=None)},
                     "framesCountedPerSecond": counted},
    }
    if arguments.json:
        print(json.dumps(report, indent=2))
        return
    latency, playback = report["latency"], report["playback"]
    print("layerfx: %s" % layerfx)
    print("machine: %s, %d cores; load average %.2f %.2f %.2f before, %.2f %.2f %.2f after"
          % (report["machine"], report["cores"], *load_before, *load_after))
    print("slider to frame, 1280x720 ripple (preview %dx%d), %d changes: page median %.1f ms"
          " (min %.1f, max %.1f); seen by this script %.1f ms; /api/render request %s ms;"
          " the server's render alone %.1f ms"
          % (*latency_size, len(page_figures), latency["pageMilliseconds"]["median"],
             latency["pageMilliseconds"]["min"], latency["pageMilliseconds"]["max"],
             latency["seenMilliseconds"]["median"],
             "%.1f" % latency["renderRequestMilliseconds"]["median"] if fetches else "?",
             latency["serverRenderMilliseconds"]["median"]))
    print("playback, 640x360 ripple (preview %dx%d), %.0f s: page fps median %.1f (min %.1f);"
          " frames counted %.1f per second"
          % (*playback_size, arguments.seconds, playback["pageFPS"]["median"],
             playback["pageFPS"]["min"], counted))


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        sys.exit("tune-page-latency: %s" % failure)
