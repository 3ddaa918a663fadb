#!/usr/bin/env python3
"""Time Shatar's FIDE Dutch pairing against py4swiss on the same event, in one run.

Simulates one event with `shatar tournament simulate --system dutch` (the whole event is
timed), exports it with `shatar tournament export-trf`, then for every round R:

- py4swiss pairs round R from the TRF cut after round R-1, fed exactly as
  `scripts/check_dutch.py` feeds it (py4swiss is built the way bbpPairings is; neither
  bbpPairings nor JaVaFo is packaged where this project installs from);
- Shatar pairs round R again from the event file cut after round R-1
  (`shatar tournament pair`, one process per round: reading the file is counted).

Prints each round's two times, whether Shatar's re-pairing equals the simulated round and
whether py4swiss's pairing equals it, then the median and total of each and the ratio.

Usage:
    scripts/bench_dutch.py [--players 1000] [--rounds 11] [--seed 2026] [--shatar PATH]
                           [--model random] [--forfeits 0] [--withdrawals 0]
                           [--skip-py4swiss]

`--shatar` (or the SHATAR environment variable) names the `shatar` binary; without it the
script runs `cargo run --release -q -p shatar-cli --` from the repository root.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import check_dutch  # noqa: E402  (the TRF cut and round reading are shared)


def timed(cmd: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=check_dutch.ROOT)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"shatar failed: {' '.join(cmd)}\n{done.stderr.strip()}")
    return elapsed, done.stdout


def games_of(round_json: dict) -> set:
    """Games of a stored round as (White, Black); a bye as (player, 0)."""
    return {(p["white"], p.get("black") or 0) for p in round_json["pairings"]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--model", default="random", choices=["random", "rating"])
    ap.add_argument("--forfeits", type=int, default=0, help="forfeits per thousand games")
    ap.add_argument("--withdrawals", type=int, default=0, help="per thousand players and rounds")
    ap.add_argument("--shatar", help="path to the shatar binary")
    ap.add_argument("--skip-py4swiss", action="store_true", help="time Shatar only")
    args = ap.parse_args()

    shatar = check_dutch.shatar_command(args.shatar)
    if not args.skip_py4swiss:
        check_dutch.ensure_module("py4swiss", check_dutch.PY4SWISS, check_dutch.PY4SWISS_VERSION)
        from py4swiss.engines import DutchEngine
        from py4swiss.trf import TrfParser

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        event = tmp / "event.json"
        whole, _ = timed(shatar + ["tournament", "simulate", "--system", "dutch",
                                   "--players", str(args.players), "--rounds", str(args.rounds),
                                   "--seed", str(args.seed), "--model", args.model,
                                   "--forfeits", str(args.forfeits),
                                   "--withdrawals", str(args.withdrawals),
                                   "--out", str(event)])
        print(f"shatar simulate: {args.players} players, {args.rounds} rounds: {whole:.2f} s "
              f"for the whole event", flush=True)
        _, trf = timed(shatar + ["tournament", "export-trf", str(event)])
        text = trf.splitlines()
        header = [line for line in text if not line.startswith("001")]
        lines = [line for line in text if line.startswith("001")]
        stored = json.loads(event.read_text(encoding="utf-8"))
        rounds = stored["event"]["rounds"]

        ours_times, theirs_times = [], []
        print(f"{'round':>5} {'shatar s':>9} {'same':>5} {'py4swiss s':>11} {'agrees':>7}")
        for r in range(1, len(rounds) + 1):
            # Shatar: the event cut after round r-1, paired again.
            cut = json.loads(json.dumps(stored))
            cut["event"]["rounds"] = rounds[: r - 1]
            path = tmp / f"cut{r}.json"
            path.write_text(json.dumps(cut), encoding="utf-8")
            ours, _ = timed(shatar + ["tournament", "pair", str(path)])
            again = json.loads(path.read_text(encoding="utf-8"))["event"]["rounds"][r - 1]
            same = games_of(again) == games_of(rounds[r - 1])
            ours_times.append(ours)
            theirs_text, agrees = "-", "-"
            if not args.skip_py4swiss:
                trf_path = tmp / f"cut{r}.trf"
                trf_path.write_text(check_dutch.cut(header, lines, r), encoding="utf-8")
                start = time.perf_counter()
                pairs = DutchEngine.generate_pairings(TrfParser.parse(trf_path))
                theirs = time.perf_counter() - start
                theirs_times.append(theirs)
                games, loose, byes = check_dutch.round_of(lines, r)
                t_games = {(p.white, p.black) for p in pairs if p.black != 0}
                t_byes = {p.white for p in pairs if p.black == 0}
                t_loose = {(min(a, b), max(a, b)) for a, b in t_games}
                t_colour = {g for g in t_games if (min(g), max(g)) not in loose}
                agrees = "yes" if (t_colour == games and loose <= t_loose and t_byes == byes) else "no"
                theirs_text = f"{theirs:11.2f}"
            print(f"{r:5} {ours:9.2f} {'yes' if same else 'NO':>5} {theirs_text:>11} {agrees:>7}",
                  flush=True)

        print(f"shatar:   median {statistics.median(ours_times):.2f} s per round, "
              f"{sum(ours_times):.2f} s for all rounds")
        if theirs_times:
            print(f"py4swiss: median {statistics.median(theirs_times):.2f} s per round, "
                  f"{sum(theirs_times):.2f} s for all rounds")
            ratio = statistics.median(ours_times) / statistics.median(theirs_times)
            print(f"ratio shatar / py4swiss (medians): {ratio:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
