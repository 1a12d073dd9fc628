#!/usr/bin/env python3
"""hostile.py SAMPLE DIR N: write N hostile PGN files into DIR, made from
SAMPLE by a fixed random sequence (the same files every run).

Each file is the sample (or part of it) with damage of the kinds real files
carry and worse: bytes that are not UTF-8 (Windows-1252 letters, the bytes
0x81 and 0x8D it lacks, NUL), byte-order marks in the middle, CR-only and CR
LF line ends, `%` escape lines and comments before, between and after
games, stray results and brackets, tags glued after a result, unclosed
comments and variations, pieces cut out or repeated, no final line end.
"""
import random
import sys

JUNK = [
    b"\x00", b"\x81", b"\x8d", b"\xe9", b"\xfc", b"\xff", b"\xc3", b"\xc3\xa9", b"\xe2\x82", b"\r", b"\r\n",
    b"\n%escape line \x81\x8d\n", b"\n% exported by a program\n", b"{", b"}", b"(", b")", b" 1-0 ", b" 0-1 ",
    b" *\n", b"[Event \"X\"]", b"\n[Event \"Y\"]\n", b"\xef\xbb\xbf", b"\t", b";comment \xe9\n", b"<br>",
    b"1.", b"\n\n\n", b" $1 ", b"{unclosed", b"(1. e4", b"\n\n1. e4 e5 2. Nf3\n", b" +-- ", b"1/2", b"]",
    b"\"", b"\\", b"\x1b[31m", b"\xa0", b"\n\xef\xbb\xbf[Event \"bom\"]\n",
]
PREFIX = [b"", b"% a first line\n", b"{a comment before the first game}\n\n", b"stray words\n\n",
          b"\n\n\n", b"\xef\xbb\xbf", b"\xef\xbb\xbf% escape after a BOM\n"]


def damage(rnd, data):
    data = bytearray(data)
    for _ in range(rnd.randint(1, 25)):
        op = rnd.random()
        at = rnd.randint(0, len(data))
        if op < 0.55:
            data[at:at] = rnd.choice(JUNK)
        elif op < 0.7 and len(data) > 10:
            n = rnd.randint(1, min(200, len(data) - at)) if at < len(data) else 0
            del data[at:at + n]
        elif op < 0.85 and at < len(data):
            n = rnd.randint(1, min(400, len(data) - at))
            data[at:at] = data[at:at + n]
        else:
            data[at:at] = bytes(rnd.randint(1, 255) for _ in range(rnd.randint(1, 6)))
    return bytes(data)


def main():
    sample, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    base = open(sample, "rb").read()
    rnd = random.Random(36)
    for k in range(n):
        a = rnd.randint(0, len(base) // 2)
        b = rnd.randint(a + 1, len(base))
        data = rnd.choice(PREFIX) + damage(rnd, base[a:b])
        shape = rnd.random()
        if shape < 0.15:
            data = data.replace(b"\r\n", b"\n").replace(b"\n", b"\r")       # CR only
        elif shape < 0.3:
            data = data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")     # CR LF
        if rnd.random() < 0.3:
            data = data.rstrip(b"\r\n")                                     # no final line end
        # Never a UTF-16 start (those files are written as text: writeout.h).
        while data[:2] in (b"\xff\xfe", b"\xfe\xff") or (len(data) > 3 and (data[1] == 0 or data[0] == 0)):
            data = data[1:]
        with open("%s/hostile-%02d.pgn" % (out, k), "wb") as f:
            f.write(data)


main()
