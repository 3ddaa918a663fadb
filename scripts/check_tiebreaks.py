#!/usr/bin/env python3
"""Check Shatar's FIDE-named tie-breaks against an independent library.

Installs `tiebreak-core` with pip if it is not importable, simulates round robins and
Swiss events with `shatar tournament simulate` (even fields, so no pairing byes: the
library gives a bye a virtual opponent, FIDE C.07 practice, where S4's rules
count only real opponents), asks `shatar tournament standings --format csv` for the
columns BH, BH-C1, BH-M1, SB and WIN, computes the same from the event file's raw results
with tiebreak-core, and compares every value. Forfeits are included: both count a
forfeited game against its scheduled opponent.

Usage: scripts/check_tiebreaks.py [--events 20] [--shatar PATH]
Exit status: 0 if every value agrees, 1 otherwise, 2 if a tool fails.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
import tempfile
from pathlib import Path

from checklib import ensure_module, run, shatar_command
COLUMNS = {"BH": "buchholz", "BH-C1": "buchholz_cut1", "BH-M1": "median_buchholz",
           "SB": "sonneborn_berger", "WIN": "wins"}


def ensure_library():
    return ensure_module("tiebreak_core", "tiebreak-core", "1.2.0")


def points(result: dict, colour: str) -> float:
    kind = result["kind"]
    if kind == "adjusted":
        return float(result[colour])
    white = {"white-wins": 1.0, "white-wins-by-forfeit": 1.0, "draw": 0.5}.get(kind, 0.0)
    black = {"black-wins": 1.0, "black-wins-by-forfeit": 1.0, "draw": 0.5}.get(kind, 0.0)
    return white if colour == "white" else black


def library_values(tc, event: dict) -> dict:
    players = {p["number"]: tc.PlayerTiebreakData(p["number"], p.get("rating") or 0, 0.0, [])
               for p in event["players"]}
    for rnd in event["rounds"]:
        for p in rnd["pairings"]:
            if p.get("black") is None:
                players[p["white"]].points += float(p.get("bye_points") or 0)
                continue
            game = p["games"][0]
            for me, opp, colour in ((p["white"], p["black"], "white"), (p["black"], p["white"], "black")):
                s = points(game, colour)
                players[me].points += s
                players[me].games.append(tc.GameRecord(opp, 0, s, colour, rnd["number"]))
    return {n: {code: tc.calculate(d, players, name) for code, name in COLUMNS.items()}
            for n, d in players.items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--events", type=int, default=20)
    ap.add_argument("--shatar")
    args = ap.parse_args()
    tc = ensure_library()
    shatar = shatar_command(args.shatar)
    bad = compared = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.events):
            system = "round-robin" if i % 2 == 0 else "swiss"
            n = 6 + 2 * (i % 8) if system == "round-robin" else 10 + 4 * (i % 10)
            out = Path(tmp) / f"e{i}.json"
            run(shatar + ["tournament", "simulate", "--system", system, "--players", str(n),
                          "--seed", str(500 + i), "--forfeits", str(30 * (i % 3)), "--out", str(out)])
            ours = run(shatar + ["tournament", "standings", str(out), "--format", "csv",
                                 "--tiebreaks", "PTS," + ",".join(COLUMNS)])
            rows = list(csv.reader(io.StringIO(ours)))
            # Columns: place, number, name, PTS, then COLUMNS in order.
            theirs = library_values(tc, json.loads(out.read_text())["event"])
            diffs = []
            for row in rows[1:]:
                number = int(row[1])
                for k, code in enumerate(COLUMNS):
                    mine = float(row[4 + k])
                    other = float(theirs[number][code])
                    compared += 1
                    if abs(mine - other) > 1e-9:
                        diffs.append(f"player {number} {code}: ours {mine}, tiebreak-core {other}")
            bad += len(diffs)
            print(f"{'ok  ' if not diffs else 'DIFF'} {system:12} {n:2} players: "
                  f"{len(rows) - 1} players x {len(COLUMNS)} columns" + ("" if not diffs else "; " + "; ".join(diffs[:3])))
    print(f"{compared - bad}/{compared} values agree")
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
