#!/usr/bin/env python3
"""Runs every fragment shader of Archetapp/MetalShaders through `layerfx render` as a fill and
compares it with Mesa llvmpipe's render of its GLSL twin: per shader whether the wrapped .metal
compiles and renders, the largest 8-bit code difference and the share of pixels whose every
channel is within 1 code, with the cause of each failure. Exits 1 when a candidate (below)
misses the bar other than through its twin or an ill-conditioned picture (or a NOTES entry).

Archetapp/MetalShaders (public, by Jared Davidson) is not part of this repository: point
--corpus (or $LAYERFX_ARCHETAPP) at a checkout. Each MetalShaders/ShaderResources/SLUG/ holds
shader.msl (one `fragment float4 NAME(VertexOut in [[stage_in]], constant float &iTime
[[buffer(0)]], constant float2 &iResolution [[buffer(1)]])`) and shader.frag (its GLSL ES 3.00
twin, by the same author, with uniforms iTime and iResolution).

The wrapper (what `wrap` writes; nothing else of the source changes): the fragment function
becomes a plain function `NAME_fragment(VertexOut in, float iTime, float2 iResolution)` (the
`fragment` keyword, the `[[stage_in]]`/`[[buffer(n)]]` attributes and the `constant T &`
references dropped), and a fill is appended,

    [[ stitchable ]] half4 NAME(float2 position, float iTime, float2 iResolution)

which fills `in` as the corpus app's vertex function does and returns the fragment's colour as
half4. The app (MetalShaders/Shaders.metal) draws a full-screen quad whose `uv` is the clip
position × 0.5 + 0.5, so at the pixel centre `position` (Metal's [[position]], points, y down)
`in.uv` = (x / width, 1 − y / height): uv's y points up, [[position]]'s down.

Orientation: the GL framebuffer's row j (as read back) has gl_FragCoord.y = j + 0.5, and
LayerFX's row j has position.y = j + 0.5. A shader that reads `in.position` therefore computes
the same values as its twin (which reads gl_FragCoord) row for row, and is compared unflipped;
one that reads `in.uv` computes row j what the twin computes in row height − 1 − j, and is
compared against the flipped GL image. A shader that reads both is compared both ways and
marked `mixed` (its twin cannot match it in both).

Store: LayerFX stores the fill's half4 as premultiplied (Documentation/Semantics.md §3.5); the
GL side's float framebuffer goes through the same store (metal_vs_llvmpipe.store), so an alpha
below 1 is read alike on both sides. `half` is float on both (layerfx's default).

Candidates: issue 24's bar (within 1 code on ≥ 99.9 % of pixels) applies to shaders whose
twin is a faithful translation, with neither iMouse nor the `fract(sin(…) * 43758.5…)` hash,
which no two GPUs compute alike; a shader is `hash` when its fragment function (or its twin's
main) calls, directly or through other functions, one that holds 43758.

A second reference tells a twin that is not faithful from a difference in LayerFX: `translate`
turns the .metal itself mechanically into GLSL 4.50 (types renamed, Metal's fmod, fract,
saturate and select written out as the MSL specification defines them, `in.position` =
gl_FragCoord, `in.uv` as the app's vertex function makes it) and llvmpipe renders that too.
A candidate that misses the bar against its twin but meets it against the translation is
counted as `twin not faithful`. One that misses both is `ill-conditioned` when llvmpipe's own
render of the translation moves past the bar under a 4-ulp change of its inputs, or `pow of a
negative base` when LayerFX meets the bar against the translation once `pow` is written as C's
pow for integral exponents (the diagnostic wrapper FOLDED_POW; GPU compilers fold a constant
integral exponent into multiplications); anything else is left to NOTES (traced by hand).

Compile time: each wrapper is first listed (`layerfx list --json`, which compiles) with a cache
folder of its own (cold) and the wall time is recorded; the render then hits the cache.

Requires: pip install moderngl numpy pillow; Debian's libegl1 and libgl1-mesa-dri.
Usage: python3 Benchmarks/peers/archetapp_vs_llvmpipe.py [--corpus DIR] [--layerfx PATH]
           [--size WxH] [--time T] [--only SLUG,...] [--csv OUT.csv] [--keep DIR] [--json]
"""
import argparse
import csv
import json
import os
import re
import sys
import tempfile

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from metal_vs_llvmpipe import store  # noqa: E402  (the shared §3.5 store)
from stitchable_corpus import first_error, run, split_top_level  # noqa: E402

