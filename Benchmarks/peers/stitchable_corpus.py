#!/usr/bin/env python3
"""Runs every `[[ stitchable ]]` function of a folder of fetched SwiftUI shader repositories
through `layerfx` as written: per function whether `layerfx list` lists it with the kind and
parameters its signature gives, whether its file compiles, and whether it renders without a
fault, an all-transparent (NaN-blank) image or a hang; failures are grouped by cause with the
first error line. Issue 24's bar: at least 95 % of the functions listed right, compiled as
written and rendered. Exits 1 below it.

The repositories are not part of this repository: give --repos DIR (or
$LAYERFX_STITCHABLE_CORPUS), a folder with one sub-folder per repository (any layout below it;
every *.metal file is a unit, as `layerfx list FILE.metal` takes it). Extract them outside the
working tree.

What is expected of a function comes from its own source, read here independently of LayerFX's
signature reader (SwiftUI's documented signatures, `ShaderLibrary` and the View modifiers):
  * `float2 f(float2 position, …)` a distortion effect;
  * `half4 f(float2 position, SwiftUI::Layer layer, …)` a layer effect;
  * `half4 f(float2 position, half4 color, …)` a colour effect;
  * any other `half4 f(float2 position, …)` a fill (a ShapeStyle shader);
then its arguments by name, in order, each as the SwiftUI argument it takes: float/half →
float, float2/half2 → float2, float3/half3 → float3, float4 → float4, half4 → color,
`texture2d<half>` → image, a pointer and the int count after it → one floatArray (float *),
colorArray (half4 *) or data (others). A `float4` result is taken as half4.

Arguments given (all by --arg): a float 1 (inside the parameter's range if `list` states one;
0.5 in a second try when the result is all transparent, as a transition's end may rightly be);
a float2 named like a size (size, resolution, dimension, viewSize) the image's size, any other
float2 the image's centre; float3 0.5 each; a float4 named like bounds or rect `bounds`, else
0.5,0.5,0.5,1; a colour 0.9,0.5,0.2,1; float arrays 16 values 0.0625…1; colour arrays 8 colours;
data 8 bytes; an image the test card. Effects run on a test card made by `layerfx render
testCard` (the second try on it at half opacity), layer and distortion effects with
--max-sample-offset 8,8; fills render at the test card's size.

Usage: python3 Benchmarks/peers/stitchable_corpus.py [--repos DIR] [--layerfx PATH]
           [--size WxH] [--reference INFERNO_DIR] [--csv OUT.csv] [--json]
"""
import argparse
import csv
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Causes of a compile or list failure, matched against the first error line joined with the
# source line it names: (pattern, cause). The first match wins; an error matching none is
# grouped by its own text (file, line and column removed).
CAUSES = [
    (r"'SwiftUI/SwiftUI\.h' file not found", "#include <SwiftUI/SwiftUI.h> not found"),
    (r"'(metal_\w+|simd/simd\.h)' file not found", "a <metal_*> or <simd/simd.h> header not found"),
    (r"file not found", "an included file not found"),
    (r"refused: .* outside the shader's folder tree", "an #include above the file's folder refused"),
    (r"<layerfx glue>.*unknown type name", "a typedef'd parameter type unknown in the generated glue"),
    (r"invalid suffix '[hH]' on floating constant|operator\"\"h\b",
     "half literal (0.5h) in an included file"),
    (r"\b(float|half)[234]x[234]\b|matrix", "matrix types"),
    (r"undefined symbol", "undefined symbol at load (helper in another .metal file?)"),
    (r"\b(fragment|vertex|kernel)\b", "pipeline functions (fragment/vertex/kernel) in the file"),
    (r"which SwiftUI cannot pass", "parameter type not recognised (typedef?)"),
    (r"redefinition", "redefinition (the source compiled twice?)"),
    (r"\bmodf\b", "modf missing"),
    (r"from '(half|float)4'.*to '(half|float)[23]'|from '(half|float)3'.*to '(half|float)2'",
     "vector truncation (half3(half4)) rejected"),
    (r"unknown type name '(vector|simd)_\w+'", "<simd/simd.h> types (vector_float2, …) missing"),
    (r"no matching (constructor|conversion)|cannot (be )?(initialize|convert)",
     "missing constructor or conversion"),
    (r"no matching function", "missing overload"),
    (r"\b(thread|device|constant|kernel|vertex|fragment)\b.*\b(keyword|reserved)\b",
     "a Metal keyword as a name"),
    (r"expected expression.*\bthread\b", "keyword `thread` as a name, message silent on it"),
    (r"SIGSEGV|SIGBUS", "fault: a read outside an array, image or the stack (SIGSEGV)"),
    (r"SIGFPE", "fault: integer division by zero (SIGFPE)"),
]

