#!/usr/bin/env python3
"""Perft speed: our `shatar perft` against Fairy-Stockfish's `go perft`, side by side.

Both run single-threaded on the same positions (the `fsf` start position at depth 6 and
three middlegame/endgame positions); both must report the same node count, or the
benchmark stops. Each measurement is repeated (`--runs`, default 5) and the median wall
time of the whole process is used for both programs, so start-up costs count against both.
Prints nodes per second for each and the ratio ours / Fairy-Stockfish.

Usage:  python3 scripts/bench_perft.py [--runs 5] [--shatar target/release/shatar]
It builds the release binary first (`cargo build --release -p shatar-cli`) and installs
Fairy-Stockfish (`apt-get install fairy-stockfish`) if it is missing.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

FSF = "/usr/games/fairy-stockfish"

# (name, FEN, depth). FENs use Fairy-Stockfish's letters (J = weak bers).
POSITIONS = [
    ("fsf start", "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1", 6),
    ("middlegame", "r1bjk2r/pp3ppp/2n1pn2/2bp4/3P4/2N1PN2/PPB2PPP/R1BJK2R w - - 2 8", 5),
    ("open middlegame", "2rj1rk1/pp1b1ppp/2n1pn2/3p4/1b1P4/2NBPN2/PP1B1PPP/2RJ1RK1 w - - 6 12", 5),
    ("endgame", "8/5pk1/3r2p1/p1p1p2p/2P1P3/1P3J1P/P4PP1/3R2K1 w - - 0 30", 6),
]


def ensure_fsf():
    if not os.path.exists(FSF):
        subprocess.check_call(["apt-get", "install", "-y", "-qq", "fairy-stockfish"])


def run_ours(binary, fen, depth):
    started = time.perf_counter()
    out = subprocess.run([binary, "perft", "--ruleset", "fsf", "--fen", fen, "--depth", str(depth)],
                         check=True, capture_output=True, text=True).stdout
    elapsed = time.perf_counter() - started
    return int(out.strip().splitlines()[-1].split(":")[1]), elapsed


def run_fsf(fen, depth):
    commands = f"uci\nsetoption name Threads value 1\nsetoption name UCI_Variant value shatar\nposition fen {fen}\ngo perft {depth}\nquit\n"
    started = time.perf_counter()
    out = subprocess.run([FSF], input=commands, check=True, capture_output=True, text=True).stdout
    elapsed = time.perf_counter() - started
    nodes = [line for line in out.splitlines() if line.startswith("Nodes searched")]
    return int(nodes[-1].split(":")[1]), elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--shatar", default=None)
    args = parser.parse_args()
    ensure_fsf()
    binary = args.shatar
    if binary is None:
        subprocess.check_call(["cargo", "build", "--release", "--quiet", "-p", "shatar-cli"])
        target = os.environ.get("CARGO_TARGET_DIR", "target")
        binary = os.path.join(target, "release", "shatar")
    print(f"{'position':<16} {'depth':>5} {'nodes':>12} {'ours Mn/s':>10} {'FSF Mn/s':>9} {'ratio':>6}")
    ratios = []
    total_ours = total_fsf = total_nodes = 0.0
    for name, fen, depth in POSITIONS:
        ours, theirs = [], []
        for _ in range(args.runs):
            n_ours, t_ours = run_ours(binary, fen, depth)
            n_fsf, t_fsf = run_fsf(fen, depth)
            if n_ours != n_fsf:
                sys.exit(f"node counts differ on {name}: ours {n_ours}, Fairy-Stockfish {n_fsf}")
            ours.append(t_ours)
            theirs.append(t_fsf)
        t_ours, t_fsf = statistics.median(ours), statistics.median(theirs)
        ratio = t_fsf / t_ours
        ratios.append(ratio)
        total_ours += t_ours
        total_fsf += t_fsf
        total_nodes += n_ours
        print(f"{name:<16} {depth:>5} {n_ours:>12} {n_ours / t_ours / 1e6:>10.1f} {n_fsf / t_fsf / 1e6:>9.1f} {ratio:>5.1f}x")
    print(f"{'total':<16} {'':>5} {int(total_nodes):>12} {total_nodes / total_ours / 1e6:>10.1f} {total_nodes / total_fsf / 1e6:>9.1f} {total_fsf / total_ours:>5.1f}x")
    print(f"median ratio (ours / Fairy-Stockfish, nodes per second): {statistics.median(ratios):.1f}x")


if __name__ == "__main__":
    main()
