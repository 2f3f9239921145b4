#!/usr/bin/env python3
"""Builds the record fixtures from the hand-written UTF-8 sources in src/.

- Fills in KIF running totals (h:mm:ss after the slash) from the spent times, except on
  lines marked `KEEP` (kept as written: a clock that jumped, to test stated totals).
- Writes Shift_JIS (CP932) copies of the .kifu/.ki2u sources as .kif/.ki2, and a UTF-8 copy
  with a byte-order mark and CRLF line ends.
Run from this directory: python3 make_fixtures.py
"""
import pathlib
import re

SRC = pathlib.Path("src")
MOVE = re.compile(r"^(\s*(\d+) .+?\s+)\(\s*(\d+):(\d+)/(\d+):(\d+):(\d+)\)(.*)$")


def fill_totals(text):
    out = []
    snapshots = {}  # ply -> clock before it, along the line read last
    clock = [0, 0]
    for line in text.split("\n"):
        m = re.match(r"^変化：(\d+)手", line)
        if m:
            clock = list(snapshots[int(m[1])])
        m = MOVE.match(line)
        if m:
            ply = int(m[2])
            snapshots[ply] = tuple(clock)
            side = (ply - 1) % 2
            spent = int(m[3]) * 60 + int(m[4])
            rest = m[8]
            if "KEEP" in rest:
                clock[side] = int(m[5]) * 3600 + int(m[6]) * 60 + int(m[7])
                rest = rest.replace("KEEP", "").rstrip()
                line = f"{m[1]}({int(m[3]):>2}:{int(m[4]):02}/{m[5]}:{m[6]}:{m[7]}){rest}"
            else:
                clock[side] += spent
                t = clock[side]
                line = f"{m[1]}({int(m[3]):>2}:{int(m[4]):02}/{t // 3600:02}:{t // 60 % 60:02}:{t % 60:02}){rest}"
        out.append(line)
    return "\n".join(out)


for src in sorted(SRC.iterdir()):
    text = src.read_text(encoding="utf-8")
    if src.suffix == ".kifu":
        text = fill_totals(text)
    stem = src.stem
    if src.suffix in (".kifu", ".ki2u"):
        sjis = ".kif" if src.suffix == ".kifu" else ".ki2"
        pathlib.Path(stem + sjis).write_bytes(text.replace("\n", "\r\n").encode("cp932"))
        pathlib.Path(stem + src.suffix).write_bytes(("\ufeff" + text).replace("\n", "\r\n").encode("utf-8"))
    else:
        pathlib.Path(src.name).write_text(text, encoding="utf-8")


# One short game per terminal word (終局の言葉), each as a KIF and a KI2 file.
ENDINGS = ["中断", "投了", "持将棋", "千日手", "詰み", "切れ負け", "反則勝ち", "反則負け",
           "入玉勝ち", "不戦勝", "不戦敗", "不詰", "引き分け", "最大手数", "待った", "エラー"]
out = pathlib.Path("endings")
out.mkdir(exist_ok=True)
for i, word in enumerate(ENDINGS):
    kif = ("手合割：平手\n手数----指手---------消費時間--\n"
           "   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 ３四歩(33)   ( 0:02/00:00:02)\n"
           f"   3 {word}         ( 0:03/00:00:04)\n")
    (out / f"{i:02}.kif").write_bytes(kif.replace("\n", "\r\n").encode("cp932"))
