#!/usr/bin/env python3
"""Game-result vectors for the `fsf` ruleset, decided by Fairy-Stockfish (pyffish).

Plays random games under Fairy-Stockfish's `shatar` variant, biased towards checks and
captures so that mates (counting, void by the shak rule, and horse mates that lose) occur
often, from the start position and from sparse random endgames. After every move the game
is judged the way Fairy-Stockfish judges it:

1. `is_immediate_game_end` (the bare-king rule);
2. no legal move: `game_result` (checkmate with the shak rule and the horse-mate rule, or
   stalemate);
3. `is_optional_game_end` (threefold repetition, fifty moves), which the `fsf` ruleset makes
   automatic.

Each line of the output is `start FEN ; moves (UCI) ; result ; how`, where result is `1-0`,
`0-1` or `1/2-1/2` and how is `immediate`, `mate`, `stalemate` or `optional`. The test
`crates/rules/tests/fsf_results.rs` replays every game with the rules core and checks that
the game ends exactly at its last move, with this result.

Usage:  python3 scripts/fsf_results.py [--games 400] [--seed 1] [--seconds 600] [--out crates/rules/tests/data/fsf-results.txt]
Needs pyffish (`pip install pyffish`; installed here if missing).
"""

import argparse
import random
import subprocess
import sys
import time

try:
    import pyffish as sf
except ImportError:  # pragma: no cover - installation path
    subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "pyffish"])
    import pyffish as sf

VARIANT = "shatar"


def result_text(value, white_to_move):
    """Convert a side-to-move value into a PGN result."""
    if value == 0:
        return "1/2-1/2"
    side_to_move_wins = value > 0
    white_wins = side_to_move_wins == white_to_move
    return "1-0" if white_wins else "0-1"


def side_not_to_move_in_check(fen):
    """Whether the side that just moved has left its king attacked (an illegal position)."""
    fields = fen.split()
    fields[1] = "b" if fields[1] == "w" else "w"
    return sf.gives_check(VARIANT, " ".join(fields), [])


def random_endgame(rng):
    """A sparse random legal position: kings plus a few men, never a bare king."""
    while True:
        board = [[None] * 8 for _ in range(8)]
        squares = rng.sample(range(64), 64)
        pos = iter(squares)

        def put(piece):
            while True:
                sq = next(pos)
                rank, file = divmod(sq, 8)
                if piece.lower() == "p" and rank in (0, 7):
                    continue
                board[rank][file] = piece
                return

        put("K")
        put("k")
        for side in (str.upper, str.lower):
            for _ in range(rng.randint(2, 5)):
                put(side(rng.choice("JRRNNBBPPP")))
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for file in range(8):
                p = board[rank][file]
                if p is None:
                    empty += 1
                else:
                    if empty:
                        row += str(empty)
                        empty = 0
                    row += p
            if empty:
                row += str(empty)
            rows.append(row)
        turn = rng.choice("wb")
        fen = "/".join(rows) + f" {turn} - - 0 1"
        if sf.validate_fen(fen, VARIANT) != sf.FEN_OK:
            continue
        # The side not to move must not be in check (pyffish's validate_fen does not look):
        # with the turn flipped, the side to move would be the one in check.
        if side_not_to_move_in_check(fen):
            continue
        moves = sf.legal_moves(VARIANT, fen, [])
        if not moves:
            continue
        return fen


def last_man_squares(fen):
    """Squares of a side's only man besides its king (capturing it bares that king)."""
    men = {"w": [], "b": []}
    for i, row in enumerate(fen.split()[0].split("/")):
        file = 0
        for c in row:
            if c.isdigit():
                file += int(c)
                continue
            if c not in "Kk":
                men["w" if c.isupper() else "b"].append("abcdefgh"[file] + str(8 - i))
            file += 1
    return {squares[0] for squares in men.values() if len(squares) == 1}


def occupied_squares(fen):
    """The occupied squares of a FEN's board field, as names like "e4"."""
    squares = set()
    for i, row in enumerate(fen.split()[0].split("/")):
        file = 0
        for c in row:
            if c.isdigit():
                file += int(c)
            else:
                squares.add("abcdefgh"[file] + str(8 - i))
                file += 1
    return squares


