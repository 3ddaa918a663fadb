#!/usr/bin/env python3
"""Search speed of our engine against Fairy-Stockfish on the same positions, in one run.

Each engine searches each position for MOVETIME ms on one thread; the nodes per second of
its last `info` line are reported, then the totals and the ratio.

Usage: scripts/engine_nps.py ENGINE_COMMAND [--movetime 1000]
  e.g. scripts/engine_nps.py "shatar uci"
"""

import argparse
import shlex

import ucilib

# (our UCI_Variant, Fairy-Stockfish's, FEN) — the fsf and official positions of `bench`.
POSITIONS = [
    ("shatar", "shatar", "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1"),
    ("shatar", "shatar", "r1bjkb1r/ppp2ppp/2n2n2/3pp3/3P4/2N1PN2/PPP2PPP/R1BJKB1R w - - 0 4"),
    ("shatar", "shatar", "2r3k1/pp3ppp/2n1b3/3p4/3P4/2N1B3/PP3PPP/2R3K1 w - - 0 20"),
    ("shatar", "shatar", "8/5k2/3p4/1p1P4/1P3K2/8/8/3R4 w - - 0 40"),
    ("shatar-official", "shatarofficial", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2"),
    ("shatar-official", "shatarofficial", "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w - - 4 4"),
    ("shatar-official", "shatarofficial", "r4rk1/pp2qppp/2np1n2/2b1p3/4P3/2NP1N2/PPP1QPPP/R1B2RK1 w - - 0 10"),
    ("shatar-official", "shatarofficial", "8/pp3k2/2p5/4R3/8/1P4P1/P4PK1/3r4 b - - 0 35"),
]


def search(command, options, fen, movetime):
    """(nodes, nps, depth) of the last `info` line with nodes and nps of a fresh `command`
    process searching `fen` for `movetime` ms after setting `options`."""
    nodes = nps = depth = 0
    with ucilib.UciEngine(command, options) as engine:
        engine.isready()
        engine.send(f"position fen {fen}")
        for line in engine.go(f"movetime {movetime}"):
            w = line.split()
            if w and w[0] == "info" and "nps" in w and "nodes" in w:
                nodes = int(w[w.index("nodes") + 1])
                nps = int(w[w.index("nps") + 1])
                depth = int(w[w.index("depth") + 1])
    return nodes, nps, depth


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("engine")
    ap.add_argument("--movetime", type=int, default=1000)
    args = ap.parse_args()
    ours_cmd = shlex.split(args.engine)
    total = {"ours": 0, "fsf": 0}
    print(f"{'position':<72} {'ours nps':>9} {'depth':>5} {'fsf nps':>9} {'depth':>5}")
    for ours_var, fsf_var, fen in POSITIONS:
        _, ours_nps, ours_depth = search(
            ours_cmd, {"UCI_Variant": ours_var}, fen, args.movetime)
        _, fsf_nps, fsf_depth = search(
            [ucilib.FSF], {"VariantPath": ucilib.VARIANTS, "UCI_Variant": fsf_var}, fen,
            args.movetime)
        total["ours"] += ours_nps
        total["fsf"] += fsf_nps
        print(f"{fen:<72} {ours_nps:>9} {ours_depth:>5} {fsf_nps:>9} {fsf_depth:>5}")
    n = len(POSITIONS)
    print(f"mean nps: ours {total['ours'] // n}, Fairy-Stockfish {total['fsf'] // n}, "
          f"ratio {total['ours'] / max(total['fsf'], 1):.2f}")


if __name__ == "__main__":
    main()
