#!/usr/bin/env python3
"""Check Shatar's FIDE Dutch pairings round by round against an independent engine.

Simulates events with `shatar tournament simulate`, exports each one with
`shatar tournament export-trf`, and lets an independent engine re-pair every round from
the rounds before it. Prints one line per event and the discrepancies of the first
mismatched round. Engines (`--engine`), each installed with pip if not importable:

- `caissify` (default): `caissify-pairings`, a FIDE Dutch engine whose checker reads TRF.
- `py4swiss`: `py4swiss`, a Dutch engine built the way bbpPairings (a FIDE-endorsed
  engine) works, reading TRF(x): for round R it gets the file cut after round R-1, the
  points column recomputed, and a zero-point absence for players not paired in round R.
  py4swiss 0.3.1 reads the 2017 text of C.04.3 where the rules in force since July 2025
  (and bbpPairings, caissify-pairings and Shatar) differ: it counts a game lost by
  forfeit as a downfloat and does not settle the bye's score before the brackets, so it
  disagrees by design in rounds where those matter.
- `both`: each in turn; an event counts as identical only if both agree.

Usage:
    scripts/check_dutch.py [--system dutch] [--events 30] [--shatar PATH]
                           [--players 9-150] [--rounds 5-11] [--first 0]

`--players` and `--rounds` bound the spread of fields and lengths; `--first` skips that
many configurations of the deterministic sequence (so runs can be split or extended).

`--shatar` (or the SHATAR environment variable) names the `shatar` binary; without it the
script runs `cargo run --release -q -p shatar-cli --` from the repository root.

Exit status: 0 when every round of every event agrees, 1 when some round differs, 2 when
the engine cannot be installed or `shatar` fails (the message says which).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from checklib import ensure_module, run, shatar_command

PACKAGE = "caissify-pairings"
VERSION = "0.5.0"
PY4SWISS = "py4swiss"
PY4SWISS_VERSION = "0.3.1"


def ensure_engine():
    """Import caissify's TRF checker, installing the package once if needed."""
    return ensure_module("caissify_pairings.fpc", PACKAGE, VERSION)


FIRST = 91  # 0-based column of the first round block (TRF-16 column 92)
WIDTH = 10
POINTS = {"1": 1.0, "+": 1.0, "W": 1.0, "U": 1.0, "F": 1.0, "=": 0.5, "D": 0.5, "H": 0.5}


def blocks(line: str) -> list[str]:
    out = []
    col = FIRST
    while col < len(line):
        out.append(line[col:col + 8].ljust(8))
        col += WIDTH
    return out


def round_of(lines: list[str], r: int):
    """Games (White, Black) — unordered pairs for games written without colours (older
    exports wrote forfeits so) — and byes of round r (1-based) as written in the TRF's
    player lines."""
    games, loose, byes = set(), set(), set()
    for line in lines:
        me = int(line[4:8])
        b = blocks(line)
        if len(b) < r:
            continue
        blk = b[r - 1]
        opp = blk[:4].strip()
        if not opp or int(opp) == 0:
            if blk[7] == "U":
                byes.add(me)
            continue
        opp = int(opp)
        if blk[5] == "w":
            games.add((me, opp))
        elif blk[5] == "-":
            loose.add((min(me, opp), max(me, opp)))
    return games, loose, byes


def cut(header: list[str], lines: list[str], r: int) -> str:
    """The TRF before round r, with points after round r-1 and absences in round r."""
    out = list(header)
    for line in lines:
        me = int(line[4:8])
        b = []
        for x in blocks(line)[: r - 1]:
            opp = int(x[:4].strip() or 0)
            if opp and x[5] == "-":
                # An unplayed game written without colours (older exports): TRF(x)
                # readers want its pairing colours, which count for nothing; any
                # consistent pair will do.
                x = x[:5] + ("w" if me < opp else "b") + x[6:]
            b.append(x)
        points = sum(POINTS.get(x[7], 0.0) for x in b)
        head = line[:80] + f"{points:4.1f}" + line[84:FIRST - 2]
        row = head + "".join("  " + x for x in b)
        nxt = blocks(line)[r - 1] if len(blocks(line)) >= r else "0000 - Z"
        if int(nxt[:4].strip() or 0) == 0 and nxt[7] != "U":
            row += "  0000 - Z"
        out.append(row.rstrip())
    return "\n".join(out) + "\n"


