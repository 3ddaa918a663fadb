#!/usr/bin/env python3
"""Where the games of a match were decided, by Fairy-Stockfish's score after every ply.

Reads a PGN written by `shatar match --pgn` (its `Ruleset` tag says which Fairy-Stockfish
variant scores it: `shatar` for fsf, `shatarofficial` from the shipped variants file
otherwise), scores every position of every game with Fairy-Stockfish at `go depth DEPTH`,
and reports, from the side of the engine named NAME:
  - per game: the result and the ply at which the game was decided, that is the first ply
    from which the score stays beyond 150 cp (and never comes back inside 50 cp);
  - for the lost and the won games, how many were decided in each span of ten moves;
  - the mean score at plies 0, 10, 20, 40, 60 and 80 after the opening position.
The scores are Fairy-Stockfish's: a game it won reads as decided where it saw it so.

Usage: scripts/engine_where_decided.py PGN [--name engine1] [--depth 9] [--out FILE]
  SHATAR=path/to/shatar (default target/release/shatar) converts the PGN.
"""

import argparse
import collections
import os
import re
import statistics
import subprocess

import ucilib

HERE = os.path.dirname(os.path.abspath(__file__))
FSF = os.environ.get("FSF", ucilib.FSF)
SHATAR = os.environ.get("SHATAR", os.path.join(HERE, "..", "target", "release", "shatar"))
DECIDED, HELD = 150, 50


class Scorer(ucilib.UciEngine):
    """One Fairy-Stockfish process, set to a variant, scoring positions at a fixed depth."""

    def __init__(self, variant, depth):
        self.depth = depth
        options = {} if variant == "shatar" else {"VariantPath": ucilib.VARIANTS}
        options["UCI_Variant"] = variant
        super().__init__([FSF], options)
        self.isready()

    def score(self, fen, moves):
        """The score for the side to move, mates as ±30000."""
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        score = ucilib.last_score(self.go(f"depth {self.depth}"))
        if score is None:
            return 0
        kind, value = score
        return value if kind == "cp" else (30000 if value > 0 else -30000)


def games(pgn_path):
    """(white, result, ruleset, start FEN, UCI moves) of each game of the PGN."""
    text = open(pgn_path, encoding="utf-8").read()
    tags = re.findall(r'\[White "([^"]*)"\].*?\[Result "([^"]+)"\].*?\[Ruleset "([^"]+)"\]',
                      text, re.S)
    full = subprocess.run([SHATAR, "record", "convert", "--to", "full", pgn_path],
                          check=True, capture_output=True, text=True).stdout
    blocks = full.split("White: ")[1:]
    if len(tags) != len(blocks):
        raise SystemExit(f"{pgn_path}: {len(tags)} games by their tags, {len(blocks)} converted")
    for (white, result, ruleset), block in zip(tags, blocks):
        fen = re.search(r"FEN: (.*)", block).group(1).strip()
        moves = []
        for a, b, promo in re.findall(r"([a-h][1-8])[—:]([a-h][1-8])([QRBN]?)", block):
            # Fairy-Stockfish's Shatar writes the bers (`Q` in SAN) as `j`.
            letter = promo.lower()
            if letter == "q" and ruleset == "fsf":
                letter = "j"
            moves.append(a + b + letter)
        yield white, result, ruleset, fen, moves


def decided_at(scores, sign):
    """The first ply from which sign·score stays at DECIDED or more (never below HELD)."""
    for i, s in enumerate(scores):
        if sign * s >= DECIDED and all(sign * x >= HELD for x in scores[i:]):
            return i
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn")
    ap.add_argument("--name", default="engine1")
    ap.add_argument("--depth", type=int, default=9)
    ap.add_argument("--out")
    args = ap.parse_args()
    out = open(args.out, "w", encoding="utf-8") if args.out else None
    scorers = {}
    spans = collections.Counter()
    rows = []
    for n, (white, result, ruleset, fen, moves) in enumerate(games(args.pgn), 1):
        variant = "shatar" if ruleset == "fsf" else "shatarofficial"
        if variant not in scorers:
            scorers[variant] = Scorer(variant, args.depth)
        ours_white = white == args.name
        white_first = fen.split()[1] == "w"
        scores = []
        for k in range(len(moves)):
            s = scorers[variant].score(fen, moves[:k])
            white_to_move = white_first == (k % 2 == 0)
            s_white = s if white_to_move else -s
            scores.append(s_white if ours_white else -s_white)
        if result == "1/2-1/2":
            mark = "D"
        else:
            mark = "W" if (result == "1-0") == ours_white else "L"
        at = None if mark == "D" else decided_at(scores, 1 if mark == "W" else -1)
        if at is not None:
            spans[(mark, at // 20 * 10)] += 1
        rows.append(scores)
        line = f"game {n} {mark} plies {len(moves)} decided at ply {at}"
        print(line, flush=True)
        if out:
            out.write(f"{n} {mark} {len(moves)} " + " ".join(map(str, scores)) + "\n")
    for s in scorers.values():
        s.quit()
    for mark, word in (("L", "lost"), ("W", "won")):
        print(f"{word}, decided in moves (after the opening position) "
              + ", ".join(f"{m}-{m + 9}: {c}" for (k, m), c in sorted(spans.items())
                          if k == mark))
    for ply in (0, 10, 20, 40, 60, 80):
        scored = [max(-1000, min(1000, r[ply])) for r in rows if len(r) > ply]
        if scored:
            print(f"ply {ply}: mean score {statistics.mean(scored):+.0f} cp "
                  f"over {len(scored)} games")


if __name__ == "__main__":
    main()