# Shaders whose twin, read side by side with the .metal, is not a faithful translation or
# whose picture is ill-conditioned: slug → the traced reason. A failing faithful shader with a
# note here is reported, not counted against the bar.
NOTES = {}

# Causes of a compile failure, from the first error line: (pattern, cause).
COMPILE_CAUSES = [
    (r"\bthread\b.*\b(keyword|reserved)|\b(keyword|reserved)\b.*\bthread\b",
     "keyword `thread` as a name, named in the message"),
    (r"expected expression.*\bthread\b", "keyword `thread` as a name, message silent on it"),
    (r"\b(float|half)[234]x[234]\b|matrix", "matrix types"),
    (r"undefined symbol", "undefined symbol at load"),
    (r"no matching (function|constructor)", "missing overload"),
    (r"unknown type name", "unknown type"),
    (r"undeclared identifier", "undeclared identifier"),
]

VERTEX = "in vec2 corner;\nvoid main() { gl_Position = vec4(corner, 0.0, 1.0); }\n"


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default=os.environ.get("LAYERFX_ARCHETAPP"),
                        help="an Archetapp/MetalShaders checkout (default $LAYERFX_ARCHETAPP)")
    parser.add_argument("--layerfx", default=os.path.join(ROOT, ".build", "release", "layerfx"))
    parser.add_argument("--size", default="256x144", help="render size, WxH pixels")
    parser.add_argument("--time", type=float, default=1.3, help="iTime, seconds")
    parser.add_argument("--only", help="comma-separated slugs")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per layerfx call")
    parser.add_argument("--csv", help="write the per-shader table here")
    parser.add_argument("--keep", help="write the wrapped .metal files and PNGs into this folder")
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    if not arguments.corpus:
        parser.error("give --corpus DIR or set LAYERFX_ARCHETAPP to an Archetapp/MetalShaders "
                     "checkout")
    return arguments


def shader_folders(corpus):
    """(slug, folder) of every ShaderResources/SLUG holding shader.msl and shader.frag."""
    for base in (os.path.join(corpus, "MetalShaders", "ShaderResources"),
                 os.path.join(corpus, "ShaderResources"), corpus):
        if os.path.isdir(base) and any(
                os.path.isfile(os.path.join(base, s, "shader.msl")) for s in os.listdir(base)):
            return [(s, os.path.join(base, s)) for s in sorted(os.listdir(base))
                    if os.path.isfile(os.path.join(base, s, "shader.msl"))
                    and os.path.isfile(os.path.join(base, s, "shader.frag"))]
    raise SystemExit(f"archetapp_vs_llvmpipe: {corpus}: no ShaderResources/*/shader.msl "
                     "(is it an Archetapp/MetalShaders checkout?)")


# For `wrap(fold_pow=True)`: pow with an integral exponent as C's pow computes it (exact sign
# for a negative base, as x·x… that GPU compilers fold a constant exponent into), else Metal's.
FOLDED_POW = """
static inline float lfx_folded_pow(float x, float y) {
    if (x < 0.0f && y == floor(y)) {
        float magnitude = pow(-x, y);
        return fmod(y, 2.0f) == 0.0f ? magnitude : -magnitude;
    }
    return pow(x, y);
}
static inline float2 lfx_folded_pow(float2 x, float2 y) {
    return float2(lfx_folded_pow(x.x, y.x), lfx_folded_pow(x.y, y.y));
}
static inline float3 lfx_folded_pow(float3 x, float3 y) {
    return float3(lfx_folded_pow(x.x, y.x), lfx_folded_pow(x.y, y.y), lfx_folded_pow(x.z, y.z));
}
static inline float4 lfx_folded_pow(float4 x, float4 y) {
    return float4(lfx_folded_pow(x.x, y.x), lfx_folded_pow(x.y, y.y), lfx_folded_pow(x.z, y.z),
                  lfx_folded_pow(x.w, y.w));
}
#define pow(x, y) lfx_folded_pow(x, y)
"""


