#!/usr/bin/python3
"""png.py — what a screenshot shows, without an image library (tests/html.sh).

    png.py FILE COLOUR...    prints "WIDTHxHEIGHT COLOURS" (distinct
                             colours), then for each COLOUR (rrggbb) the
                             number of pixels of it

Reads 8-bit RGB or RGBA PNGs, not interlaced (what Chromium writes).
"""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError(f"PNG of depth {depth}, colour type {ctype}, interlace {interlace}")
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    bpp = 3 if ctype == 2 else 4
    raw, stride = zlib.decompress(idat), w * bpp
    prev, rows = bytearray(stride), []
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows


def main():
    w, h, bpp, rows = pixels(sys.argv[1])
    counts = {}
    for line in rows:
        for i in range(0, len(line), bpp):
            rgb = bytes(line[i:i + 3])
            counts[rgb] = counts.get(rgb, 0) + 1
    print(f"{w}x{h} {len(counts)}")
    for c in sys.argv[2:]:
        print(counts.get(bytes.fromhex(c), 0))


if __name__ == "__main__":
    main()
