#!/usr/bin/env python3
"""Self-play of tokin's wa shogi USI engine against itself through the USI protocol.

    python3 scripts/wa/selfplay.py TOKIN GAMES MAX_PLIES washogi|washogi-nodrops [SEED]

Two engine processes, started plainly as a GUI starts them and told the variant with
`setoption name USI_Variant`, alternate moves from the start position after two random ones. Every bestmove is
checked against the legal moves listed by `tokin perft 1 --divide --variant ...` for the
position reached; the game ends at `bestmove resign`, at MAX_PLIES, or on an illegal move or a
crash (counted)."""
import subprocess, sys, random

TOKIN, GAMES, MAX_PLIES, VARIANT = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]

def engine():
    p = subprocess.Popen([TOKIN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    send(p, "usi"); wait(p, "usiok")
    send(p, f"setoption name USI_Variant value {VARIANT}")
    send(p, "isready"); wait(p, "readyok")
    return p

def send(p, line):
    p.stdin.write(line + "\n"); p.stdin.flush()

def wait(p, prefix):
    while True:
        line = p.stdout.readline()
        if not line:
            raise RuntimeError("engine closed its output")
        if line.startswith(prefix):
            return line.strip()

def legal(moves):
    args = [TOKIN, "perft", "1", "--variant", VARIANT, "--divide"]
    if moves:
        args += ["--moves"] + moves
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return {l.split(":")[0] for l in out.splitlines() if not l.startswith("Nodes")}

stats = {"games": 0, "illegal": 0, "crashes": 0, "resign": 0, "cap": 0, "plies": 0}
rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 1)
for g in range(GAMES):
    engines = [engine(), engine()]
    for e in engines:
        send(e, "usinewgame")
    moves = []
    # Two random opening moves so that the games differ.
    for _ in range(2):
        moves.append(rng.choice(sorted(legal(moves))))
    result = "cap"
    while len(moves) < MAX_PLIES:
        e = engines[len(moves) % 2]
        try:
            send(e, "position startpos moves " + " ".join(moves))
            send(e, "go depth 1")
            best = wait(e, "bestmove").split()[1]
        except Exception as ex:
            stats["crashes"] += 1; result = "crash"; print("crash", ex, moves); break
        allowed = legal(moves)
        if best == "resign":
            if allowed:
                stats["illegal"] += 1; result = "bad resign"; print("resigned with moves", moves)
            else:
                result = "resign"
            break
        if best not in allowed:
            stats["illegal"] += 1; result = "illegal"; print("illegal", best, moves); break
        moves.append(best)
    for e in engines:
        try:
            send(e, "quit"); e.wait(timeout=10)
            if e.returncode != 0:
                stats["crashes"] += 1
        except Exception:
            stats["crashes"] += 1
    stats["games"] += 1; stats["plies"] += len(moves)
    if result in stats:
        stats[result] += 1
    print(g + 1, result, len(moves), flush=True)
print(stats)