def wrap(source, fold_pow=False):
    """The source with its fragment function made plain and a stitchable fill appended:
    (wrapped source, fill name); with `fold_pow`, pow goes through FOLDED_POW (a diagnostic:
    the source is then no longer as written). Raises ValueError when there is no fragment
    function."""
    match = re.search(r"\bfragment\s+float4\s+(\w+)\s*\(", source)
    if not match:
        raise ValueError("no `fragment float4 NAME(` function")
    name, depth, end = match.group(1), 1, match.end()
    while depth:
        depth += {"(": 1, ")": -1}.get(source[end], 0)
        end += 1
    stage, plain, uniforms = None, [], []
    for parameter in split_top_level(source[match.end():end - 1]):
        attributes = re.findall(r"\[\[\s*(\w+)", parameter)
        bare = re.sub(r"\[\[.*?\]\]", "", parameter)
        bare = re.sub(r"\b(constant|device|const)\b|&", " ", bare).split()
        declaration = f"{' '.join(bare[:-1])} {bare[-1]}"
        plain.append(declaration)
        if "stage_in" in attributes:
            stage = (" ".join(bare[:-1]), bare[-1])
        else:
            uniforms.append((" ".join(bare[:-1]), bare[-1]))
    if stage is None:
        raise ValueError(f"{name}: no [[stage_in]] parameter")
    body = f"{name}_fragment"
    signature = f"static float4 {body}({', '.join(plain)})"
    wrapped = source[:match.start()] + signature + source[end:]
    stage_type, stage_name = stage
    fields = re.search(r"struct\s+" + re.escape(stage_type) + r"\s*\{([^}]*)\}", source)
    lines = [f"    {stage_type} {stage_name};",
             f"    {stage_name}.position = float4(position, 0.0, 1.0);"]
    resolution = next((n for t, n in uniforms if t == "float2"), None)
    if fields and re.search(r"\buv\b", fields.group(1)) and resolution:
        lines.append(f"    {stage_name}.uv = float2(position.x / {resolution}.x, "
                     f"1.0 - position.y / {resolution}.y);")
    arguments = ", ".join([stage_name] + [n for _, n in uniforms])
    if fold_pow:
        namespace = re.search(r"using\s+namespace\s+metal\s*;", wrapped)
        if namespace:
            wrapped = wrapped[:namespace.end()] + FOLDED_POW + wrapped[namespace.end():]
    wrapped += ("\n[[ stitchable ]] half4 " + name + "(float2 position, "
                + ", ".join(f"{t} {n}" for t, n in uniforms) + ") {\n"
                + "\n".join(lines) + f"\n    return half4({body}({arguments}));\n}}\n")
    return wrapped, name


# The translation's GLSL 4.50 prelude (desktop GLSL converts int to float implicitly, as Metal
# does) with Metal's constants (MSL specification §6.5).
TRANSLATION_PRELUDE = """#version 450
uniform float iTime;
uniform vec2 iResolution;
uniform vec2 jitter;
out vec4 fragColor;
#define M_PI_F 3.14159265358979323846
#define M_PI_2_F 1.57079632679489661923
#define M_PI_4_F 0.78539816339744830962
#define M_1_PI_F 0.31830988618379067154
#define M_2_PI_F 0.63661977236758134308
#define M_E_F 2.71828182845904523536
#define M_SQRT2_F 1.41421356237309504880
#define M_LN2_F 0.69314718055994530942
#define MAXFLOAT 3.402823466e+38
#define FLT_MAX 3.402823466e+38
"""