def check_py4swiss(trf: str, rounds: int) -> dict:
    """Re-pairs every round with py4swiss; a report shaped like caissify's."""
    ensure_module("py4swiss", PY4SWISS, PY4SWISS_VERSION)
    from py4swiss.engines import DutchEngine
    from py4swiss.trf import TrfParser

    text = trf.splitlines()
    header = [l for l in text if not l.startswith("001")]
    lines = [l for l in text if l.startswith("001")]
    report = {"rounds": []}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cut.trf"
        for r in range(1, rounds + 1):
            path.write_text(cut(header, lines, r), encoding="utf-8")
            ours, loose, our_byes = round_of(lines, r)
            try:
                theirs = DutchEngine.generate_pairings(TrfParser.parse(path))
            except Exception as e:  # the engine's own failure is a discrepancy too
                report["rounds"].append({"round": r, "match": False,
                                         "discrepancies": [f"py4swiss failed: {e}"]})
                continue
            t_games = {(p.white, p.black) for p in theirs if p.black != 0}
            t_byes = {p.white for p in theirs if p.black == 0}
            # Games written without colours (older exports): compare as unordered pairs.
            t_loose = {(min(a, b), max(a, b)) for a, b in t_games if (min(a, b), max(a, b)) in loose}
            t_games = {g for g in t_games if (min(g), max(g)) not in loose}
            diffs = [f"ours only: {a} v {b}" for a, b in sorted(ours - t_games)]
            diffs += [f"py4swiss only: {a} v {b}" for a, b in sorted(t_games - ours)]
            diffs += [f"ours only (unplayed): {a}-{b}" for a, b in sorted(loose - t_loose)]
            diffs += [f"ours only: bye {x}" for x in sorted(our_byes - t_byes)]
            diffs += [f"py4swiss only: bye {x}" for x in sorted(t_byes - our_byes)]
            report["rounds"].append({"round": r, "match": not diffs, "discrepancies": diffs})
    matched = sum(1 for x in report["rounds"] if x["match"])
    report["summary"] = {"rounds_checked": len(report["rounds"]), "rounds_matched": matched,
                         "rounds_mismatched": len(report["rounds"]) - matched}
    return report


def span(text: str) -> tuple[int, int]:
    low, _, high = text.partition("-")
    low_n = int(low)
    high_n = int(high) if high else low_n
    if high_n < low_n:
        raise argparse.ArgumentTypeError(f"{text}: the upper bound is below the lower")
    return low_n, high_n


def configurations(count: int, players_span=(9, 150), rounds_span=(5, 11), first: int = 0):
    """Deterministic spread of fields (by default 9–150 players, 5–11 rounds), some with
    forfeits and withdrawals, odd fields (byes) included."""
    p_low, p_high = players_span
    r_low, r_high = rounds_span
    for i in range(first, first + count):
        players = p_low + (i * 47) % (p_high - p_low + 1)
        r_span = r_high - r_low + 1
        # Step 3 through the rounds, or 1 where 3 would always land on the same number.
        rounds = r_low + (i * (3 if r_span % 3 else 1)) % r_span
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
    ap.add_argument("--players", type=span, default=(9, 150), help="field sizes, LOW-HIGH")
    ap.add_argument("--rounds", type=span, default=(5, 11), help="rounds, LOW-HIGH")
    ap.add_argument("--first", type=int, default=0, help="configurations skipped")
    ap.add_argument("--engine", choices=["caissify", "py4swiss", "both"], default="caissify")
    args = ap.parse_args()

    engines = ["caissify", "py4swiss"] if args.engine == "both" else [args.engine]
    fpc = ensure_engine() if "caissify" in engines else None
    shatar = shatar_command(args.shatar)
    total_rounds = matched_rounds = 0
    failed_events = 0
    with tempfile.TemporaryDirectory() as tmp:
        for players, rounds, seed, forfeits, withdrawals in configurations(
            args.events, args.players, args.rounds, args.first
        ):
            event = Path(tmp) / f"e{seed}.json"
            run(shatar + ["tournament", "simulate", "--system", args.system,
                          "--players", str(players), "--rounds", str(rounds),
                          "--seed", str(seed), "--model", "rating",
                          "--forfeits", str(forfeits), "--withdrawals", str(withdrawals),
                          "--out", str(event)])
            trf = run(shatar + ["tournament", "export-trf", str(event)])
            event_ok = True
            for engine in engines:
                if engine == "caissify":
                    report = fpc.check_trf(trf)
                else:
                    report = check_py4swiss(trf, rounds)
                s = report["summary"]
                total_rounds += s["rounds_checked"]
                matched_rounds += s["rounds_matched"]
                ok = s["rounds_mismatched"] == 0
                event_ok &= ok
                print(f"{'ok  ' if ok else 'DIFF'} {engine:9} players={players:3} rounds={rounds:2} "
                      f"seed={seed} forfeits={forfeits}‰ withdrawals={withdrawals}‰: "
                      f"{s['rounds_matched']}/{s['rounds_checked']} rounds identical", flush=True)
                if not ok:
                    for r in report["rounds"]:
                        if not r["match"]:
                            shown = r["discrepancies"][: args.show]
                            print(f"      round {r['round']}: {'; '.join(shown)}", flush=True)
                            break
            failed_events += 0 if event_ok else 1
    print(f"{matched_rounds}/{total_rounds} rounds identical; "
          f"{args.events - failed_events}/{args.events} events identical in every round")
    return 0 if failed_events == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