SIZE_NAMES = re.compile(r"size|resolution|dimension|viewport|res$", re.IGNORECASE)
RECT_NAMES = re.compile(r"bound|rect|frame", re.IGNORECASE)


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repos", default=os.environ.get("LAYERFX_STITCHABLE_CORPUS"),
                        help="a folder of repositories (default $LAYERFX_STITCHABLE_CORPUS)")
    parser.add_argument("--layerfx", default=os.path.join(ROOT, ".build", "release", "layerfx"))
    parser.add_argument("--size", default="96x64", help="test card size, WxH pixels")
    parser.add_argument("--reference", default=os.environ.get("LAYERFX_INFERNO"),
                        help="an Inferno checkout: functions named as one of its stitchable "
                             "functions are counted apart as derived (default $LAYERFX_INFERNO)")
    parser.add_argument("--compile-timeout", type=float, default=300, help="seconds per list")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per render")
    parser.add_argument("--csv", help="write the per-function table here")
    parser.add_argument("--json", action="store_true", help="print every row too")
    parser.add_argument("--from-csv", help="summarise the rows of an earlier run's --csv again "
                                           "(causes regrouped), running nothing")
    arguments = parser.parse_args()
    if not arguments.repos and not arguments.from_csv:
        parser.error("give --repos DIR or set LAYERFX_STITCHABLE_CORPUS to a folder of "
                     "repositories")
    return arguments


def without_comments(source):
    """`source` with comments blanked (newlines kept, so line numbers hold)."""
    def blank(match):
        return re.sub(r"[^\n]", " ", match.group(0))
    return re.sub(r"//[^\n]*|/\*.*?\*/", blank, source, flags=re.DOTALL)


def split_top_level(text):
    """`text` split at the commas outside brackets, parentheses and template brackets."""
    parts, depth, start = [], 0, 0
    for index, character in enumerate(text):
        if character in "([<{":
            depth += 1
        elif character in ")]>}":
            depth -= 1
        elif character == "," and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return [part.strip() for part in parts if part.strip()]


def aliases(source, folder, seen=None):
    """{alias: type} of the `typedef T A;` and `using A = T;` in `source` and the files it
    includes with quotes (relative to `folder`)."""
    seen = seen if seen is not None else set()
    found = {}
    for included in re.findall(r'#\s*include\s*"([^"]+)"', source):
        path = os.path.normpath(os.path.join(folder, included))
        if path not in seen and os.path.isfile(path):
            seen.add(path)
            text = open(path, encoding="utf-8", errors="replace").read()
            found.update(aliases(text, os.path.dirname(path), seen))
    text = without_comments(source)
    for written, alias in re.findall(r"\btypedef\s+([\w:<>\s]+?)\s+(\w+)\s*;", text):
        found[alias] = written
    for alias, written in re.findall(r"\busing\s+(\w+)\s*=\s*([\w:<>\s]+?)\s*;", text):
        found[alias] = written
    return found


def argument_class(type_text, names=None):
    """The SwiftUI argument a written Metal type takes (None: none SwiftUI can pass);
    `names` maps typedef'd names to what they stand for."""
    names = names or {}
    words = []
    for word in re.sub(r"\*", " * ", type_text).replace("metal::", "").split():
        for _ in range(8):
            word = names.get(word, word)
        words += word.replace("metal::", "").split()
    words = [w for w in words if w not in ("const", "constant", "device", "thread", "threadgroup")]
    bare = " ".join(words)
    if bare.endswith("*"):
        pointee = bare[:-1].strip()
        return {"float": "floatArray", "half4": "colorArray"}.get(pointee, "data")
    if bare.startswith("texture2d"):
        return "image"
    return {"float": "float", "half": "float", "float2": "float2", "half2": "float2",
            "float3": "float3", "half3": "float3", "float4": "float4",
            "half4": "color"}.get(bare)


