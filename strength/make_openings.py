#!/usr/bin/env python3
"""Makes the opening set the strength tests play from (strength/openings.sfen).

Each opening is the even start after a few random legal moves (8 to 12 plies, drawn from a
seeded generator), kept only when tokin's own search at depth 8 scores it within 100
centipawns for the side to move, so that neither side starts won; duplicates are dropped.
Every match plays each opening twice, colours swapped (shogiarena's `pair_both`), so what
bias is left cancels. Needs only a built tokin:

    python3 strength/make_openings.py target/release/tokin 400 > strength/openings.sfen
"""
import random
import sys

from usi_engine import Engine


def main() -> None:
    tokin = sys.argv[1] if len(sys.argv) > 1 else "target/release/tokin"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 2026
    rng = random.Random(seed)
    engine = Engine(tokin, [("USI_Hash", "64")])
    send, until = engine.send, engine.until
    seen = set()
    tried = 0
    while len(seen) < count:
        tried += 1
        moves: list[str] = []
        for _ in range(rng.randint(8, 12)):
            send("position startpos moves " + " ".join(moves))
            send("moves")
            legal = until("")[-1].split()
            if not legal:
                break
            moves.append(rng.choice(legal))
        send("position startpos moves " + " ".join(moves))
        send("d")
        sfen = next(l for l in until("sfen ") if l.startswith("sfen "))[5:]
        if sfen in seen:
            continue
        send("go depth 8")
        lines = until("bestmove")
        if lines[-1].split()[1] in ("resign", "win"):
            continue
        scores = [l.split(" score ")[1].split() for l in lines if " score " in l]
        if not scores or scores[-1][0] != "cp" or abs(int(scores[-1][1])) > 100:
            continue
        seen.add(sfen)
        print(sfen, flush=True)
    engine.quit()
    print(f"{count} openings from {tried} tries", file=sys.stderr)


if __name__ == "__main__":
    main()