def overloads():
    """The Metal functions GLSL lacks or defines otherwise, for float and vec2…vec4, written
    from the MSL specification (§6.2 common, §6.5 math functions): fmod truncates (C's fmod;
    GLSL's mod floors), fract is min(x − floor x, 0x1.fffffep-1), saturate clamps to [0, 1],
    select(a, b, c) is c ? b : a, length_squared is dot(x, x)."""
    text = ""
    for t, condition in (("float", "bool"), ("vec2", "bvec2"), ("vec3", "bvec3"), ("vec4", "bvec4")):
        choose = "c ? b : a" if t == "float" else "mix(a, b, c)"
        text += (f"{t} mtl_fmod({t} x, {t} y) {{ return x - y * trunc(x / y); }}\n"
                 f"{t} mtl_fract({t} x) {{ return min(x - floor(x), {t}(0.99999994)); }}\n"
                 f"{t} mtl_saturate({t} x) {{ return clamp(x, 0.0, 1.0); }}\n"
                 f"float length_squared({t} x) {{ return dot(x, x); }}\n"
                 f"float distance_squared({t} x, {t} y) {{ return dot(x - y, x - y); }}\n"
                 f"{t} mtl_select({t} a, {t} b, {condition} c) {{ return {choose}; }}\n")
        if t != "float":
            text += f"{t} mtl_fmod({t} x, float y) {{ return x - y * trunc(x / y); }}\n"
    return text


GLSL_RESERVED = ("input output sample filter active common partition smooth flat patch buffer "
                 "shared coherent volatile restrict readonly writeonly resource subroutine "
                 "invariant precise fixed superp lowp mediump highp precision attribute "
                 "varying uniform layout centroid noperspective packed goto noinline public "
                 "extern external interface long short double unsigned sizeof cast namespace "
                 "template this union enum class asm out inout texture").split()


def translate(msl):
    """A mechanical GLSL 4.50 translation of the corpus's .metal (its fragment function called
    from main with `in.position` = gl_FragCoord and `in.uv` as the app's vertex function
    makes it): a second implementation of the same source, for telling a twin that is not a
    faithful translation from a difference in LayerFX. Raises ValueError for a source it
    cannot translate."""
    wrapped, name = wrap(msl)
    text = wrapped[:wrapped.rindex("[[ stitchable ]]")]
    text = re.sub(r"#\s*include[^\n]*|using\s+namespace\s+metal\s*;|\[\[[^\]]*\]\]", "", text)
    text = re.sub(r"\b(metal|fast|precise)::", "", text)
    for word in GLSL_RESERVED:
        text = re.sub(r"\b" + word + r"\b", word + "_", text)
    text = re.sub(r"\bthread\s+(\w+)\s*&\s*(\w+)", r"inout \1 \2", text)
    text = re.sub(r"\b(?:const\s+)?((?:float|half|int|uint|bool)[234]?)\s*&\s*([A-Za-z_]\w*)\s*([,)])",
                  r"inout \1 \2\3", text)
    text = re.sub(r"\b(static|inline|thread|device)\s+", "", text)
    text = re.sub(r"\bconstant\b", "const", text)
    text = re.sub(r"\bstatic_cast<(\w+)>", r"\1", text)
    text = re.sub(r"\bin\b", "vin", text)
    types = {"float2x2": "mat2", "float3x3": "mat3", "float4x4": "mat4", "half2x2": "mat2",
             "half3x3": "mat3", "half4x4": "mat4", "int2": "ivec2", "int3": "ivec3",
             "int4": "ivec4", "uint2": "uvec2", "uint3": "uvec3", "uint4": "uvec4",
             "bool2": "bvec2", "bool3": "bvec3", "bool4": "bvec4"}
    for size in "234":
        types.update({f"float{size}": f"vec{size}", f"half{size}": f"vec{size}"})
    types["half"] = "float"
    for metal_type, glsl_type in types.items():
        text = re.sub(r"\b" + metal_type + r"\b", glsl_type, text)
    functions = {"atan2": "atan", "fmod": "mtl_fmod", "fract": "mtl_fract", "rsqrt": "inversesqrt",
                 "saturate": "mtl_saturate", "fmin": "min", "fmax": "max", "powr": "pow",
                 "select": "mtl_select", "rint": "roundEven"}
    for metal_function, glsl_function in functions.items():
        text = re.sub(r"\b" + metal_function + r"\s*\(", glsl_function + "(", text)
    text = re.sub(r"(?<![\w.])(\d+\.?\d*(?:[eE][-+]?\d+)?)[hHfF]\b", r"\1", text)

    def array(match):
        element, variable, count = match.group(1), match.group(2), match.group(3)
        return f"{element} {variable}[{count}] = {element}[{count}]("
    text = re.sub(r"\b(\w+)\s+(\w+)\s*\[\s*(\w*)\s*\]\s*=\s*\{", array, text)
    text = re.sub(r"(\w\[\w*\]\([^{};]*?)\}\s*;", r"\1);", text)
    main = (f"void main() {{\n    VertexOut vin;\n"
            f"    vec2 p = gl_FragCoord.xy + jitter;\n"
            f"    vin.position = vec4(p, 0.0, 1.0);\n"
            f"    vin.uv = vec2(p.x / iResolution.x, 1.0 - p.y / iResolution.y);\n"
            f"    fragColor = {name}_fragment(vin, iTime, iResolution);\n}}\n")
    return TRANSLATION_PRELUDE + overloads() + text + "\n" + main