def play(rng, start, max_plies):
    """Plays one random game; returns (moves, result, how) or None if it did not end.

    pyffish replays the move list on every call, so the position is re-based on a FEN after
    each pawn move or capture: only the moves since then are passed (all that repetition and
    the fifty-move rule can depend on).
    """
    moves = []
    base, tail = start, []
    for _ in range(max_plies):
        ended, value = sf.is_immediate_game_end(VARIANT, base, tail)
        fen = sf.get_fen(VARIANT, base, tail)
        white_to_move = fen.split()[1] == "w"
        if ended:
            return moves, result_text(value, white_to_move), "immediate"
        legal = sf.legal_moves(VARIANT, fen, [])
        if not legal:
            value = sf.game_result(VARIANT, base, tail)
            checked = sf.gives_check(VARIANT, fen, [])
            return moves, result_text(value, white_to_move), "mate" if checked else "stalemate"
        ended, value = sf.is_optional_game_end(VARIANT, base, tail)
        if ended:
            return moves, result_text(value, white_to_move), "optional"
        # Checks are looked up only when the roll asks for one (each look-up is a call).
        roll = rng.random()
        move = None
        if roll < 0.6:
            checks = [m for m in legal if sf.gives_check(VARIANT, fen, [m])]
            # A check that mates (counting, void or losing: the point of these games) is
            # played when there is one.
            mates = [m for m in checks if not sf.legal_moves(VARIANT, fen, [m])]
            move = rng.choice(mates or checks) if checks else None
        elif roll < 0.75:
            occupied = occupied_squares(fen)
            captures = [m for m in legal if m[2:4] in occupied]
            move = rng.choice(captures) if captures else None
        if move is None:
            move = rng.choice(legal)
        # Taking a side's last man ends the game by the bare-king rule; most random games
        # would end that way, so such captures are usually passed over (mates are the point).
        last_men = last_man_squares(fen)
        if move[2:4] in last_men and rng.random() < 0.85:
            others = [m for m in legal if m[2:4] not in last_men]
            if others:
                move = rng.choice(others)
        moves.append(move)
        after = sf.get_fen(VARIANT, fen, [move])
        if after.split()[4] == "0":
            base, tail = after, []
        else:
            tail.append(move)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="crates/rules/tests/data/fsf-results.txt")
    parser.add_argument("--seconds", type=float, default=None, help="stop after this long with the games so far")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    counts = {}
    lines = []
    started = time.monotonic()
    while len(lines) < args.games and (args.seconds is None or time.monotonic() - started < args.seconds):
        start = sf.start_fen(VARIANT) if rng.random() < 0.1 else random_endgame(rng)
        game = play(rng, start, 300)
        if game is None:
            continue
        moves, result, how = game
        key = (how, result)
        # Keep the mix varied: at most a third of the games may end the same way.
        if counts.get(key, 0) >= args.games // 3:
            continue
        counts[key] = counts.get(key, 0) + 1
        lines.append(f"{start} ; {' '.join(moves)} ; {result} ; {how}")
        if len(lines) % 25 == 0:
            print(f"{len(lines)} games", file=sys.stderr, flush=True)
    with open(args.out, "w", encoding="utf-8") as out:
        out.write(f"# Game results for ruleset `fsf`, judged by Fairy-Stockfish (pyffish {'.'.join(map(str, sf.version()))}, variant shatar).\n")
        budget = f" --seconds {args.seconds:g}" if args.seconds is not None else ""
        out.write(f"# Regenerate with: python3 scripts/fsf_results.py --games {args.games} --seed {args.seed}{budget} (the time budget makes the count machine-dependent)\n")
        out.write("# start fen ; moves ; result ; how (immediate = bare king, mate, stalemate, optional = repetition / 50 moves)\n")
        for line in lines:
            out.write(line + "\n")
    summary = ", ".join(f"{how} {result}: {n}" for (how, result), n in sorted(counts.items()))
    print(f"wrote {len(lines)} games to {args.out} ({summary})")


if __name__ == "__main__":
    main()
