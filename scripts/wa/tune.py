#!/usr/bin/env python3
"""SPSA over wa shogi's material values, in node-limited self-play.

    python3 scripts/wa/tune.py --engine TOKIN --iterations N [--nodes N] [--seed S]
        [--referee PATH] [--variant washogi] [--max-plies N] [--trajectory FILE]

Each iteration draws a random sign for every tuned value, sets one engine to the values plus
the perturbation and the other to the values minus it (the USI option `PieceValues`), and
plays a pair of games from one random opening, the colours swapped, through selfplay.py's
runner and referee. Each value moves by the step times the pair's result (+2 to -2, the plus
side's points less the minus side's) times its sign. Perturbation and step shrink as SPSA's
usual schedules (c/k^0.101, a/(A+k)^0.602). The sparrow pawn stays at 100: it is the unit.

Prints the values every 10 iterations (and writes them to --trajectory), then the last ones
as a PieceValues string."""
import argparse, random, sys, os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import selfplay

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("--engine", required=True)
ap.add_argument("--iterations", type=int, default=100)
ap.add_argument("--nodes", type=int, default=1000)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--referee", default="target/release/examples/referee")
ap.add_argument("--variant", default="washogi")
ap.add_argument("--max-plies", type=int, default=300)
ap.add_argument("--trajectory")
args = ap.parse_args()

# Where the recorded run started: the first estimate from the moves (docs/wa.md), every
# value but the sparrow pawn's. The tuned result is now the default in wa/src/values.rs.
START = {
    "OC": 300, "LH": 400, "CM": 250, "BD": 250, "SO": 250, "SC": 250, "FC": 250, "FG": 250,
    "VS": 350, "VW": 400, "RR": 550, "TF": 500, "SW": 550, "FF": 800, "CE": 850,
    "+SP": 450, "+OC": 550, "+LH": 350, "+CM": 400, "+BD": 400, "+SO": 850, "+SC": 800,
    "+FC": 800, "+FG": 550, "+VS": 400, "+VW": 550, "+RR": 500, "+SW": 1000, "+FF": 1100,
}
C, A_STEP, A = 40.0, 8.0, 10


def text(values):
    return " ".join(f"{k}={max(0, round(v))}" for k, v in values.items())


def main():
    selfplay.args = argparse.Namespace(
        variant=args.variant, plain=False, referee=args.referee, nodes=args.nodes,
        byoyomi=None, main=0, inc=0, max_plies=args.max_plies)
    plus, minus = selfplay.Engine(args.engine, []), selfplay.Engine(args.engine, [])
    ref = selfplay.Referee()
    rng = random.Random(args.seed)
    theta = dict(START)
    out = open(args.trajectory, "w") if args.trajectory else None
    for k in range(1, args.iterations + 1):
        c = C / k ** 0.101
        a = A_STEP * (A + 1) ** 0.602 / (A + k) ** 0.602
        delta = {name: rng.choice((-1, 1)) for name in theta}
        plus.set_option("PieceValues", text({n: v + c * delta[n] for n, v in theta.items()}))
        minus.set_option("PieceValues", text({n: v - c * delta[n] for n, v in theta.items()}))
        opening = selfplay.random_opening(ref, rng)
        result = 0
        for engines, plus_side in (([plus, minus], 0), ([minus, plus], 1)):
            winner, reason, _ = selfplay.play_game(engines, ref, opening)
            if reason.startswith(("illegal", "crash", "time", "resigned")):
                sys.exit(f"iteration {k}: {reason}")
            if winner is not None:
                result += 1 if winner == plus_side else -1
        for name in theta:
            theta[name] += a * result * delta[name]
        if k % 10 == 0 or k == args.iterations:
            line = f"{k} {text(theta)}"
            print(line, flush=True)
            if out:
                out.write(line + "\n"); out.flush()
    plus.quit(); minus.quit()
    print("PieceValues=" + text(theta))


main()