def stitchable_functions(source, folder="."):
    """[(name, line, expected kind or None, [(parameter, class)])] of the `[[ stitchable ]]`
    functions in `source` (a file in `folder`), read from their signatures. The kind is None
    when SwiftUI could not call the function (a first parameter other than float2, a result
    other than half4 or float2, or an argument it cannot pass)."""
    names = aliases(source, folder)
    text = without_comments(source)
    found = []
    for match in re.finditer(r"\[\[\s*stitchable\s*\]\]\s*([\w:<>\s]+?)\s+(\w+)\s*\(", text):
        result = argument_class(match.group(1).split()[-1], names)
        name = match.group(2)
        depth, end = 1, match.end()
        while depth and end < len(text):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        parameters = []
        for item in split_top_level(text[match.end():end - 1]):
            item = re.sub(r"\[\[.*?\]\]", "", item.split("=")[0]).strip()
            words = re.findall(r"[\w:]+(?:<[^>]*>)?|\*|&", item)
            parameters.append((" ".join(words[:-1]), words[-1] if words else ""))
        line = text[:match.start()].count("\n") + 1
        kind, rest = None, parameters[1:]
        if parameters and argument_class(parameters[0][0], names) == "float2":
            second = argument_class(rest[0][0], names) if rest else None
            if result == "float2":
                kind = "distortion"
            elif result in ("color", "float4"):
                if rest and rest[0][0].replace("metal::", "").endswith("SwiftUI::Layer"):
                    kind, rest = "layer", rest[1:]
                elif second == "color":
                    kind, rest = "color", rest[1:]
                else:
                    kind = "fill"
        expected, index = [], 0
        while index < len(rest):
            written, parameter = rest[index]
            expected.append((parameter, argument_class(written, names)))
            index += 2 if written.rstrip().endswith("*") and index + 1 < len(rest) else 1
        if any(type_class is None for _, type_class in expected):
            kind = None
        found.append((name, line, kind, expected))
    return found


def listed_class(parameter):
    """The argument class of a listed parameter: `class` when measure_file set it (the listed
    type, which is as Metal spells it, with the file's typedefs resolved), else its type's."""
    return parameter.get("class") or argument_class(parameter["type"]) or parameter["type"]


def first_error(text):
    """The first line of layerfx's standard error that says `error`, else its first line."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return next((line for line in lines if "error" in line), lines[0] if lines else "")


def cause_of(error, source, names):
    """The failure's cause: a known one (CAUSES), a signature written with a typedef'd name
    (`names`), or the error's own words without file, line and function."""
    located = re.search(r"\.(?:metal|h|hpp):(\d+)(?::\d+)?:", error)
    context = error
    lines = source.splitlines()
    if located and int(located.group(1)) <= len(lines):
        context += " " + lines[int(located.group(1)) - 1]
    signature = re.search(r"first parameter must be|cannot pass|SwiftUI's shaders return", error)
    if signature and any(re.search(r"\b" + re.escape(n) + r"\b", context) for n in names):
        return "parameter types written through a typedef"
    for pattern, cause in CAUSES:
        if re.search(pattern, context):
            return cause
    return re.sub(r"^(layerfx: error: )?(\S+?:\d+(:\d+)?: (error: |\w+: )?)?", "", error)


def run(command, timeout, environment):
    """(exit status or None on timeout, standard output, standard error, seconds) of
    `command`."""
    started = time.monotonic()
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                                env=environment)
        return result.returncode, result.stdout, result.stderr, time.monotonic() - started
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {timeout:.0f} s", time.monotonic() - started


def argument_value(parameter, width, height, card, number):
    """The --arg value for one listed parameter; `number` is the value of a plain float."""
    name, type_class = parameter["name"], listed_class(parameter)
    if type_class == "float":
        value = number
        bounds = parameter.get("range") or {}
        low = bounds.get("minimum", bounds.get("exclusiveMinimum"))
        high = bounds.get("maximum", bounds.get("exclusiveMaximum"))
        if low is not None and value < low:
            value = low + (1 if "exclusiveMinimum" in bounds else 0)
        if high is not None and value > high:
            value = high
        return repr(float(value))
    if type_class == "float2":
        return f"{width},{height}" if SIZE_NAMES.search(name) else f"{width / 2},{height / 2}"
    if type_class == "float3":
        return "0.5,0.5,0.5"
    if type_class == "float4":
        return "bounds" if RECT_NAMES.search(name) else "0.5,0.5,0.5,1"
    if type_class == "color":
        return "0.9,0.5,0.2,1"
    if type_class == "floatArray":
        return ",".join(str(round(0.0625 * (k + 1), 4)) for k in range(16))
    if type_class == "colorArray":
        return ";".join(f"{k / 7:.3f},{1 - k / 7:.3f},0.5,1" for k in range(8))
    if type_class == "data":
        return "0102030405060708"
    if type_class == "image":
        return card
    return "1"


