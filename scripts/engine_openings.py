#!/usr/bin/env python3
"""Builds the balanced opening files of crates/engine/data/openings/.

For each ruleset: random legal moves (pyffish) from the ruleset's start after the first
round, then a short Fairy-Stockfish search of each candidate; positions it scores within
±MAX_CP centipawns are kept. The random generator is seeded, so the files can be
regenerated; Fairy-Stockfish's search is single-threaded at a fixed depth, so the scores
are reproducible on the same Fairy-Stockfish version (11.1 here).

Usage: scripts/engine_openings.py [--count 100] [--depth 10] [--max-cp 60]
"""

import argparse
import os
import random

import pyffish

import ucilib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "crates", "engine", "data", "openings")

# (output file, Fairy-Stockfish variant, start FENs after the first round)
RULESETS = [
    ("fsf.epd", "shatar", [None]),
    ("official.epd", "shatarofficial", [
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
        "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w - - 0 2",
    ]),
    ("traditional.epd", "shatartraditional", [
        "rnbjkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBJKBNR w - - 0 2",
        "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 2",
    ]),
]


class Engine(ucilib.UciEngine):
    """Fairy-Stockfish on one thread, set to a variant of the shipped variants file."""

    def __init__(self, variant):
        super().__init__([ucilib.FSF], {"VariantPath": ucilib.VARIANTS,
                                         "UCI_Variant": variant, "Threads": 1})
        self.isready()

    def score(self, fen, depth):
        """The centipawn score of the last `info` line at `depth`; a mate, either way, as
        100000 (never balanced); None without a score."""
        self.send(f"position fen {fen}")
        score = ucilib.last_score(self.go(f"depth {depth}"))
        if score is None:
            return None
        kind, value = score
        return value if kind == "cp" else 100000


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--max-cp", type=int, default=60)
    ap.add_argument("--seed", type=int, default=20261129)
    args = ap.parse_args()
    pyffish.load_variant_config(ucilib.variants_text())
    for name, variant, starts in RULESETS:
        rng = random.Random(args.seed)
        engine = Engine(variant)
        kept, seen, tried = [], set(), 0
        while len(kept) < args.count and tried < args.count * 20:
            tried += 1
            start = rng.choice(starts) or pyffish.start_fen(variant)
            plies = rng.randint(4, 8)
            moves = []
            for _ in range(plies):
                legal = pyffish.legal_moves(variant, start, moves)
                quiet = [m for m in legal if not pyffish.is_capture(variant, start, moves, m)]
                if not quiet:
                    break
                moves.append(rng.choice(quiet))
            fen = pyffish.get_fen(variant, start, moves)
            if pyffish.game_result(variant, start, moves) != 0 or \
                    not pyffish.legal_moves(variant, start, moves):
                continue
            key = " ".join(fen.split()[:2])
            if key in seen:
                continue
            seen.add(key)
            cp = engine.score(fen, args.depth)
            if cp is not None and abs(cp) <= args.max_cp:
                # The counters as a fresh set-up: halfmove clock 0, move number kept.
                kept.append(fen)
        engine.quit()
        path = os.path.join(OUT, name)
        with open(path, "w") as f:
            f.write(f"# {len(kept)} openings for {name[:-4]}: random quiet moves from the start after "
                    f"the first round,\n# kept when Fairy-Stockfish {variant} depth {args.depth} "
                    f"scores them within ±{args.max_cp} cp. Made by scripts/engine_openings.py "
                    f"--seed {args.seed}.\n")
            for fen in kept:
                f.write(fen + "\n")
        print(f"{path}: {len(kept)} of {tried} candidates")


if __name__ == "__main__":
    main()
