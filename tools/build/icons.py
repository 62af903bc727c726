"""The app's icons, drawn at build time: one description rendered both as SVG and (by a tiny
scanline rasterizer with 4x vertical supersampling and exact horizontal coverage) as PNG, so the
build needs no image library, no rasterizer package and no browser."""
from __future__ import annotations

import hashlib
import inspect
import shutil
import struct
import time
import zlib
from pathlib import Path

from .paths import CACHE, log

FELT, FELT_DARK, CARD, RED, INK, GOLD = "#0f5c3a", "#093d27", "#fbf7ee", "#c8102e", "#1d1d1f", "#e3b23c"
THEME_COLOR = FELT


def icon_shapes(maskable: bool) -> list[tuple]:
    """Shapes on a 512x512 canvas: ("rect", x, y, w, h, r, fill) | ("circle", cx, cy, r, fill)
    | ("poly", [(x, y), ...], fill)."""
    bg = [("rect", 0, 0, 512, 512, 0 if maskable else 104, FELT)]
    fg = [
        ("rect", 146, 100, 240, 336, 30, FELT_DARK),            # card shadow
        ("rect", 136, 88, 240, 336, 30, CARD),                  # the card
        ("poly", [(176, 116), (190, 134), (176, 152), (162, 134)], RED),     # corner pips
        ("poly", [(336, 360), (350, 378), (336, 396), (322, 378)], RED),
        ("poly", [(182, 318), (234, 318), (146, 186)], RED),    # jester cap: three points
        ("poly", [(330, 318), (278, 318), (366, 186)], RED),
        ("poly", [(214, 318), (298, 318), (256, 150)], INK),
        ("circle", 146, 186, 20, GOLD),                         # bells
        ("circle", 366, 186, 20, GOLD),
        ("circle", 256, 150, 21, GOLD),
        ("rect", 176, 310, 160, 40, 14, GOLD),                  # cap band
        ("circle", 216, 330, 7, INK),
        ("circle", 256, 330, 7, INK),
        ("circle", 296, 330, 7, INK),
    ]
    if maskable:  # keep everything inside the 80 % safe circle
        s, c = 0.78, 256 * (1 - 0.78)
        fg = [_scale(sh, s, c) for sh in fg]
    return bg + fg


def _scale(sh: tuple, s: float, c: float) -> tuple:
    if sh[0] == "rect":
        return ("rect", sh[1] * s + c, sh[2] * s + c, sh[3] * s, sh[4] * s, sh[5] * s, sh[6])
    if sh[0] == "circle":
        return ("circle", sh[1] * s + c, sh[2] * s + c, sh[3] * s, sh[4])
    return ("poly", [(x * s + c, y * s + c) for x, y in sh[1]], sh[2])


def icon_svg(shapes: list[tuple]) -> str:
    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">']
    for sh in shapes:
        if sh[0] == "rect":
            out.append(f'<rect x="{sh[1]:g}" y="{sh[2]:g}" width="{sh[3]:g}" height="{sh[4]:g}" '
                       f'rx="{sh[5]:g}" fill="{sh[6]}"/>')
        elif sh[0] == "circle":
            out.append(f'<circle cx="{sh[1]:g}" cy="{sh[2]:g}" r="{sh[3]:g}" fill="{sh[4]}"/>')
        else:
            pts = " ".join(f"{x:g},{y:g}" for x, y in sh[1])
            out.append(f'<polygon points="{pts}" fill="{sh[2]}"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _spans(sh: tuple, y: float, k: float) -> list[tuple[float, float]]:
    """x-intervals of shape ``sh`` (canvas units scaled by k) on the line at height y."""
    if sh[0] == "rect":
        x, y0, w, h, r = (v * k for v in sh[1:6])
        if not y0 <= y < y0 + h:
            return []
        dy = max(y0 + r - y, y - (y0 + h - r), 0.0)
        inset = r - (max(r * r - dy * dy, 0.0)) ** 0.5 if dy > 0 else 0.0
        return [(x + inset, x + w - inset)]
    if sh[0] == "circle":
        cx, cy, r = (v * k for v in sh[1:4])
        d = r * r - (y - cy) ** 2
        return [(cx - d ** 0.5, cx + d ** 0.5)] if d > 0 else []
    pts = [(px * k, py * k) for px, py in sh[1]]
    xs = []
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
        if (y1 <= y < y2) or (y2 <= y < y1):
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    xs.sort()
    return list(zip(xs[::2], xs[1::2], strict=False))


def icon_png(shapes: list[tuple], size: int, ss: int = 4) -> bytes:
    k = size / 512
    px = [[0.0] * (size * 4) for _ in range(size)]  # premultiplied RGBA rows
    for sh in shapes:
        fill = sh[-1]
        rgb = [int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        for row in range(size):
            cov: dict[int, float] = {}
            for sub in range(ss):
                for x0, x1 in _spans(sh, row + (sub + 0.5) / ss, k):
                    x0, x1 = max(x0, 0.0), min(x1, float(size))
                    for i in range(int(x0), min(int(-(-x1 // 1)), size)):
                        a = (min(x1, i + 1) - max(x0, i)) / ss
                        if a > 0:
                            cov[i] = cov.get(i, 0.0) + a
            line = px[row]
            for i, a in cov.items():
                a = min(a, 1.0)
                j = i * 4
                for c in range(3):
                    line[j + c] = rgb[c] * a + line[j + c] * (1 - a)
                line[j + 3] = a + line[j + 3] * (1 - a)
    raw = bytearray()
    for line in px:
        raw.append(0)
        for i in range(0, len(line), 4):
            a = line[i + 3]
            if a <= 0:
                raw += b"\0\0\0\0"
            else:
                raw += bytes(min(255, round(line[i + c] / a * 255)) for c in range(3))
                raw.append(round(a * 255))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


ICONS = {  # file name -> (maskable, size or None for SVG)
    "icon.svg": (False, None),
    "icon-192.png": (False, 192),
    "icon-512.png": (False, 512),
    "maskable-512.png": (True, 512),
    "apple-touch-icon.png": (True, 180),
}


def build_icons(dest: Path) -> None:
    """Write the icons into dest/, rendering PNGs once per icon design (cached)."""
    code = "".join(repr(icon_shapes(m)) for m in (False, True)) + repr(ICONS)
    code += "".join(inspect.getsource(f) for f in (icon_svg, _spans, icon_png))
    key = hashlib.sha256(code.encode()).hexdigest()[:12]
    cache = CACHE / "icons" / key
    if not cache.exists():
        t0 = time.perf_counter()
        tmp = CACHE / "icons" / f"{key}.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        for name, (maskable, size) in ICONS.items():
            shapes = icon_shapes(maskable)
            data = icon_svg(shapes).encode() if size is None else icon_png(shapes, size)
            (tmp / name).write_bytes(data)
        for old in (CACHE / "icons").iterdir():
            if old != tmp:
                shutil.rmtree(old, ignore_errors=True)
        tmp.rename(cache)
        log(f"rendered icons in {time.perf_counter() - t0:.1f} s")
    dest.mkdir(parents=True, exist_ok=True)
    for f in cache.iterdir():
        shutil.copy2(f, dest / f.name)


