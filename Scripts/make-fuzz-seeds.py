#!/usr/bin/env python3
"""Writes the fuzz seed corpus under Fuzz/Corpus/ (small, hand-built; no shared test data).

PNGDecode/: 3 x 3 PNGs of every colour type and bit depth, plain and Adam7, some with tRNS and
colour chunks, built here byte by byte (zlib for the image data).
CommandLine/: command lines as the FuzzCommandLine target reads them: a command-selector byte
(index into CommandLineTool.commands: ripple, apply, list, convert, info) and NUL-separated
arguments.
KeyframesConfig/: keyframes documents (every keyframe type, a duplicate key, numbers beyond Float).
EffectArguments/: NUL-separated pieces for the FuzzEffectArguments target: an --effect value,
then --arg pairs, some with bytes that are not UTF-8.
"""
import os, struct, zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Fuzz', 'Corpus')
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
         (0, 1, 1, 2)]


def chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))


def rows(width, height, color, depth, interlace):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color]
    top = (1 << depth) - 1
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    out = b''
    for x0, y0, dx, dy in passes:
        xs, ys = range(x0, width, dx), range(y0, height, dy)
        if not xs or not ys:
            continue
        for y in ys:
            samples = [(x * 7 + y * 5 + c * 3) % (top + 1) for x in xs for c in range(channels)]
            if depth == 16:
                line = b''.join(struct.pack('>H', s) for s in samples)
            elif depth == 8:
                line = bytes(samples)
            else:
                bits = ''.join(format(s, f'0{depth}b') for s in samples)
                bits += '0' * (-len(bits) % 8)
                line = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
            out += bytes([(x0 + y) % 5 if depth >= 8 else 0]) + line  # vary the filter type
    return out


def png(color, depth, interlace, extra=b'', width=3, height=3):
    ihdr = struct.pack('>IIBBBBB', width, height, depth, color, 0, 0, interlace)
    body = chunk(b'IHDR', ihdr) + extra
    if color == 3:
        body += chunk(b'PLTE', bytes(range(0, 3 * (1 << min(depth, 4)))))
    # Filter bytes other than 0 on the first row still decode (the prior row is zeros).
    return (b'\x89PNG\r\n\x1a\n' + body + chunk(b'IDAT', zlib.compress(rows(
        width, height, color, depth, interlace), 9)) + chunk(b'IEND', b''))


