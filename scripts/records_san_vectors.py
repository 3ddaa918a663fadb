#!/usr/bin/env python3
"""Writes the records crate's cross-check files from pyffish (Fairy-Stockfish's Python API).

* crates/records/tests/data/san_fsf.txt, san_official.txt: random positions of the `fsf`
  ruleset (Fairy-Stockfish's `shatar`) and of `official` after its first round (the custom
  variant `shatarofficial` of crates/engine/data/openings/variants.ini, docs/rules.md §5),
  each with every legal move in UCI and pyffish's SAN (`get_san`).
* crates/records/tests/data/fsf_games.pgn: random `shatar` games written as PGN with
  pyffish's SAN, as Fairy-Stockfish-based tools (pychess.org) export them.

Usage: python3 scripts/records_san_vectors.py [--seed N] [--positions N] [--games N]
"""
import argparse
import os
import random

import pyffish as sf

import ucilib

OFFICIAL_STARTS = [
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
    "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w - - 0 2",
]
DATA = os.path.join(os.path.dirname(__file__), "..", "crates", "records", "tests", "data")


def random_game(rng, variant, start, max_plies, history=False):
    """Plays random legal moves from `start`; returns the UCI moves and the FENs before each.
    With `history`, stops at every game end Fairy-Stockfish knows (repetition included);
    without, only where no move is legal (faster: each step starts from the last FEN)."""
    moves, fens = [], []
    fen = start
    for _ in range(max_plies):
        legal = sf.legal_moves(variant, fen, [])
        if not legal:
            break
        # pychess.org ends games at Fairy-Stockfish's optional ends too (threefold
        # repetition, the 50-move rule), as the `fsf` ruleset does.
        if history and (sf.is_immediate_game_end(variant, start, moves)[0]
                        or sf.is_optional_game_end(variant, start, moves)[0]):
            break
        fens.append(fen)
        r = rng.random()
        board = fen.split()[0]
        # Bias: captures (target occupied) and pawn moves, so games thin out and promote.
        caps = [m for m in legal if piece_at(board, m[2:4]) is not None]
        pawns = [m for m in legal if (piece_at(board, m[0:2]) or " ").lower() == "p"]
        if caps and r < 0.4:
            m = rng.choice(caps)
        elif pawns and r < 0.6:
            m = rng.choice(pawns)
        else:
            m = rng.choice(legal)
        moves.append(m)
        fen = sf.get_fen(variant, fen, [m])
    fens.append(fen)
    return moves, fens


def piece_at(board, sq):
    file = ord(sq[0]) - ord("a")
    rank = int(sq[1:]) - 1
    rows = board.split("/")
    row = rows[7 - rank]
    f = 0
    for c in row:
        if c.isdigit():
            f += int(c)
        else:
            if f == file:
                return c
            f += 1
    return None


def result_of(variant, start, moves):
    immediate, value = sf.is_immediate_game_end(variant, start, moves)
    optional, optional_value = sf.is_optional_game_end(variant, start, moves)
    if optional and not immediate:
        immediate, value = optional, optional_value
    if not sf.legal_moves(variant, start, moves):
        immediate, value = True, sf.game_result(variant, start, moves)
    if not immediate:
        return "*"
    res = value
    if res > 0:
        return "1-0" if len(moves) % 2 == 0 else "0-1"
    if res < 0:
        return "0-1" if len(moves) % 2 == 0 else "1-0"
    return "1/2-1/2"


def write_vectors(rng, variant, starts, path, title, count):
    lines = [
        f"# SAN test vectors: {title}",
        f"# Source: pyffish {'.'.join(map(str, sf.version()))} (Fairy-Stockfish), get_san and legal_moves,",
        "# written by scripts/records_san_vectors.py from random games biased to captures and pawn moves.",
        "# Each line: FEN | uci san; uci san; ... (every legal move of the position)",
    ]
    if variant == "shatarofficial":
        lines.append("# Variant config: "
                     + ucilib.variant_section(variant).strip().replace("\n", " / "))
    written = 0
    while written < count:
        start = rng.choice(starts)
        _, fens = random_game(rng, variant, start, rng.randint(20, 260))
        for fen in fens:
            if rng.random() > 0.12:
                continue
            legal = sf.legal_moves(variant, fen, [])
            if not legal:
                continue
            pairs = "; ".join(f"{m} {sf.get_san(variant, fen, m)}" for m in sorted(legal))
            lines.append(f"{fen} | {pairs}")
            written += 1
            if written >= count:
                break
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def write_pgn(rng, path, count):
    start = sf.start_fen("shatar")
    out = [
        "; Random games of Fairy-Stockfish's `shatar` (pychess.org's Shatar), moves in pyffish's SAN.",
        f"; Source: pyffish {'.'.join(map(str, sf.version()))}, written by scripts/records_san_vectors.py.",
        "",
    ]
    for n in range(count):
        moves, _ = random_game(rng, "shatar", start, rng.randint(10, 300), history=True)
        result = result_of("shatar", start, moves)
        sans = sf.get_san_moves("shatar", start, moves)
        out.append('[Event "Random game %d"]' % (n + 1))
        out.append('[Site "pyffish"]')
        out.append('[Date "2026.11.29"]')
        out.append('[Round "-"]')
        out.append('[White "Random"]')
        out.append('[Black "Random"]')
        out.append('[Result "%s"]' % result)
        out.append('[Variant "Shatar"]')
        if n % 2 == 0:
            out.append('[FEN "%s"]' % start)
            out.append('[SetUp "1"]')
        out.append('[UCIMoves "%s"]' % " ".join(moves))
        out.append("")
        text = []
        for i, s in enumerate(sans):
            if i % 2 == 0:
                text.append(f"{i // 2 + 1}.")
            text.append(s)
        text.append(result)
        line = ""
        for t in text:
            if len(line) + len(t) + 1 > 79:
                out.append(line)
                line = t
            else:
                line = (line + " " + t) if line else t
        out.append(line)
        out.append("")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--only-pgn", action="store_true", help="write only fsf_games.pgn")
    args = ap.parse_args()
    sf.load_variant_config(ucilib.variants_text())
    rng = random.Random(args.seed)
    if args.only_pgn:
        write_pgn(rng, os.path.join(DATA, "fsf_games.pgn"), args.games)
        return
    write_vectors(rng, "shatar", [sf.start_fen("shatar")], os.path.join(DATA, "san_fsf.txt"),
                  "ruleset fsf = Fairy-Stockfish variant shatar", args.positions)
    write_vectors(rng, "shatarofficial", OFFICIAL_STARTS, os.path.join(DATA, "san_official.txt"),
                  "ruleset official after the first round = custom variant shatarofficial", args.positions)
    write_pgn(rng, os.path.join(DATA, "fsf_games.pgn"), args.games)


if __name__ == "__main__":
    main()