def compile_cause(error, source):
    """The cause of a compile error: from the error's text, or from the source line it names
    (clang says only "expected expression" where a keyword stands as a name)."""
    located = re.search(r"\.metal:(\d+):\d+:", error)
    lines = source.splitlines()
    if located and int(located.group(1)) <= len(lines):
        error = error + " " + lines[int(located.group(1)) - 1]
    for pattern, cause in COMPILE_CAUSES:
        if re.search(pattern, error):
            return cause
    return "other"


def functions(source):
    """{name: body} of the top-level function definitions of C-like `source`."""
    found = {}
    for match in re.finditer(r"\b(\w+)\s*\([^;{}]*\)\s*\{", source):
        depth, end = 1, match.end()
        while depth and end < len(source):
            depth += {"{": 1, "}": -1}.get(source[end], 0)
            end += 1
        found.setdefault(match.group(1), source[match.end():end])
    return found


def uses_hash(source, entry):
    """Whether `entry` (or a function it calls, transitively) holds the 43758.5 sine hash."""
    bodies = functions(source)
    hashing = {name for name, body in bodies.items() if "43758" in body}
    grown = True
    while grown:
        callers = {name for name, body in bodies.items() if name not in hashing
                   and any(re.search(r"\b" + h + r"\s*\(", body) for h in hashing)}
        hashing |= callers
        grown = bool(callers)
    return entry in hashing


def coordinates(msl):
    uses_uv = re.search(r"\bin\.uv\b", msl) is not None
    uses_position = re.search(r"\bin\.position\b", msl) is not None
    return {(True, False): "uv", (False, True): "position", (True, True): "mixed"}.get(
        (uses_uv, uses_position), "none")


