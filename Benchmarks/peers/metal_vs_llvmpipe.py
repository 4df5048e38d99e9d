#!/usr/bin/env python3
"""Renders six of Inferno's shaders (two colour, two distortion, two layer effects) through
`layerfx apply INFERNO.metal:FUNCTION` (the .metal runner, the files unmodified) and through an
independent GLSL translation on Mesa llvmpipe, on the test card and a photo, and compares the
stored 8-bit codes: prints per effect and image the largest code difference and the share of
pixels whose every channel is within 1 code. Exits 1 when a share is below 99.9 %.

Inferno (github.com/twostraws/Inferno, MIT) is not part of this repository: point --inferno (or
$LAYERFX_INFERNO) at a checkout. The GLSL below was written for this script from reading the
Metal functions; each keeps the Metal function's order of operations.

The GLSL side follows Documentation/Semantics.md exactly as LayerFX does:
  * Input (§3.3): the PNG's codes / 255, premultiplied, in an RGBA32F texture, so the GPU side
    reads the same floats LayerFX does (no 8-bit rounding of the premultiplied input).
  * Layer (§4.1, §4.2): the image inside a margin of `pad` transparent pixels per side (the
    --max-sample-offset given to layerfx), read with GL_LINEAR + CLAMP_TO_EDGE: the clamp to the
    outermost texel centres and the bilinear blend of §4.2. A distortion effect's result is the
    layer sampled at the returned position (§4.3).
  * Positions (§2.3): gl_FragCoord.xy, pixel centres in points, y down (row j of the
    framebuffer is row j of the image in memory).
  * Store (§3.5): the float framebuffer read back, premultiplied channels clamped to [0, 1]
    (NaN as 0), colour divided by alpha and clamped, rounded to nearest with halves up.
  * Metal `half` is float on both sides (layerfx's default `--half float`); MSL's `h` literals
    are written as plain float literals (0.05h is 0.0500488 in binary16; the difference is far
    below one code here).

Requires: pip install moderngl numpy pillow; Debian's libegl1 and libgl1-mesa-dri.
Usage: python3 Benchmarks/peers/metal_vs_llvmpipe.py [--inferno DIR] [--layerfx PATH]
           [--photo FILE.png] [--card WxH] [--json]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# The six effects: Inferno file, function, kind, arguments (layerfx's --arg forms; `time` goes
# through --time, the animation clock), the padding in pixels per axis (layerfx's
# --max-sample-offset; zero for colour effects) and the GLSL translation. In the GLSL, `size`
# is the image's size in points, `sampleLayer(p)` is SwiftUI::Layer::sample and colour
# effects get the input pixel as `color`.
EFFECTS = [
    {
        "name": "infrared", "file": "Infrared.metal", "kind": "color", "arguments": {},
        "glsl": """
        vec4 effect(vec2 position, vec4 color) {
          if (color.a > 0.0) {
            vec3 cold = vec3(0.0, 0.0, 1.0);
            vec3 medium = vec3(1.0, 1.0, 0.0);
            vec3 hot = vec3(1.0, 0.0, 0.0);
            float luma = dot(color.rgb, vec3(0.2125, 0.7154, 0.0721));
            vec3 heat = luma < 0.5 ? mix(cold, medium, luma / 0.5)
                                   : mix(medium, hot, (luma - 0.5) / 0.5);
            return vec4(heat, 1.0) * color.a;
          }
          return color;
        }
        """,
    },
    {
        "name": "circleWave", "file": "CircleWaveTransformation.metal", "kind": "color",
        "arguments": {"size": "SIZE", "time": 1.3, "brightness": 1.5, "speed": 1.0,
                      "strength": 1.2, "density": 40.0, "center": (0.5, 0.45),
                      "circleColor": (1.0, 0.6, 0.2, 1.0)},
        "glsl": """
        uniform float time, brightness, speed, strength, density;
        uniform vec2 center;
        uniform vec4 circleColor;
        vec4 effect(vec2 position, vec4 color) {
          if (color.a > 0.0) {
            vec2 delta = position / size - center;
            delta.x *= size.x / size.y;
            float distanceFromCentre = sqrt(delta.x * delta.x + delta.y * delta.y);
            float phase = -(time * speed * 10.0);
            vec3 tint = circleColor.rgb * vec3(brightness);
            float falloff = pow(1.0 - distanceFromCentre, 3.0) * strength;
            float wave = 0.5 * cos(phase + density * distanceFromCentre) + 0.5;
            float luma = falloff * (strength + wave);
            luma *= 1.0 - distanceFromCentre * 2.0;
            luma = max(0.0, luma);
            return vec4(tint * luma, luma) * color.a;
          }
          return color;
        }
        """,
    },
    {
        "name": "wave", "file": "Wave.metal", "kind": "distortion",
        "arguments": {"time": 0.7, "speed": 5.0, "smoothing": 20.0, "strength": 10.0},
        "pad": (0, 10),
        "glsl": """
        uniform float time, speed, smoothing, strength;
        vec2 distort(vec2 position) {
          position.y += sin(time * speed + position.x / smoothing) * strength;
          return position;
        }
        """,
    },
    {
        "name": "water", "file": "Water.metal", "kind": "distortion",
        "arguments": {"size": "SIZE", "time": 0.7, "speed": 3.0, "strength": 3.0,
                      "frequency": 10.0},
        # |sin| × strength / 100 × size: at most 3 % of each side.
        "pad": "WATER",
        "glsl": """
        uniform float time, speed, strength, frequency;
        vec2 distort(vec2 position) {
          vec2 uv = position / size;
          float drift = time * speed * 0.05;
          float amount = strength / 100.0;
          uv.x += sin((uv.x + drift) * frequency) * amount;
          uv.y += cos((uv.y + drift) * frequency) * amount;
          return uv * size;
        }
        """,
    },
    {
        "name": "emboss", "file": "Emboss.metal", "kind": "layer",
        "arguments": {"strength": 2.0}, "pad": (1, 1),
        "glsl": """
        uniform float strength;
        vec4 effect(vec2 position) {
          vec4 current = sampleLayer(position);
          vec4 embossed = current;
          embossed += sampleLayer(position + 1.0) * strength;
          embossed -= sampleLayer(position - 1.0) * strength;
          return embossed * current.a;
        }
        """,
    },
    {
        "name": "colorPlanes", "file": "ColorPlanes.metal", "kind": "layer",
        "arguments": {"offset": (6.0, 4.0)}, "pad": (12, 8),
        "glsl": """
        uniform vec2 offset;
        vec4 effect(vec2 position) {
          vec4 color = sampleLayer(position);
          color.r = sampleLayer(position - offset * 2.0).r;
          color.b = sampleLayer(position - offset).b;
          return color * color.a;
        }
        """,
    },
]

PRELUDE = """
#version 330
uniform sampler2D layerTexture;
uniform vec2 layerSize;  // padded, pixels
uniform vec2 pad;        // pixels per side
uniform vec2 size;       // the image, points
out vec4 fragColor;
vec4 sampleLayer(vec2 p) { return texture(layerTexture, (p + pad) / layerSize); }
"""

MAIN = {
    "color": "void main() { fragColor = effect(gl_FragCoord.xy, "
             "texelFetch(layerTexture, ivec2(gl_FragCoord.xy), 0)); }",
    "distortion": "void main() { fragColor = sampleLayer(distort(gl_FragCoord.xy)); }",
    "layer": "void main() { fragColor = effect(gl_FragCoord.xy); }",
}


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    testdata = os.environ.get("LAYERFX_TESTDATA", os.path.join(ROOT, "..", "shared", "testdata"))
    parser.add_argument("--inferno", default=os.environ.get("LAYERFX_INFERNO"),
                        help="an Inferno checkout (default $LAYERFX_INFERNO)")
    parser.add_argument("--layerfx", default=os.path.join(ROOT, ".build", "debug", "layerfx"))
    parser.add_argument("--photo", default=os.path.join(testdata, "photos", "coffee.png"))
    parser.add_argument("--card", default="320x200", help="test card size, WxH")
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    if not arguments.inferno:
        parser.error("give --inferno DIR or set LAYERFX_INFERNO to an Inferno checkout")
    return arguments


def find(root, name):
    """The path of the file called `name` below `root`."""
    for folder, _, files in sorted(os.walk(root)):
        if name in files:
            return os.path.join(folder, name)
    raise SystemExit(f"metal_vs_llvmpipe: {root}: no {name} (is it an Inferno checkout?)")


def decode(path):
    """The PNG as LayerFX decodes it (§3.3): codes / 255, premultiplied; float32 H×W×4."""
    rgba = np.asarray(Image.open(path).convert("RGBA"), dtype=np.float64) / 255
    rgba[..., :3] *= rgba[..., 3:4]
    return rgba.astype(np.float32)


def store(premultiplied):
    """The store of §3.5: straight 8-bit codes (int32 H×W×4) from premultiplied floats."""
    c = np.clip(np.nan_to_num(premultiplied.astype(np.float64), nan=0.0), 0, 1)
    alpha = c[..., 3:4]
    with np.errstate(invalid="ignore", divide="ignore"):
        rgb = np.where(alpha > 0, np.minimum(c[..., :3] / alpha, 1), 0)
    return np.floor(np.concatenate([rgb, alpha], axis=-1) * 255 + 0.5).astype(np.int32)


def padding(effect, width, height):
    pad = effect.get("pad", (0, 0))
    if pad == "WATER":
        pad = (int(np.ceil(0.03 * width)) + 1, int(np.ceil(0.03 * height)) + 1)
    return pad


def values(effect, width, height):
    """The effect's arguments with `size` resolved to the image's size in points."""
    return {name: (float(width), float(height)) if value == "SIZE" else value
            for name, value in effect["arguments"].items()}


def layerfx(arguments, effect, metal_file, input_path, output_path, pad, width, height):
    """Runs `layerfx apply FILE.metal:FUNCTION` and returns its stored codes."""
    command = [arguments.layerfx, "apply", f"{metal_file}:{effect['name']}", input_path]
    for name, value in values(effect, width, height).items():
        text = ",".join(repr(float(v)) for v in value) if isinstance(value, tuple) else repr(value)
        command += ["--time", text] if name == "time" else ["--arg", f"{name}={text}"]
    if effect["kind"] != "color":
        command += ["--max-sample-offset", f"{pad[0]},{pad[1]}"]
    command += ["-o", output_path]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"metal_vs_llvmpipe: {' '.join(command)}: {result.stderr.strip()}")
    return np.asarray(Image.open(output_path).convert("RGBA"), dtype=np.int32)


def llvmpipe(context, effect, image, pad):
    """Renders the GLSL translation on `image` (premultiplied float32) and returns its codes."""
    import moderngl
    height, width, _ = image.shape
    px, py = pad
    layer = np.zeros((height + 2 * py, width + 2 * px, 4), np.float32)
    layer[py:py + height, px:px + width] = image
    texture = context.texture((layer.shape[1], layer.shape[0]), 4,
                              np.ascontiguousarray(layer).tobytes(), dtype="f4")
    texture.filter = (moderngl.LINEAR, moderngl.LINEAR)
    texture.repeat_x = texture.repeat_y = False  # CLAMP_TO_EDGE
    program = context.program(
        vertex_shader="#version 330\nin vec2 corner;\n"
                      "void main() { gl_Position = vec4(corner, 0.0, 1.0); }",
        fragment_shader=PRELUDE + effect["glsl"] + MAIN[effect["kind"]])
    uniforms = {"layerSize": (float(layer.shape[1]), float(layer.shape[0])),
                "pad": (float(px), float(py)), "size": (float(width), float(height))}
    uniforms.update(values(effect, width, height))
    for name, value in uniforms.items():
        member = program.get(name, None)
        if member is not None:
            member.value = value
    quad = context.buffer(np.array([-1, -1, 1, -1, -1, 1, 1, 1], dtype="f4").tobytes())
    vertices = context.vertex_array(program, [(quad, "2f", "corner")])
    target = context.texture((width, height), 4, dtype="f4")
    framebuffer = context.framebuffer(color_attachments=[target])
    framebuffer.use()
    texture.use(0)
    vertices.render(moderngl.TRIANGLE_STRIP)
    context.finish()
    output = np.frombuffer(framebuffer.read(components=4, dtype="f4"), dtype=np.float32)
    for resource in (vertices, quad, program, framebuffer, target, texture):
        resource.release()
    return store(output.reshape(height, width, 4))


def main():
    arguments = parse_arguments()
    import moderngl
    context = moderngl.create_standalone_context(backend="egl")
    renderer = context.info["GL_RENDERER"]
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        card = os.path.join(scratch, "card.png")
        subprocess.run([arguments.layerfx, "render", "testCard", "--size", arguments.card,
                        "-o", card], check=True)
        images = [("test card " + arguments.card, card),
                  (os.path.basename(arguments.photo), arguments.photo)]
        for effect in EFFECTS:
            metal_file = find(arguments.inferno, effect["file"])
            for image_name, path in images:
                image = decode(path)
                height, width, _ = image.shape
                pad = padding(effect, width, height)
                ours = layerfx(arguments, effect, metal_file, path,
                               os.path.join(scratch, "out.png"), pad, width, height)
                theirs = llvmpipe(context, effect, image, pad)
                difference = np.abs(ours - theirs).max(axis=-1)
                rows.append({"effect": effect["name"], "kind": effect["kind"],
                             "image": image_name, "maxCodeDifference": int(difference.max()),
                             "shareWithinOneCode": float((difference <= 1).mean())})
    passed = all(row["shareWithinOneCode"] >= 0.999 for row in rows)
    if arguments.json:
        print(json.dumps({"renderer": renderer, "rows": rows, "passed": passed}, indent=2))
    else:
        print(f"llvmpipe: {renderer}")
        for row in rows:
            print(f"{row['effect']:12} {row['kind']:10} {row['image']:22} "
                  f"max {row['maxCodeDifference']:3} code  "
                  f"within 1 code {100 * row['shareWithinOneCode']:8.4f} %")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
