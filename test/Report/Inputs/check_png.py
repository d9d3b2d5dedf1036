"""Checks that a screenshot is a real rendering: a PNG of the given size
whose pixels are not all alike (a blank or failed page is one colour).

usage: check_png.py FILE WIDTH HEIGHT
"""
import struct
import sys
import zlib

path, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = open(path, "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit(f"{path}: not a PNG")
pos, idat, ihdr = 8, b"", None
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b"IHDR":
        ihdr = struct.unpack(">IIBBBBB", body)
    elif kind == b"IDAT":
        idat += body
    pos += 12 + length
if not ihdr or (ihdr[0], ihdr[1]) != (width, height):
    sys.exit(f"{path}: {ihdr and ihdr[:2]}, expected {width}x{height}")
pixels = zlib.decompress(idat)
# Distinct byte values over the image (filter bytes included): a page of
# text in several colours has many; a blank one a handful.
distinct = len(set(pixels))
if distinct < 64:
    sys.exit(f"{path}: only {distinct} distinct byte values: the page looks blank")
print(f"{path}: PNG {width}x{height}, {len(data)} bytes, {distinct} distinct byte values")