def quad_program(context, source, width, height, seconds, jitter=(0.0, 0.0)):
    """`source` (a fragment shader) drawn over a full-screen quad into a bound RGBA32F
    framebuffer of (width, height) with its uniforms set: (draw, framebuffer, release), where
    draw() draws once and release() frees the GL objects."""
    import moderngl
    version = source.split("\n", 1)[0]  # the vertex shader's GLSL version is the fragment's
    program = context.program(vertex_shader=version + "\n" + VERTEX, fragment_shader=source)
    for uniform, value in (("iTime", seconds), ("iResolution", (float(width), float(height))),
                           ("jitter", jitter)):
        member = program.get(uniform, None)
        if member is not None:
            member.value = value
    quad = context.buffer(np.array([-1, -1, 1, -1, -1, 1, 1, 1], dtype="f4").tobytes())
    vertices = context.vertex_array(program, [(quad, "2f", "corner")])
    target = context.texture((width, height), 4, dtype="f4")
    framebuffer = context.framebuffer(color_attachments=[target])
    framebuffer.use()

    def release():
        for resource in (vertices, quad, program, framebuffer, target):
            resource.release()
    return (lambda: vertices.render(moderngl.TRIANGLE_STRIP)), framebuffer, release


def llvmpipe(context, source, width, height, seconds, jitter=(0.0, 0.0)):
    """`source` (the twin or the translation) rendered at (width, height), iTime = seconds:
    stored codes (int32 H×W×4), row j at gl_FragCoord.y = j + 0.5; the translation's
    positions moved by `jitter` (x, y) points."""
    draw, framebuffer, release = quad_program(context, source, width, height, seconds, jitter)
    draw()
    context.finish()
    output = np.frombuffer(framebuffer.read(components=4, dtype="f4"), dtype=np.float32)
    release()
    return store(output.reshape(height, width, 4))


def conditioning(context, msl, translated, width, height, seconds):
    """How well llvmpipe's render of the translation agrees with itself when its inputs move by
    about 4 ulp (iTime × (1 + 2^-21); x, then y, + 2^-15 points): the smallest share within 1
    code of the three. Below 0.999, rounding differences any two compilers make decide the picture
    (escape-time fractals, chaotic maps), and no bar of 1 code can hold."""
    source = translate(msl)
    shares = [compare(translated, llvmpipe(context, source, width, height, moment, jitter))[1]
              for moment, jitter in ((seconds * (1 + 2 ** -21), (0.0, 0.0)),
                                   (seconds, (2 ** -15, 0.0)), (seconds, (0.0, 2 ** -15)))]
    return min(shares)


def compare(ours, theirs):
    difference = np.abs(ours - theirs).max(axis=-1)
    return int(difference.max()), float((difference <= 1).mean())


def render_wrapped(arguments, name, source, function, out, environment):
    """Writes `source` to OUT/NAME.metal and renders its fill `function` through layerfx at
    --size and --time: (exit status or None on timeout, standard error, stored codes or None)."""
    width, height = (int(v) for v in arguments.size.lower().split("x"))
    metal_path, png = os.path.join(out, f"{name}.metal"), os.path.join(out, f"{name}.png")
    with open(metal_path, "w", encoding="utf-8") as file:
        file.write(source)
    status, _, error, _ = run([arguments.layerfx, "render", f"{metal_path}:{function}",
                               "--size", f"{width}x{height}", "--arg", f"iTime={arguments.time!r}",
                               "--arg", f"iResolution={width},{height}", "-o", png],
                              arguments.timeout, environment)
    codes = np.asarray(Image.open(png).convert("RGBA"), dtype=np.int32) if status == 0 else None
    return status, error, codes