def render(arguments, path, function, card, scratch, environment, number=1.0):
    """(outcome, error) of one function rendered with default-ish arguments, plain floats
    `number`. An all-transparent result is tried again with floats 0.5 on the test card at
    half opacity: a transition's progress of 1 may rightly leave nothing, and so may an alpha
    inversion of an opaque card ("blank at first"); a NaN leaves nothing at both."""
    width, height = (int(v) for v in arguments.size.lower().split("x"))
    output = os.path.join(scratch, "out.png")
    if os.path.exists(output):
        os.remove(output)
    reference = f"{path}:{function['name']}"
    if function["kind"] == "fill":
        command = [arguments.layerfx, "render", reference, "--size", arguments.size]
    else:
        command = [arguments.layerfx, "apply", reference, card]
        if function["kind"] in ("layer", "distortion"):
            command += ["--max-sample-offset", "8,8"]
    for parameter in function["parameters"]:
        if parameter.get("default") is None:
            value = argument_value(parameter, width, height, card, number)
            command += ["--arg", f"{parameter['name']}={value}"]
    command += ["-o", output]
    status, _, error, _ = run(command, arguments.timeout, environment)
    if status is None:
        return "hang", error
    if status != 0:
        fault = re.search(r"fault|signal|SIG[A-Z]+", error)
        return ("fault" if fault else "error"), first_error(error)
    alpha = np.asarray(Image.open(output).convert("RGBA"))[..., 3]
    if alpha.any():
        return "ok", "" if number == 1.0 else "blank at first"
    if number == 1.0:
        translucent = os.path.join(scratch, "card-half.png")
        straight = np.asarray(Image.open(card).convert("RGBA")).copy()
        straight[..., 3] //= 2
        Image.fromarray(straight).save(translucent)
        return render(arguments, path, function, translucent, scratch, environment, 0.5)
    return "blank", "all transparent with floats 1 and 0.5, and on a half-opaque card"


def reference_names(folder):
    names = set()
    for base, _, files in os.walk(folder or ""):
        for name in files:
            if name.endswith(".metal"):
                source = open(os.path.join(base, name), encoding="utf-8", errors="replace").read()
                names.update(f[0] for f in stitchable_functions(source))
    return names


def metal_files(repos):
    for repository in sorted(os.listdir(repos)):
        for base, folders, files in sorted(os.walk(os.path.join(repos, repository))):
            folders.sort()
            for name in sorted(files):
                if name.endswith(".metal"):
                    yield repository, os.path.join(base, name)


def measure_file(arguments, repository, path, card, scratch, environment):
    """The rows of one .metal file's stitchable functions."""
    source = open(path, encoding="utf-8", errors="replace").read()
    expected = stitchable_functions(source, os.path.dirname(path))
    names = aliases(source, os.path.dirname(path))
    if not expected:
        return [], None
    status, listing, error, seconds = run([arguments.layerfx, "list", "--json", path],
                                          arguments.compile_timeout, environment)
    relative = os.path.relpath(path, os.path.join(arguments.repos, repository))
    listed = {}
    if status == 0:
        listed = {f["name"]: f for f in json.loads(listing)}
        for parameter in (p for f in listed.values() for p in f["parameters"]):
            parameter["class"] = argument_class(parameter["type"], names)
    rows = []
    for name, line, kind, parameters in expected:
        row = {"repository": repository, "file": relative, "line": line, "function": name,
               "expectedKind": kind or "not a SwiftUI signature", "compiles": status == 0,
               "listed": "", "outcome": "", "cause": "", "error": ""}
        if status != 0:
            row.update(listed="no", outcome="not run",
                       error=first_error(error) if status is not None else error,
                       cause=("hang (compile)" if status is None else
                              cause_of(first_error(error), source, names)))
        elif name not in listed:
            row.update(listed="missing", outcome="not run", cause="not listed")
        else:
            function = listed[name]
            got = [(p["name"], listed_class(p)) for p in function["parameters"]]
            right = function["kind"] == kind and got == parameters
            row["listed"] = "right" if right else f"wrong: {function['kind']} {got}"
            row["outcome"], row["error"] = render(arguments, path, function, card, scratch,
                                                  environment)
            if not right:
                row["cause"] = "listed wrong"
            elif row["outcome"] != "ok":
                row["cause"] = {"blank": "all transparent (NaN?)", "hang": "hang (render)"}.get(
                    row["outcome"], cause_of(row["error"], source, names))
        rows.append(row)
    return rows, seconds if status == 0 else None


