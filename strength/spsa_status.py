#!/usr/bin/env python3
"""Prints where an SPSA run stands, as a Markdown table for docs/strength.md: the updates and
games so far, and for each parameter its start, its value now, the least and most it took,
how far it has moved in units of its final perturbation (`c_end`: a move within about one is
noise), and its trajectory every K updates.

    python3 strength/spsa_status.py RUN_DIR [--every K]

RUN_DIR is the run's folder (`spsa/runs/spsa-spsa/STAMP` under the arena folder); the figures
come from its ledger (`spsa/ledger.sqlite3`), which shogiarena writes as the run goes. K is 100
by default.
"""
import argparse
import contextlib
import json
import sqlite3


def trajectory(run_dir: str) -> tuple[list[dict], list[dict[str, float]], int]:
    """The parameters (id, start, c_end, in the run's order), the values after each committed
    update in order, and the games played."""
    with contextlib.closing(sqlite3.connect(f"{run_dir}/spsa/ledger.sqlite3")) as db:
        params = [{"id": pid, "start": float(start), "c_end": json.loads(schedule)["c_end"]}
                  for pid, start, schedule in db.execute(
                      "select parameter_id, initial_value, schedule_json from parameters "
                      "order by ordinal")]
        thetas = [json.loads(t) for (t,) in db.execute(
            "select theta_final_json from updates where state = 'COMMITTED' "
            "and theta_final_json is not null order by update_idx")]
        (games,) = db.execute("select count(*) from game_observations").fetchone()
    return params, thetas, games


def table(params: list[dict], thetas: list[dict[str, float]], every: int) -> list[str]:
    """The Markdown rows: one a parameter."""
    marks = list(range(every, len(thetas) + 1, every))
    head = ["parameter", "start", "now", "least-most", "moved / c_end"]
    head += [f"after {m}" for m in marks]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for p in params:
        values = [t[p["id"]] for t in thetas] or [p["start"]]
        now = values[-1]
        cells = [p["id"], f"{p['start']:g}", f"{now:.1f}",
                 f"{min(values):.1f}-{max(values):.1f}",
                 f"{(now - p['start']) / p['c_end']:+.1f}"]
        cells += [f"{thetas[m - 1][p['id']]:.1f}" for m in marks]
        rows.append("| " + " | ".join(cells) + " |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run_dir")
    parser.add_argument("--every", type=int, default=100)
    args = parser.parse_args()
    if args.every < 1:
        parser.error("--every is a number of updates, 1 or more")
    params, thetas, games = trajectory(args.run_dir)
    print(f"{len(thetas)} updates, {games} games")
    print("\n".join(table(params, thetas, args.every)))


if __name__ == "__main__":
    main()