def measure(arguments, context, slug, folder, scratch):
    """One row of the table for the shader in `folder`."""
    width, height = (int(v) for v in arguments.size.lower().split("x"))
    msl = open(os.path.join(folder, "shader.msl"), encoding="utf-8").read()
    frag = open(os.path.join(folder, "shader.frag"), encoding="utf-8").read()
    row = {"slug": slug, "function": "", "coordinates": coordinates(msl),
           "hash": False,
           "mouse": bool(re.search(r"\biMouse\b", msl + frag)),
           "compiles": False, "listed": False, "renders": False, "compileSeconds": None,
           "maxCodeDifference": None, "shareWithinOneCode": None, "flipped": None,
           "translationMaxCodeDifference": None, "translationShareWithinOneCode": None,
           "perturbedShareWithinOneCode": None, "foldedPowShareWithinOneCode": None,
           "cause": "", "error": "", "translationError": "", "note": NOTES.get(slug, "")}
    try:
        wrapped, function = wrap(msl)
    except ValueError as error:
        row.update(cause="no wrappable fragment function", error=str(error))
        return row
    row["hash"] = uses_hash(msl, function) or uses_hash(frag, "main")
    row["candidate"] = not row["hash"] and not row["mouse"]
    row["function"] = function
    out = arguments.keep or scratch
    metal_path = os.path.join(out, f"{slug}.metal")
    with open(metal_path, "w", encoding="utf-8") as file:
        file.write(wrapped)
    environment = dict(os.environ, LAYERFX_CACHE=os.path.join(scratch, "cache", slug))
    status, listing, error, seconds = run([arguments.layerfx, "list", "--json", metal_path],
                                 arguments.timeout, environment)
    row["compileSeconds"] = round(seconds, 3)
    if status != 0:
        row["error"] = first_error(error)
        row["cause"] = ("timeout (compile)" if status is None
                        else compile_cause(row["error"], wrapped))
        return row
    row["compiles"] = True
    listed = json.loads(listing)
    row["listed"] = [(f["name"], f["kind"], [(p["name"], p["type"]) for p in f["parameters"]])
                     for f in listed] == [(function, "fill", [("iTime", "float"),
                                                              ("iResolution", "float2")])]
    status, error, ours = render_wrapped(arguments, slug, wrapped, function, out, environment)
    if status != 0:
        row["error"] = first_error(error)
        row["cause"] = "timeout (render)" if status is None else "render error"
        return row
    row["renders"] = True
    try:
        theirs = llvmpipe(context, frag, width, height, arguments.time)
    except Exception as error:  # moderngl raises its own Error for GLSL that does not compile
        row["cause"] = "twin does not compile on llvmpipe"
        row["error"] = first_error(str(error))
        return row
    candidates = {"position": [False], "uv": [True]}.get(row["coordinates"], [False, True])
    results = [(compare(ours, theirs[::-1] if flip else theirs), flip) for flip in candidates]
    (largest, share), flip = max(results, key=lambda r: (r[0][1], -r[0][0]))
    row.update(maxCodeDifference=largest, shareWithinOneCode=share, flipped=flip)
    translated = None
    try:
        translated = llvmpipe(context, translate(msl), width, height, arguments.time)
        largest, share = compare(ours, translated)
        row.update(translationMaxCodeDifference=largest, translationShareWithinOneCode=share)
    except Exception as error:  # a source the translation cannot carry over, or GLSL errors
        row["translationError"] = first_error(str(error))
    if translated is not None and row["translationShareWithinOneCode"] < 0.999:
        row["perturbedShareWithinOneCode"] = conditioning(context, msl, translated, width, height,
                                                          arguments.time)
    if (translated is not None and row["translationShareWithinOneCode"] < 0.999
            and re.search(r"\bpow\s*\(", msl)):
        status, _, folded = render_wrapped(arguments, slug + ".folded-pow",
                                           wrap(msl, fold_pow=True)[0], function, out, environment)
        if status == 0:
            row["foldedPowShareWithinOneCode"] = compare(folded, translated)[1]
    if row["shareWithinOneCode"] < 0.999:
        translation_matches = (row["translationShareWithinOneCode"] or 0) >= 0.999
        pow_explains = (row["foldedPowShareWithinOneCode"] or 0) >= 0.999
        ill_conditioned = (row["perturbedShareWithinOneCode"] or 1) < 0.999
        row["cause"] = ("hash (not held to the bar)" if row["hash"]
                        else "twin not faithful (the .metal's own translation matches)"
                        if translation_matches
                        else "pow of a negative base (NaN here; llvmpipe folds a constant "
                             "integral exponent, and so folded here it matches)" if pow_explains
                        else "ill-conditioned (llvmpipe differs from itself under a 4-ulp "
                             "change of its inputs)" if ill_conditioned
                        else "mixed in.uv and in.position" if row["coordinates"] == "mixed"
                        else "differs from llvmpipe on the .metal's own code"
                        if translated is not None
                        else "differs from the twin (no translation)")
    if arguments.keep:
        Image.fromarray((theirs[::-1] if flip else theirs).astype(np.uint8)).save(
            os.path.join(out, f"{slug}.llvmpipe.png"))
        if translated is not None:
            Image.fromarray(translated.astype(np.uint8)).save(
                os.path.join(out, f"{slug}.translation.png"))
    return row


