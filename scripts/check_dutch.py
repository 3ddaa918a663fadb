#!/usr/bin/env python3
"""Check Shatar's FIDE Dutch pairings round by round against an independent engine.

Installs `caissify-pairings` (a FIDE Dutch engine that reads TRF) with pip if it is not
importable, simulates events with `shatar tournament simulate`, exports each one with
`shatar tournament export-trf`, and lets caissify's pairing checker re-pair every round
from the rounds before it. Prints one line per event and the discrepancies of the first
mismatched rounds.

Usage:
    scripts/check_dutch.py [--system dutch] [--events 30] [--shatar PATH]

`--shatar` (or the SHATAR environment variable) names the `shatar` binary; without it the
script runs `cargo run --release -q -p shatar-cli --` from the repository root.

Exit status: 0 when every round of every event agrees, 1 when some round differs, 2 when
the engine cannot be installed or `shatar` fails (the message says which).
"""

from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

PACKAGE = "caissify-pairings"
VERSION = "0.5.0"
ROOT = Path(__file__).resolve().parent.parent


def ensure_engine():
    """Import caissify's TRF checker, installing the package once if needed."""
    try:
        return importlib.import_module("caissify_pairings.fpc")
    except ImportError:
        pass
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", f"{PACKAGE}=={VERSION}"]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"cannot install {PACKAGE}: {' '.join(cmd)} failed:\n{done.stderr.strip()}")
    importlib.invalidate_caches()
    try:
        return importlib.import_module("caissify_pairings.fpc")
    except ImportError as e:
        sys.exit(f"{PACKAGE} installed but cannot be imported: {e}")


def shatar_command(path: str | None) -> list[str]:
    path = path or os.environ.get("SHATAR")
    if path:
        return [path]
    return ["cargo", "run", "--release", "-q", "-p", "shatar-cli", "--"]


def run(cmd: list[str]) -> str:
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        print(f"shatar failed: {' '.join(cmd)}\n{done.stderr.strip()}", file=sys.stderr)
        sys.exit(2)
    return done.stdout


def configurations(count: int):
    """Deterministic spread of fields: 9–150 players, 5–11 rounds, some with forfeits
    and withdrawals, odd fields (byes) included."""
    for i in range(count):
        players = 9 + (i * 47) % 142  # 9..150
        rounds = 5 + (i * 3) % 7  # 5..11
        rounds = min(rounds, players - 1)
        forfeits = 0 if i % 3 == 0 else 20 + (i % 5) * 10
        withdrawals = 0 if i % 4 == 0 else 5 + (i % 3) * 5
        yield players, rounds, 1000 + i, forfeits, withdrawals


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--system", default="dutch", help="system to simulate (default dutch)")
    ap.add_argument("--events", type=int, default=30)
    ap.add_argument("--shatar", help="path to the shatar binary")
    ap.add_argument("--show", type=int, default=3, help="discrepancies shown per event")
    args = ap.parse_args()

    fpc = ensure_engine()
    shatar = shatar_command(args.shatar)
    total_rounds = matched_rounds = 0
    failed_events = 0
    with tempfile.TemporaryDirectory() as tmp:
        for players, rounds, seed, forfeits, withdrawals in configurations(args.events):
            event = Path(tmp) / f"e{seed}.json"
            run(shatar + ["tournament", "simulate", "--system", args.system,
                          "--players", str(players), "--rounds", str(rounds),
                          "--seed", str(seed), "--model", "rating",
                          "--forfeits", str(forfeits), "--withdrawals", str(withdrawals),
                          "--out", str(event)])
            trf = run(shatar + ["tournament", "export-trf", str(event)])
            report = fpc.check_trf(trf)
            s = report["summary"]
            total_rounds += s["rounds_checked"]
            matched_rounds += s["rounds_matched"]
            ok = s["rounds_mismatched"] == 0
            failed_events += 0 if ok else 1
            print(f"{'ok  ' if ok else 'DIFF'} players={players:3} rounds={rounds:2} seed={seed} "
                  f"forfeits={forfeits}‰ withdrawals={withdrawals}‰: "
                  f"{s['rounds_matched']}/{s['rounds_checked']} rounds identical")
            if not ok:
                for r in report["rounds"]:
                    if not r["match"]:
                        shown = r["discrepancies"][: args.show]
                        print(f"      round {r['round']}: {'; '.join(shown)}")
                        break
    print(f"{matched_rounds}/{total_rounds} rounds identical; "
          f"{args.events - failed_events}/{args.events} events identical in every round")
    return 0 if failed_events == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
