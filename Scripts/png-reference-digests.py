#!/usr/bin/env python3
"""Writes Tests/LayerFXPNGTests/Fixtures/libpng-extras-rgba-crc32.json: for every valid PNG in
../shared/testdata/pngsuite/libpng-extras, its size, output depth and the CRC-32 of its straight
RGBA codes, computed by the independent decoder below (Python's zlib for inflate; CRC checks,
unfiltering, Adam7, palette, tRNS and sample scaling written here from the PNG specification).
Files in crashers/ get a digest only when that decoder accepts them.

The decoder first checks itself against the PngSuite reference decodes (reference-rgba-json) and
refuses to write anything if one differs.

Codes: 8-bit for bit depths 1-8 (low depths scaled by 255 / (2^depth - 1)), 16-bit for 16; one
byte per 8-bit sample, two big-endian bytes per 16-bit sample; a pixel whose alpha is 0 is all
zeros (the colour of a transparent pixel does not survive premultiplication). A palette index
beyond the palette is opaque black (PNG Third Edition, §13 "Error handling").

Usage: Scripts/png-reference-digests.py [TESTDATA]
(default $LAYERFX_TESTDATA, else the first shared/testdata beside an ancestor of the repo)
"""
import glob, json, os, struct, sys, zlib

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
         (0, 1, 1, 2)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def decode(data):
    """Returns (width, height, output depth, straight RGBA codes as a flat list)."""
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'signature'
    offset, idat, palette, trns = 8, b'', None, None
    while True:
        length = struct.unpack('>I', data[offset:offset + 4])[0]
        kind, body = data[offset + 4:offset + 8], data[offset + 8:offset + 8 + length]
        stored_crc = struct.unpack('>I', data[offset + 8 + length:offset + 12 + length])[0]
        offset += 12 + length
        if zlib.crc32(kind + body) != stored_crc:
            if kind[0] & 32 == 0:
                raise ValueError(f'{kind.decode()}: CRC error')  # critical chunk: an error
            continue  # ancillary chunk: dropped
        if kind == b'IHDR':
            width, height, depth, color, _, _, interlace = struct.unpack('>IIBBBBB', body)
        elif kind == b'PLTE':
            palette = [tuple(body[i:i + 3]) for i in range(0, len(body) // 3 * 3, 3)]
        elif kind == b'tRNS':
            trns = body
        elif kind == b'IDAT':
            idat += body
        elif kind == b'IEND':
            break
    raw = zlib.decompress(idat)
    channels = CHANNELS[color]
    bpp = max(1, channels * depth // 8)
    top = (1 << depth) - 1
    pixels = [None] * (width * height)
    position = 0
    for x0, y0, dx, dy in (ADAM7 if interlace else [(0, 0, 1, 1)]):
        pass_width = (width - x0 + dx - 1) // dx if width > x0 else 0
        pass_height = (height - y0 + dy - 1) // dy if height > y0 else 0
        if pass_width == 0 or pass_height == 0:
            continue
        row_bytes = (pass_width * channels * depth + 7) // 8
        previous = bytearray(row_bytes)
        for row in range(pass_height):
            kind = raw[position]
            line = bytearray(raw[position + 1:position + 1 + row_bytes])
            position += 1 + row_bytes
            for i in range(row_bytes):
                a = line[i - bpp] if i >= bpp else 0
                b = previous[i]
                c = previous[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]) & 255
            previous = line
            if depth == 16:
                samples = [line[2 * i] << 8 | line[2 * i + 1] for i in range(pass_width * channels)]
            elif depth == 8:
                samples = list(line[:pass_width * channels])
            else:
                per_byte = 8 // depth
                samples = [line[i // per_byte] >> (8 - depth * (i % per_byte + 1)) & top
                           for i in range(pass_width * channels)]
            for i in range(pass_width):
                sample = samples[i * channels:(i + 1) * channels]
                if color == 3:
                    index = sample[0]
                    rgb = palette[index] if index < len(palette) else (0, 0, 0)
                    alpha = trns[index] if trns is not None and index < len(trns) else 255
                    value = [*rgb, alpha]
                else:
                    rgb = sample[:3] if color in (2, 6) else [sample[0]] * 3
                    if color in (4, 6):
                        alpha = sample[-1]
                    else:
                        alpha = top
                        if trns is not None:
                            key = [struct.unpack('>H', trns[2 * k:2 * k + 2])[0]
                                   for k in range(len(trns) // 2)]
                            if key == sample[:len(key)] and len(key) == channels:
                                alpha = 0
                    value = rgb + [alpha]
                    if depth < 8:
                        value = [v * 255 // top for v in value]
                pixels[(y0 + row * dy) * width + x0 + i * dx] = value
    flat = []
    for value in pixels:
        flat += [0, 0, 0, 0] if value[3] == 0 else value
    return width, height, 16 if depth == 16 else 8, flat


def crc32(codes, depth):
    if depth == 16:
        return zlib.crc32(b''.join(struct.pack('>H', v) for v in codes))
    return zlib.crc32(bytes(codes))


def main():
    testdata = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('LAYERFX_TESTDATA')
    directory = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
    while testdata is None and directory != '/':
        directory = os.path.dirname(directory)
        if os.path.isdir(os.path.join(directory, 'shared', 'testdata')):
            testdata = os.path.join(directory, 'shared', 'testdata')
    suite = os.path.join(testdata or '', 'pngsuite')
    if not os.path.isdir(os.path.join(suite, 'libpng-extras')):
        sys.exit(f'shared testdata not found at {suite}')
    for path in sorted(glob.glob(os.path.join(suite, '[!x]*.png'))):
        name = os.path.basename(path)[:-4]
        reference = json.load(open(os.path.join(suite, 'reference-rgba-json', name + '.json')))
        expected = []
        for i in range(0, len(reference), 4):
            expected += [0, 0, 0, 0] if reference[i + 3] == 0 else reference[i:i + 4]
        if decode(open(path, 'rb').read())[3] != expected:
            sys.exit(f'self-check failed on {name}.png; nothing written')
    extras = os.path.join(suite, 'libpng-extras')
    result = {}
    for path in sorted(glob.glob(os.path.join(extras, '**', '*.png'), recursive=True)):
        relative = os.path.relpath(path, extras)
        try:
            width, height, depth, codes = decode(open(path, 'rb').read())
        except Exception:
            if relative.startswith('crashers/'):
                continue  # a corrupt file: no digest
            raise
        result[relative] = {'width': width, 'height': height, 'depth': depth,
                            'crc32': crc32(codes, depth)}
    out = os.path.join(os.path.dirname(__file__), '..', 'Tests', 'LayerFXPNGTests', 'Fixtures',
                       'libpng-extras-rgba-crc32.json')
    with open(out, 'w') as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write('\n')
    print(f'{len(result)} files; wrote {os.path.relpath(out)}')


if __name__ == '__main__':
    main()