def write_csv(path, rows):
    """The per-shader `rows` (dicts with the same keys) as a CSV file at `path`."""
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def summary(rows):
    candidates = [r for r in rows if r["candidate"]]
    passing = [r for r in candidates if r["shareWithinOneCode"] is not None
               and r["shareWithinOneCode"] >= 0.999]
    causes = {}
    for r in rows:
        if r["cause"]:
            causes.setdefault(r["cause"], []).append(r["slug"])
    times = sorted(r["compileSeconds"] for r in rows if r["compiles"])
    return {
        "shaders": len(rows), "compile": sum(r["compiles"] for r in rows),
        "listedRight": sum(bool(r["listed"]) for r in rows),
        "render": sum(r["renders"] for r in rows),
        "candidates": len(candidates), "candidatesWithinBar": len(passing),
        "candidatesTwinNotFaithful": sum(1 for r in candidates
                                         if r["cause"].startswith("twin not")),
        "candidatesIllConditioned": sum(1 for r in candidates
                                        if r["cause"].startswith("ill-conditioned")),
        "candidatesMissing": [f"{r['slug']}: {r['cause']}" for r in candidates
                              if r not in passing and not r["note"]
                              and not r["cause"].startswith(("twin not", "ill-conditioned"))],
        "translationWithinBar": sum(1 for r in rows
                                    if (r["translationShareWithinOneCode"] or 0) >= 0.999),
        "translated": sum(1 for r in rows if r["translationShareWithinOneCode"] is not None),
        "allWithinBar": sum(1 for r in rows if r["shareWithinOneCode"] is not None
                            and r["shareWithinOneCode"] >= 0.999),
        "compileSecondsMedian": times[len(times) // 2] if times else None,
        "compileSecondsP90": times[int(0.9 * (len(times) - 1))] if times else None,
        "causes": {cause: {"count": len(slugs), "examples": slugs[:8]}
                   for cause, slugs in sorted(causes.items(), key=lambda c: -len(c[1]))},
    }


def main():
    arguments = parse_arguments()
    import moderngl
    context = moderngl.create_standalone_context(backend="egl")
    folders = shader_folders(arguments.corpus)
    if arguments.only:
        wanted = set(arguments.only.split(","))
        folders = [(s, f) for s, f in folders if s in wanted]
    if arguments.keep:
        os.makedirs(arguments.keep, exist_ok=True)
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for index, (slug, folder) in enumerate(folders):
            row = measure(arguments, context, slug, folder, scratch)
            rows.append(row)
            share = row["shareWithinOneCode"]
            figures = ("" if share is None else
                       f"max {row['maxCodeDifference']:3} within 1 {100 * share:8.4f} %")
            print(f"[{index + 1}/{len(folders)}] {slug:32} "
                  f"{'compiles' if row['compiles'] else 'FAILS   '} {figures} "
                  f"{row['cause']} {row['error'][:100]}", file=sys.stderr, flush=True)
    if arguments.csv:
        write_csv(arguments.csv, rows)
    report = {"renderer": context.info["GL_RENDERER"], "size": arguments.size,
              "time": arguments.time, "summary": summary(rows)}
    if arguments.json:
        report["rows"] = rows
    print(json.dumps(report, indent=2))
    return 0 if not report["summary"]["candidatesMissing"] else 1


if __name__ == "__main__":
    sys.exit(main())