def main():
    seeds = os.path.join(ROOT, 'PNGDecode')
    os.makedirs(seeds, exist_ok=True)
    depths = {0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]}
    for color, values in depths.items():
        for depth in values:
            for interlace in (0, 1):
                name = f'c{color}d{depth:02d}{"i" if interlace else "n"}.png'
                open(os.path.join(seeds, name), 'wb').write(png(color, depth, interlace))
    extras = {
        'trns-grey.png': png(0, 8, 0, chunk(b'tRNS', b'\x00\x05')),
        'trns-rgb.png': png(2, 16, 0, chunk(b'tRNS', b'\x00\x01\x00\x02\x00\x03')),
        'trns-palette.png': png(3, 4, 1, b'', 5, 4),
        'colour-chunks.png': png(2, 8, 0, chunk(b'gAMA', struct.pack('>I', 45455))
                                 + chunk(b'sRGB', b'\x00') + chunk(b'cICP', bytes([1, 13, 0, 1]))
                                 + chunk(b'iCCP', b'p\x00\x00' + zlib.compress(b'\x00' * 16))),
        'text.png': png(6, 8, 0, chunk(b'tEXt', b'Comment\x00seed')),
        'one-pixel.png': png(0, 1, 0, b'', 1, 1),
    }
    for name, data in extras.items():
        open(os.path.join(seeds, name), 'wb').write(data)
    lines = os.path.join(ROOT, 'CommandLine')
    os.makedirs(lines, exist_ok=True)
    commands = {
        'ripple-frame': (0, ['testcard:64x48', '--time', '0.3', '-o', 'out.png', '--origin',
                             '10,-4', '--amplitude', '12', '--threads', '2']),
        'ripple-animation': (0, ['in.png', '--fps', '30', '--frames', '12', '-o', 'frames/',
                                 '--tile-size=7', '--bit-depth', '16', '--max-pixels', '1000']),
        'apply': (1, ['ripple', 'in.png', '--arg', 'origin=1,2', '--arg', 'time=0.5', '--arg',
                      'amplitude=-3e2', '--max-sample-offset', '4,4', '--check-bounds',
                      '--padded', '--scale', '2', '-o', 'out.png']),
        'list': (2, ['--help']),
        'convert': (3, ['in.png', '-o', 'out.png', '--compression', '9', '--', '-x']),
        'info': (4, ['a.png', '-', 'b.png']),
        # Runnable in the target's scratch directory (no '/'): these render and write files.
        'run-ripple-frame': (0, ['testcard:16x12', '--time', '0.05', '-o', 'out.png']),
        'run-ripple-frames': (0, ['testcard:8x8', '--fps', '30', '--frames', '3', '-o', 'f']),
        'run-apply': (1, ['ripple', 'testcard:8x6', '--arg', 'origin=1,2', '--arg', 'time=0.2',
                          '--check-bounds', '--padded', '-o', 'out.png']),
        'run-convert': (3, ['testcard:4x4', '-o', 'a.png', '--bit-depth', '16']),
        # Inputs that crashed before the fixes of issue 5 (Int(∞) in Layer.init, a 2e9-pixel
        # padded layer, Int(9e38) frames); kept as seeds so every fuzz run replays them.
        'regress-huge-amplitude': (0, ['testcard:8x8', '--time', '0.1', '--amplitude', '1e9',
                                       '-o', 'out.png']),
        'regress-huge-scale': (0, ['testcard:8x8', '--time', '0.1', '--scale', '3e38', '-o',
                                   'out.png']),
        'regress-huge-fps': (0, ['testcard:8x8', '--fps', '3e38', '-o', 'f']),
    }
    for name, (selector, arguments) in commands.items():
        data = bytes([selector]) + b'\x00'.join(a.encode() for a in arguments)
        open(os.path.join(lines, name), 'wb').write(data)
    effects = os.path.join(ROOT, 'EffectArguments')
    os.makedirs(effects, exist_ok=True)
    pieces = {
        'ripple-chain': [b'ripple:origin=200,150,amplitude=12,time=0.5', b'origin=1,2', b'time=1'],
        'ripple-default-clock': [b'ripple', b'amplitude=-3e2'],
        'unknown-name': [b'rippel:amp=1', b'ampl=3'],
        'raw-bytes': [b'ripple:origin=1,\xff\xfe', b'time=\x1b[31m\n', b'\xf4\x8f\xbc\x80'],
        'huge-values': [b'ripple:amplitude=1e39,speed=-0', b'frequency=nan', b'decay=1e-320'],
    }
    for name, parts in pieces.items():
        open(os.path.join(effects, name), 'wb').write(b'\x00'.join(parts))
    configs = os.path.join(ROOT, 'KeyframesConfig')
    os.makedirs(configs, exist_ok=True)
    documents = {
        'every-type': '{"version": 1, "duration": 2, "keyframes": {'
                      '"time": [{"type": "move", "value": 0}, {"type": "linear", "value": 2, '
                      '"duration": 2, "curve": "easeInOut"}], '
                      '"amplitude": [{"type": "spring", "value": 4, "duration": 0.5, "bounce": 0.3}], '
                      '"speed": [{"type": "cubic", "value": 600, "duration": 1, "endVelocity": 0}], '
                      '"frequency": [{"type": "linear", "value": 9, "duration": 1, '
                      '"curve": [0.42, 0, 0.58, 1]}]}}',
        'duplicate-key': '{"version": 1, "keyframes": {"amplitude": [{"type": "move", "value": 1}],'
                         ' "amplitude": [{"type": "move", "value": 2}]}}',
        'beyond-float': '{"version": 1, "keyframes": {"speed": [{"type": "linear", "value": 1e39, '
                        '"duration": 1e30}]}}',
        'spring-bounce-one': '{"version": 1, "keyframes": {"decay": [{"type": "spring", '
                             '"value": 3, "bounce": 1, "duration": 0.1, "startVelocity": 3e38}]}}',
    }
    for name, text in documents.items():
        open(os.path.join(configs, name), 'wb').write(text.encode())


if __name__ == '__main__':
    main()