def excerpt(error):
    """The telling part of an error line: from `undefined symbol` on, else past the path."""
    at = error.find("undefined symbol")
    if at < 0:
        at = error.find("error: ", error.find(".metal") if ".metal" in error else 0)
    return error[max(at, 0):][:200]


def summary(rows, derived, compile_seconds):
    def rate(subset):
        good = [r for r in subset if r["listed"] == "right" and r["outcome"] == "ok"]
        return {"functions": len(subset), "listedRight": sum(r["listed"] == "right" for r in subset),
                "compiled": sum(r["compiles"] for r in subset),
                "renderedOk": sum(r["outcome"] == "ok" for r in subset),
                "allThree": len(good),
                "rate": round(len(good) / len(subset), 4) if subset else None}
    valid = [r for r in rows if r["expectedKind"] != "not a SwiftUI signature"]
    causes = {}
    for r in valid:
        if r["cause"]:
            causes.setdefault(r["cause"], []).append(r)
    times = sorted(compile_seconds)
    return {
        "repositories": len({r["repository"] for r in rows}),
        "files": len({(r["repository"], r["file"]) for r in rows}),
        "notSwiftUISignatures": len(rows) - len(valid),
        "all": rate(valid),
        "heldOut": rate([r for r in valid if r["function"] not in derived]),
        "compileSecondsMedian": times[len(times) // 2] if times else None,
        "compileSecondsP90": times[int(0.9 * (len(times) - 1))] if times else None,
        "causes": [{"cause": cause, "functions": len(group),
                    "files": len({(r["repository"], r["file"]) for r in group}),
                    "examples": [f"{r['repository']}/{r['file']}:{r['line']} {r['function']}: "
                                 f"{excerpt(r['error'])}" for r in group[:3]]}
                   for cause, group in sorted(causes.items(), key=lambda c: -len(c[1]))],
        "byRepository": {repo: rate([r for r in valid if r["repository"] == repo])
                         for repo in sorted({r["repository"] for r in valid})},
    }


def regrouped(arguments):
    """The rows of --from-csv with each failure's cause found again from its error line."""
    rows = list(csv.DictReader(open(arguments.from_csv, encoding="utf-8")))
    for row in rows:
        row["compiles"] = row["compiles"] == "True"
        if row["cause"] and row["error"] and arguments.repos:
            path = os.path.join(arguments.repos, row["repository"], row["file"])
            source = open(path, encoding="utf-8", errors="replace").read()
            row["cause"] = cause_of(row["error"], source, aliases(source, os.path.dirname(path)))
    return rows


def main():
    arguments = parse_arguments()
    derived = reference_names(arguments.reference)
    if arguments.from_csv:
        report = {"summary": summary(regrouped(arguments), derived, [])}
        print(json.dumps(report, indent=2))
        return 0 if (report["summary"]["heldOut"]["rate"] or 0) >= 0.95 else 1
    rows, compile_seconds = [], []
    with tempfile.TemporaryDirectory() as scratch:
        environment = dict(os.environ, LAYERFX_CACHE=os.path.join(scratch, "cache"))
        card = os.path.join(scratch, "card.png")
        subprocess.run([arguments.layerfx, "render", "testCard", "--size", arguments.size,
                        "-o", card], check=True, env=environment)
        files = list(metal_files(arguments.repos))
        for index, (repository, path) in enumerate(files):
            found, seconds = measure_file(arguments, repository, path, card, scratch,
                                          environment)
            rows += found
            if seconds is not None:
                compile_seconds.append(seconds)
            for row in found:
                print(f"[{index + 1}/{len(files)}] {repository}/{row['file']} {row['function']}: "
                      f"{row['listed'] or '-'} {row['outcome']} {row['cause']}",
                      file=sys.stderr, flush=True)
    if arguments.csv and rows:
        with open(arguments.csv, "w", newline="", encoding="utf-8") as file:
            writer = csv.DictWriter(file, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    report = {"summary": summary(rows, derived, compile_seconds)}
    if arguments.json:
        report["rows"] = rows
    print(json.dumps(report, indent=2))
    rate = report["summary"]["heldOut"]["rate"]
    return 0 if rate is not None and rate >= 0.95 else 1


if __name__ == "__main__":
    sys.exit(main())
