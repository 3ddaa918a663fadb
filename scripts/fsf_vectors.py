#!/usr/bin/env python3
"""Fairy-Stockfish test vectors and live cross-checks for the Shatar rules library.

What it does
------------
Two of Shatar's rulesets can be checked move for move against Fairy-Stockfish:

* ``fsf``: Fairy-Stockfish's own variant ``shatar`` (bers = letter J/j, rook move plus one
  diagonal step; promotion to bers only; no double step; the game starts after 1.d4 d5).
* ``official`` after its first round: the custom variant ``shatarofficial`` of the shipped
  variants file ``crates/engine/data/openings/variants.ini`` (bers =
  Q/q, a full queen; promotion to Q R B N; no double step, no castling, no en passant).
  Random games for it start from both post-first-round positions (1.e4 e5 and 1.d4 d5).

Sub-commands:

``generate [--seed S]``
    Writes, deterministically for a given seed (default 1), under ``crates/rules/tests/data/``:

    * ``fsf-perft-fsf.txt``, ``fsf-perft-official.txt``: ``fen ; depth ; nodes ; kind``.
      The start position(s) to depth 6, then positions reached by random play (``random``,
      ``random-late`` = near the end of a long random game) and sparse built endgames
      (``endgame``, ``endgame-promotion``, ``endgame-check``, ``endgame-double-check``,
      ``endgame-pin``, ``endgame-bare``, ``endgame-lastman``, ``endgame-bers``), each to depth 4,
      or 5 when the position is small. Node counts come from the Fairy-Stockfish UCI engine
      (``go perft``), one engine process for the whole run.
    * ``fsf-legal-fsf.txt``, ``fsf-legal-official.txt``: ``fen ; sorted UCI moves``, the full
      legal move list from pyffish ``legal_moves`` (other positions, same mix).

    Every position is cross-checked during generation: the move set from pyffish must equal the
    root moves of the engine's ``go perft 1``; any difference aborts the run.

``compare --shatar BIN [--positions 3000] [--seed S] [--ruleset fsf|official|both]``
    Builds fresh random and endgame positions and compares, position by position, the full
    legal move set from pyffish with ``BIN perft --ruleset R --fen F --depth 1 --divide``, and
    the engine's perft at depth 3 with ``BIN perft ... --depth 3 --divide``. Prints
    ``compare: N positions, M mismatches`` and the details of each mismatch; exit status 1 on
    any mismatch.

``check-perft --shatar BIN`` / ``check-legal --shatar BIN``
    Re-runs BIN on the committed perft (resp. legal-move) files and compares with the stored
    values; exit status 1 on any mismatch.

Provenance
----------
Perft counts: Fairy-Stockfish 11.1 (Debian package ``fairy-stockfish``,
``/usr/games/fairy-stockfish``), ``go perft N`` with ``UCI_Variant shatar`` (fsf) or
``shatarofficial`` loaded through ``VariantPath`` (official). Legal moves: pyffish (PyPI
``pyffish``, the Fairy-Stockfish library), ``legal_moves`` with the same variants.

Notes on Fairy-Stockfish's behaviour that the vectors encode
------------------------------------------------------------
* Under ``shatar`` a position in which either side has only its king left is a finished game
  (bare king, drawn): it has no legal moves, in pyffish and in the engine's perft, both at the
  root and inside the tree (a capture of the last man ends that branch).
* Promotions are spelled with the lower-case letter of the new man: ``a7a8j`` (bers) in
  ``shatar``; ``a7a8q``/``r``/``b``/``n`` in ``shatarofficial``.
* Move generation ignores the halfmove clock; the FENs written here carry halfmove clock 0.

How to run
----------
    python3 scripts/fsf_vectors.py generate --seed 1
    python3 scripts/fsf_vectors.py compare --shatar target/release/shatar --positions 3000
    python3 scripts/fsf_vectors.py check-perft --shatar target/release/shatar
    python3 scripts/fsf_vectors.py check-legal --shatar target/release/shatar

Missing tools are installed on first use (``apt-get install -y fairy-stockfish``, with
``apt-get update`` first only when the package is absent; ``pip install pyffish``).
Python 3.11, standard library plus pyffish.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import ucilib

REPO = ucilib.ROOT
DATA_DIR = REPO / "crates" / "rules" / "tests" / "data"
ENGINE_DEFAULT = ucilib.FSF
DEFAULT_SEED = 1

RULESETS = {
    "fsf": {
        "variant": "shatar",
        "bers": "j",
        "starts": ["rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1"],
        "promotions": "j",
    },
    "official": {
        "variant": "shatarofficial",
        "bers": "q",
        "starts": [
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
            "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w - - 0 2",
        ],
        "promotions": "qrbn",
    },
}

# Size of the generated sets, per ruleset.
PERFT_RANDOM = 80
PERFT_ENDGAME = 80
LEGAL_RANDOM = 250
LEGAL_ENDGAME = 250
START_DEPTH = 6
MAX_VECTOR_NODES = 30_000_000  # per non-start vector
DEPTH5_ESTIMATE_LIMIT = 8_000_000  # try depth 5 when the estimate is below this
NONSTART_BUDGET = 480_000_000  # per ruleset file, start positions excluded

# Share of each endgame kind (weights).
ENDGAME_KINDS = {
    "endgame-promotion": 16,
    "endgame-check": 11,
    "endgame-double-check": 9,
    "endgame-pin": 15,
    "endgame-bare": 5,
    "endgame-lastman": 6,
    "endgame-bers": 12,
    "endgame": 16,
}


# --------------------------------------------------------------------------------------------
# Dependencies
# --------------------------------------------------------------------------------------------

def ensure_engine(path: str) -> str:
    """Return the engine path, installing the Debian package if it is missing."""
    if os.path.exists(path) or shutil.which(path):
        return path
    if path != ENGINE_DEFAULT:
        sys.exit(f"error: engine not found: {path}")
    installed = subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}", "fairy-stockfish"],
        capture_output=True, text=True,
    )
    if "install ok installed" not in installed.stdout:
        print("installing fairy-stockfish (apt-get)...", file=sys.stderr)
        subprocess.run(["apt-get", "update"], check=True)
    subprocess.run(["apt-get", "install", "-y", "fairy-stockfish"], check=True)
    if not os.path.exists(path):
        sys.exit(f"error: fairy-stockfish installed but {path} is missing")
    return path


def ensure_pyffish():
    """Import pyffish, installing it from PyPI if it is missing."""
    try:
        return importlib.import_module("pyffish")
    except ImportError:
        pass
    print("installing pyffish (pip)...", file=sys.stderr)
    cmd = [sys.executable, "-m", "pip", "install", "pyffish"]
    if subprocess.run(cmd).returncode != 0:
        subprocess.run(cmd + ["--break-system-packages"], check=True)
    importlib.invalidate_caches()
    return importlib.import_module("pyffish")


sf = None  # pyffish module, set by init_pyffish()


def init_pyffish():
    global sf
    sf = ensure_pyffish()
    sf.load_variant_config(ucilib.variants_text())
    if "shatarofficial" not in sf.variants():
        sys.exit("error: pyffish did not load the shatarofficial variant")


@contextlib.contextmanager
def quiet_native_output():
    """Silence what the native library prints on stdout/stderr (e.g. FEN diagnostics)."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (*saved, devnull):
            os.close(fd)


# --------------------------------------------------------------------------------------------
# Engine (one UCI process, reused)
# --------------------------------------------------------------------------------------------

class Engine(ucilib.UciEngine):
    """Fairy-Stockfish with the shipped variants file, switched between variants as asked."""

    DIVIDE_RE = re.compile(r"^([a-z][0-9]+[a-z][0-9]+[a-z]?): (\d+)$")

    def __init__(self, path: str):
        super().__init__([path], {"VariantPath": ucilib.VARIANTS}, stderr=subprocess.STDOUT)
        self.name = self.name or "Fairy-Stockfish"
        self.variant = None
        self.set_variant("shatar")

    @property
    def version(self) -> str:
        m = re.search(r"Fairy-Stockfish\s+([0-9.]+)", self.name)
        return m.group(1) if m else self.name

    def set_variant(self, variant: str):
        if variant == self.variant:
            return
        self.setoption("UCI_Variant", variant)
        lines = self.isready()
        if not any(l.startswith(f"info string variant {variant} ") for l in lines):
            raise ucilib.EngineError(f"engine did not switch to variant {variant}: {lines}")
        self.send("ucinewgame")
        self.variant = variant

    def perft(self, variant: str, fen: str, depth: int):
        """Return (nodes, {move: count}) from `go perft depth`."""
        self.set_variant(variant)
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        divide = {}
        for line in self.read_until(lambda l: l.startswith("Nodes searched:")):
            m = self.DIVIDE_RE.match(line)
            if m:
                divide[m.group(1)] = int(m.group(2))
            elif line.startswith("Nodes searched:"):
                return int(line.split(":")[1]), divide
        raise AssertionError("unreachable")

    def checkers(self, variant: str, fen: str) -> list[str]:
        """Squares of the men giving check to the side to move (engine's `d`)."""
        self.set_variant(variant)
        self.send(f"position fen {fen}")
        self.send("d")
        line = self.read_until(lambda l: l.startswith("Checkers:"))[-1]
        return line[len("Checkers:"):].split()


# --------------------------------------------------------------------------------------------
# Positions
# --------------------------------------------------------------------------------------------

def board_from_fen(fen: str) -> dict:
    board = {}
    rows = fen.split()[0].split("/")
    for i, row in enumerate(rows):
        r = 7 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, r)] = ch
                f += 1
    return board


def fen_from_board(board: dict, stm: str, fullmove: int = 1) -> str:
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            p = board.get((f, r))
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
    return f"{'/'.join(rows)} {stm} - - 0 {fullmove}"


def normalize(fen: str) -> str:
    """Halfmove clock to 0 (move generation ignores it); keep board, side and move number."""
    parts = fen.split()
    return f"{parts[0]} {parts[1]} - - 0 {parts[5] if len(parts) > 5 else 1}"


def rel(path: Path) -> str:
    try:
        return str(path.relative_to(REPO))
    except ValueError:
        return str(path)


def has_bare_king(fen: str) -> bool:
    board = board_from_fen(fen).values()
    return not any(p.isupper() and p != "K" for p in board) or \
        not any(p.islower() and p != "k" for p in board)


def key(fen: str) -> str:
    return " ".join(fen.split()[:2])


def flip_side(fen: str) -> str:
    parts = fen.split()
    parts[1] = "b" if parts[1] == "w" else "w"
    return " ".join(parts)


def legal_setup(rs: str, fen: str) -> bool:
    """Our set-up constraints, then pyffish's validate_fen."""
    board = board_from_fen(fen)
    pieces = list(board.values())
    if pieces.count("K") != 1 or pieces.count("k") != 1:
        return False
    if any(p in "Pp" and r in (0, 7) for (f, r), p in board.items()):
        return False
    for side in (str.isupper, str.islower):
        men = [p for p in pieces if side(p)]
        if len(men) > 16 or sum(p in "Pp" for p in men) > 8:
            return False
    variant = RULESETS[rs]["variant"]
    with quiet_native_output():
        if sf.validate_fen(fen, variant) != 1:
            return False
    # the side not to move must not be in check
    if sf.gives_check(variant, flip_side(fen), []):
        return False
    return True


def legal_moves(rs: str, fen: str) -> list[str]:
    return sorted(sf.legal_moves(RULESETS[rs]["variant"], fen, []))


# ---- random play ---------------------------------------------------------------------------

def random_game(rng: random.Random, rs: str, max_plies: int, capture_bias: float) -> list[str]:
    """Play random legal moves from a start position; return the FEN after every ply."""
    variant = RULESETS[rs]["variant"]
    fen = rng.choice(RULESETS[rs]["starts"])
    history = [fen]
    for _ in range(max_plies):
        moves = sorted(sf.legal_moves(variant, fen, []))
        if not moves:
            break
        board = board_from_fen(fen)
        caps = [m for m in moves if (ord(m[2]) - 97, int(m[3]) - 1) in board]
        pool = caps if caps and rng.random() < capture_bias else moves
        fen = sf.get_fen(variant, fen, [rng.choice(pool)])
        history.append(fen)
    return history


def random_position(rng: random.Random, rs: str):
    """One position by random play: (fen, kind)."""
    bias = rng.choice([0.0, 0.0, 0.25, 0.5, 0.8])
    u = rng.random()
    if u < 0.2:
        # near the end of a long random game
        history = random_game(rng, rs, 400, bias)
        back = rng.randint(0, min(12, len(history) - 1))
        return history[len(history) - 1 - back], "random-late"
    if u < 0.5:
        plies = rng.randint(1, 20)
    elif u < 0.8:
        plies = rng.randint(21, 60)
    else:
        plies = rng.randint(61, 160)
    history = random_game(rng, rs, plies, bias)
    return history[-1], "random"


# ---- built endgames ------------------------------------------------------------------------

SQUARES = [(f, r) for f in range(8) for r in range(8)]
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def colored(p: str, white: bool) -> str:
    return p.upper() if white else p.lower()


def ray(sq, d):
    f, r = sq
    out = []
    while True:
        f, r = f + d[0], r + d[1]
        if not on_board(f, r):
            return out
        out.append((f, r))


def place(rng, board, piece, candidates=None) -> bool:
    cands = [s for s in (candidates if candidates is not None else SQUARES) if s not in board]
    if piece in "Pp":
        cands = [s for s in cands if 0 < s[1] < 7]
    if not cands:
        return False
    board[rng.choice(cands)] = piece
    return True


def random_men(rng, rs: str, n: int, pawn_weight=3) -> list[str]:
    bers = RULESETS[rs]["bers"]
    pool = ["r"] * 3 + ["b"] * 3 + ["n"] * 3 + [bers] * 2 + ["p"] * pawn_weight
    return [rng.choice(pool) for _ in range(n)]


def add_extras(rng, rs, board, stm_white: bool, lo=0, hi=3):
    for white in (True, False):
        for p in random_men(rng, rs, rng.randint(lo, hi)):
            place(rng, board, colored(p, white))


def place_kings(rng, board):
    for k in "Kk":
        if k not in board.values():
            if not place(rng, board, k):
                return False
    return True


def gen_promotion(rng, rs):
    white = rng.random() < 0.5
    board = {}
    f = rng.randrange(8)
    r7, r8 = (6, 7) if white else (1, 0)
    board[(f, r7)] = colored("p", white)
    u = rng.random()
    if u < 0.3:  # promotion square blocked
        board[(f, r8)] = colored(rng.choice("rbn" + RULESETS[rs]["bers"]), not white)
    for df in (-1, 1):
        if on_board(f + df, r8) and (f + df, r8) not in board and rng.random() < 0.55:
            board[(f + df, r8)] = colored(rng.choice("rbn" + RULESETS[rs]["bers"]), not white)
    if rng.random() < 0.3:  # a second pawn about to promote
        place(rng, board, colored("p", white), [(g, r7) for g in range(8)])
    if rng.random() < 0.25:  # the other side has one too
        place(rng, board, colored("p", not white), [(g, 1 if white else 6) for g in range(8)])
    if rng.random() < 0.4:  # a king on or near the promotion rank
        place(rng, board, colored("k", not white), [(g, r) for g in range(8) for r in (r8, r7)])
    place_kings(rng, board)
    add_extras(rng, rs, board, white, 0, 2)
    return board, ("w" if white else "b")


def attacker_squares(rs, ksq, kind, stm_white, board):
    """(square, piece) choices that attack the king on ksq, with a clear path."""
    out = []
    enemy = not stm_white
    bers = RULESETS[rs]["bers"]
    if kind == "n":
        for d in KNIGHT:
            s = (ksq[0] + d[0], ksq[1] + d[1])
            if on_board(*s) and s not in board:
                out.append((s, colored("n", enemy)))
    elif kind == "p":
        dr = 1 if stm_white else -1  # enemy pawn sits in front of the king
        for df in (-1, 1):
            s = (ksq[0] + df, ksq[1] + dr)
            if on_board(*s) and 0 < s[1] < 7 and s not in board:
                out.append((s, colored("p", enemy)))
    elif kind in ("orth", "diag"):
        for d in (ORTH if kind == "orth" else DIAG):
            for i, s in enumerate(ray(ksq, d)):
                if s in board:
                    break
                if kind == "orth":
                    pieces = ["r", bers]
                elif rs == "official":
                    pieces = ["b", bers]
                else:
                    pieces = ["b"] + ([bers] if i == 0 else [])
                for p in pieces:
                    out.append((s, colored(p, enemy)))
    return out


def gen_check(rng, rs, n_checkers):
    white = rng.random() < 0.5
    board = {}
    ksq = rng.choice(SQUARES)
    board[ksq] = colored("k", white)
    kinds = ["n", "p", "orth", "diag", "orth", "diag"]
    for _ in range(n_checkers):
        for _ in range(10):
            opts = attacker_squares(rs, ksq, rng.choice(kinds), white, board)
            if opts:
                s, p = rng.choice(opts)
                board[s] = p
                break
    place_kings(rng, board)
    add_extras(rng, rs, board, white, 0, 3)
    # a few men near the king make blocks and captures likelier
    for p in random_men(rng, rs, rng.randint(0, 2)):
        near = [(ksq[0] + a, ksq[1] + b) for a in (-2, -1, 0, 1, 2) for b in (-2, -1, 0, 1, 2)]
        place(rng, board, colored(p, rng.random() < 0.5), [s for s in near if on_board(*s)])
    return board, ("w" if white else "b")


def gen_pin(rng, rs):
    white = rng.random() < 0.5
    bers = RULESETS[rs]["bers"]
    for _ in range(100):
        board = {}
        ksq = rng.choice(SQUARES)
        d = rng.choice(ORTH + DIAG)
        line = ray(ksq, d)
        if len(line) < 2:
            continue
        i = rng.randrange(len(line) - 1)
        j = rng.randrange(i + 1, len(line))
        orth = d in ORTH
        if orth:
            slider = rng.choice(["r", bers])
        else:
            slider = rng.choice(["b", bers] if rs == "official" else ["b"])
        # the pinned man: often one that can move along the pin
        along = ["r", bers] if orth else (["b", bers] if rs == "official" else ["b"])
        if not orth or d in ((0, 1), (0, -1)):
            along.append("p")
        pinned = rng.choice(along + along + ["n", "r", "b", bers, "p"])
        psq = line[i]
        if pinned == "p" and not 0 < psq[1] < 7:
            pinned = "n"
        board[ksq] = colored("k", white)
        board[psq] = colored(pinned, white)
        board[line[j]] = colored(slider, not white)
        if rng.random() < 0.3:  # a second pin on another line
            d2 = rng.choice([x for x in ORTH + DIAG if x != d])
            line2 = ray(ksq, d2)
            if len(line2) >= 2 and not any(s in board for s in line2):
                a = rng.randrange(len(line2) - 1)
                b = rng.randrange(a + 1, len(line2))
                p2 = rng.choice(["r", "b", "n", bers])
                board[line2[a]] = colored(p2, white)
                s2 = rng.choice(["r", bers]) if d2 in ORTH else (
                    rng.choice(["b", bers]) if rs == "official" else "b")
                board[line2[b]] = colored(s2, not white)
        place_kings(rng, board)
        add_extras(rng, rs, board, white, 0, 3)
        return board, ("w" if white else "b")
    return {}, "w"


def gen_bare(rng, rs, lastman: bool):
    board = {}
    bare_white = rng.random() < 0.5
    place_kings(rng, board)
    if lastman:
        place(rng, board, colored(random_men(rng, rs, 1)[0], bare_white))
    for p in random_men(rng, rs, rng.randint(1, 4)):
        place(rng, board, colored(p, not bare_white))
    return board, rng.choice("wb")


def gen_bers(rng, rs):
    board = {}
    bers = RULESETS[rs]["bers"]
    edge = [s for s in SQUARES if s[0] in (0, 7) or s[1] in (0, 7)]
    place_kings(rng, board)
    for white in (True, False):
        if white == (rng.random() < 0.5) or rng.random() < 0.5:
            place(rng, board, colored(bers, white), edge if rng.random() < 0.3 else None)
    if bers.upper() not in board.values() and bers not in board.values():
        place(rng, board, colored(bers, rng.random() < 0.5))
    for _ in range(rng.randint(0, 3)):
        place(rng, board, colored("p", rng.random() < 0.5))
    return board, rng.choice("wb")


def gen_generic(rng, rs):
    board = {}
    place_kings(rng, board)
    add_extras(rng, rs, board, True, 1, 6)
    return board, rng.choice("wb")


def endgame_position(rng, rs, kind, engine: Engine):
    """Build one legal endgame of the given kind; returns a FEN."""
    variant = RULESETS[rs]["variant"]
    for _ in range(2000):
        if kind == "endgame-promotion":
            board, stm = gen_promotion(rng, rs)
        elif kind == "endgame-check":
            board, stm = gen_check(rng, rs, 1)
        elif kind == "endgame-double-check":
            board, stm = gen_check(rng, rs, 2)
        elif kind == "endgame-pin":
            board, stm = gen_pin(rng, rs)
        elif kind == "endgame-bare":
            board, stm = gen_bare(rng, rs, False)
        elif kind == "endgame-lastman":
            board, stm = gen_bare(rng, rs, True)
        elif kind == "endgame-bers":
            board, stm = gen_bers(rng, rs)
        else:
            board, stm = gen_generic(rng, rs)
        if not board:
            continue
        fen = fen_from_board(board, stm)
        if rs == "fsf" and kind != "endgame-bare" and has_bare_king(fen):
            continue  # a finished game under shatar: keep those to endgame-bare
        if not legal_setup(rs, fen):
            continue
        if kind in ("endgame-check", "endgame-double-check"):
            want = 1 if kind == "endgame-check" else 2
            if len(engine.checkers(variant, fen)) != want:
                continue
        if kind == "endgame-promotion":
            pawn, r7 = ("P", 6) if stm == "w" else ("p", 1)
            if not any(p == pawn and s[1] == r7 for s, p in board.items()):
                continue
        return fen
    raise RuntimeError(f"could not build a legal {kind} position for {rs}")


def endgame_kind_list(rng, n: int) -> list[str]:
    kinds, weights = zip(*ENDGAME_KINDS.items())
    total = sum(weights)
    out = []
    for k, w in ENDGAME_KINDS.items():
        out += [k] * max(1, round(n * w / total))
    while len(out) < n:
        out.append(rng.choices(kinds, weights)[0])
    rng.shuffle(out)
    return out[:n]


def make_positions(rng, rs, n_random, n_endgame, engine, seen: set):
    """n_random random-play positions and n_endgame built ones, all new to `seen`."""
    out = []
    count = 0
    while count < n_random:
        fen, kind = random_position(rng, rs)
        fen = normalize(fen)
        if key(fen) in seen or not legal_setup(rs, fen):
            continue
        if not sf.legal_moves(RULESETS[rs]["variant"], fen, []) and rng.random() < 0.8:
            continue  # keep only a few finished games (mate, stalemate, bare king)
        seen.add(key(fen))
        out.append((fen, kind))
        count += 1
    for kind in endgame_kind_list(rng, n_endgame):
        while True:
            fen = endgame_position(rng, rs, kind, engine)
            if key(fen) not in seen:
                break
        seen.add(key(fen))
        out.append((fen, kind))
    return out


def cross_check(engine: Engine, rs: str, fen: str) -> list[str]:
    """pyffish legal moves == engine perft-1 root moves, else abort."""
    moves = legal_moves(rs, fen)
    nodes, divide = engine.perft(RULESETS[rs]["variant"], fen, 1)
    if nodes != len(moves) or set(divide) != set(moves):
        sys.exit(
            f"FATAL: pyffish and the engine disagree on the legal moves ({rs})\n"
            f"  fen: {fen}\n  pyffish ({len(moves)}): {' '.join(moves)}\n"
            f"  engine ({nodes}): {' '.join(sorted(divide))}\n"
            f"  only pyffish: {sorted(set(moves) - set(divide))}\n"
            f"  only engine: {sorted(set(divide) - set(moves))}"
        )
    return moves


# --------------------------------------------------------------------------------------------
# generate
# --------------------------------------------------------------------------------------------

def variant_description(rs: str) -> str:
    """The variant as the file headers name it; for a custom one, its section of the
    variants file on one line (`[name:parent] key = value, key = value`)."""
    variant = RULESETS[rs]["variant"]
    if rs == "fsf":
        return f"UCI_Variant {variant}"
    header, *lines = ucilib.variant_section(variant).splitlines()
    return (f"UCI_Variant {variant}, a custom variant loaded with VariantPath: "
            f"{header} {', '.join(lines)}")


def promotion_note(rs: str) -> str:
    if rs == "fsf":
        return "Promotions (to bers only) are written with j, e.g. a7a8j."
    return "Promotions are written with q, r, b or n, e.g. a7a8q (bers), a7a8n."


def choose_depth(engine, variant, fen, budget_left, vectors_left):
    n3, _ = engine.perft(variant, fen, 3)
    n4, _ = engine.perft(variant, fen, 4)
    if n4 > MAX_VECTOR_NODES:
        return 3, n3
    if n3 > 0:
        est5 = n4 * n4 / n3
        share = budget_left / max(1, vectors_left)
        if est5 <= DEPTH5_ESTIMATE_LIMIT and est5 <= 4 * share:
            n5, _ = engine.perft(variant, fen, 5)
            if n5 <= MAX_VECTOR_NODES:
                return 5, n5
    return 4, n4


def generate(args):
    engine_path = ensure_engine(args.engine)
    init_pyffish()
    engine = Engine(engine_path)
    t0 = time.time()
    rng = random.Random(args.seed)
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    pyffish_version = ".".join(str(x) for x in sf.version())
    regen = f"python3 scripts/fsf_vectors.py generate --seed {args.seed}"
    summary = []
    try:
        for rs in ("fsf", "official"):
            variant = RULESETS[rs]["variant"]
            seen = set()
            perft_pos = make_positions(rng, rs, PERFT_RANDOM, PERFT_ENDGAME, engine, seen)
            legal_pos = make_positions(rng, rs, LEGAL_RANDOM, LEGAL_ENDGAME, engine, seen)

            # ---- perft file
            lines = [
                f"# Perft vectors for ruleset `{rs}`: node counts by Fairy-Stockfish "
                f"{engine.version} (`go perft`, {variant_description(rs)}).",
                f"# Regenerate with: {regen}",
                "# Positions: start position(s) at depth 6; positions reached by random play "
                "(random, random-late = near the end of a long random game); built endgames "
                "(endgame-*), at depth 4, or 5 when small.",
            ]
            if rs == "fsf":
                lines.append("# Under shatar a position where either side has a bare king is "
                             "a finished game: no legal moves, at the root and inside the tree.")
            lines.append("# fen ; depth ; nodes ; kind")
            total = 0
            t_rs = time.time()
            for fen in RULESETS[rs]["starts"]:
                cross_check(engine, rs, fen)
                nodes, _ = engine.perft(variant, fen, START_DEPTH)
                print(f"[{rs}] start depth {START_DEPTH}: {nodes}", file=sys.stderr)
                lines.append(f"{fen} ; {START_DEPTH} ; {nodes} ; start")
                total += nodes
            budget = NONSTART_BUDGET
            for i, (fen, kind) in enumerate(perft_pos):
                cross_check(engine, rs, fen)
                depth, nodes = choose_depth(engine, variant, fen, budget, len(perft_pos) - i)
                budget -= nodes
                total += nodes
                lines.append(f"{fen} ; {depth} ; {nodes} ; {kind}")
            path = DATA_DIR / f"fsf-perft-{rs}.txt"
            path.write_text("\n".join(lines) + "\n")
            n_vec = len(perft_pos) + len(RULESETS[rs]["starts"])
            summary.append(f"{rel(path)}: {n_vec} vectors, {total} nodes "
                           f"({time.time() - t_rs:.0f} s)")
            print(summary[-1], file=sys.stderr)

            # ---- legal-move file
            lines = [
                f"# Legal-move vectors for ruleset `{rs}`: pyffish {pyffish_version} "
                f"`legal_moves` ({variant_description(rs)}), each cross-checked against "
                f"Fairy-Stockfish {engine.version} `go perft 1`.",
                f"# Regenerate with: {regen}",
                f"# Moves are UCI, sorted, space-separated. {promotion_note(rs)}",
            ]
            if rs == "fsf":
                lines.append("# Under shatar a position where either side has a bare king is "
                             "a finished game: its move list is empty.")
            lines.append("# fen ; moves")
            n_moves = 0
            for fen, _kind in legal_pos:
                moves = cross_check(engine, rs, fen)
                n_moves += len(moves)
                lines.append(f"{fen} ; {' '.join(moves)}")
            path = DATA_DIR / f"fsf-legal-{rs}.txt"
            path.write_text("\n".join(lines) + "\n")
            summary.append(f"{rel(path)}: {len(legal_pos)} positions, {n_moves} moves")
            print(summary[-1], file=sys.stderr)
    finally:
        engine.quit()
    print("\n".join(summary))
    print(f"generate: done in {time.time() - t0:.0f} s")


# --------------------------------------------------------------------------------------------
# Our binary
# --------------------------------------------------------------------------------------------

def run_shatar(binary, rs, fen, depth, divide=True):
    """Return (nodes, {move: count}) or raise RuntimeError with the error text."""
    cmd = [binary, "perft", "--ruleset", rs, "--fen", fen, "--depth", str(depth)]
    if divide:
        cmd.append("--divide")
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        raise RuntimeError("timed out")
    if p.returncode != 0:
        raise RuntimeError(f"exit {p.returncode}: {(p.stderr or p.stdout).strip()[:300]}")
    nodes, moves = None, {}
    for line in p.stdout.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("Nodes searched:"):
            nodes = int(line.split(":", 1)[1])
        elif ":" in line:
            m, c = line.split(":", 1)
            moves[m.strip()] = int(c)
    if nodes is None:
        raise RuntimeError(f"no 'Nodes searched' line in output: {p.stdout.strip()[:300]}")
    return nodes, moves


def compare(args):
    engine_path = ensure_engine(args.engine)
    init_pyffish()
    binary = args.shatar
    if not os.path.exists(binary):
        sys.exit(f"error: shatar binary not found: {binary}")
    engine = Engine(engine_path)
    rng = random.Random(f"compare-{args.seed}")
    rulesets = ["fsf", "official"] if args.ruleset == "both" else [args.ruleset]
    positions = []
    for k, rs in enumerate(rulesets):
        n = args.positions // len(rulesets) + (1 if k < args.positions % len(rulesets) else 0)
        n_random = n // 2
        positions += [(rs, fen, kind) for fen, kind in
                      make_positions(rng, rs, n_random, n - n_random, engine, set())]
    mismatches = 0
    t0 = time.time()
    try:
        for i, (rs, fen, kind) in enumerate(positions):
            problems = []
            ref_moves = set(legal_moves(rs, fen))
            try:
                _, ours1 = run_shatar(binary, rs, fen, 1)
                ours = set(ours1)
                if ours != ref_moves:
                    problems.append(
                        f"  legal moves: only pyffish {sorted(ref_moves - ours)}; "
                        f"only shatar {sorted(ours - ref_moves)}")
                ref3, ref_div = engine.perft(RULESETS[rs]["variant"], fen, args.depth)
                our3, our_div = run_shatar(binary, rs, fen, args.depth)
                if our3 != ref3:
                    diff = sorted(m for m in set(ref_div) | set(our_div)
                                  if ref_div.get(m) != our_div.get(m))
                    detail = ", ".join(f"{m} fsf={ref_div.get(m)} shatar={our_div.get(m)}"
                                       for m in diff[:20])
                    problems.append(f"  perft {args.depth}: fsf {ref3}, shatar {our3}; "
                                    f"differing root moves: {detail}")
            except RuntimeError as e:
                problems.append(f"  shatar failed: {e}")
            if problems:
                mismatches += 1
                print(f"MISMATCH [{rs}, {kind}] {fen}")
                print("\n".join(problems))
            if (i + 1) % 500 == 0:
                print(f"... {i + 1}/{len(positions)} ({time.time() - t0:.0f} s)", file=sys.stderr)
    finally:
        engine.quit()
    print(f"compare: {len(positions)} positions, {mismatches} mismatches")
    return 1 if mismatches else 0


def read_vectors(path: Path):
    for lineno, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        yield lineno, [x.strip() for x in line.split(";")]


def check_perft(args):
    binary = args.shatar
    if not os.path.exists(binary):
        sys.exit(f"error: shatar binary not found: {binary}")
    n = mismatches = 0
    t0 = time.time()
    for rs in ("fsf", "official"):
        path = DATA_DIR / f"fsf-perft-{rs}.txt"
        for lineno, (fen, depth, nodes, kind) in read_vectors(path):
            if args.max_depth and int(depth) > args.max_depth:
                continue
            n += 1
            try:
                ours, _ = run_shatar(binary, rs, fen, int(depth), divide=False)
            except RuntimeError as e:
                ours = f"error ({e})"
            if ours != int(nodes):
                mismatches += 1
                print(f"MISMATCH {path.name}:{lineno} [{kind}] {fen} depth {depth}: "
                      f"fsf {nodes}, shatar {ours}")
    print(f"check-perft: {n} vectors, {mismatches} mismatches ({time.time() - t0:.0f} s)")
    return 1 if mismatches else 0


def check_legal(args):
    binary = args.shatar
    if not os.path.exists(binary):
        sys.exit(f"error: shatar binary not found: {binary}")
    n = mismatches = 0
    for rs in ("fsf", "official"):
        path = DATA_DIR / f"fsf-legal-{rs}.txt"
        for lineno, (fen, moves) in read_vectors(path):
            n += 1
            ref = set(moves.split())
            try:
                _, div = run_shatar(binary, rs, fen, 1)
                ours = set(div)
                if ours == ref:
                    continue
                detail = f"only fsf {sorted(ref - ours)}; only shatar {sorted(ours - ref)}"
            except RuntimeError as e:
                detail = f"shatar failed: {e}"
            mismatches += 1
            print(f"MISMATCH {path.name}:{lineno} {fen}: {detail}")
    print(f"check-legal: {n} positions, {mismatches} mismatches")
    return 1 if mismatches else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default=ENGINE_DEFAULT, help="Fairy-Stockfish UCI binary")
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate", help="write the vector files")
    g.add_argument("--seed", type=int, default=DEFAULT_SEED)
    c = sub.add_parser("compare", help="compare our binary with Fairy-Stockfish on fresh positions")
    c.add_argument("--shatar", required=True, help="path to the shatar binary")
    c.add_argument("--positions", type=int, default=3000)
    c.add_argument("--seed", type=int, default=DEFAULT_SEED)
    c.add_argument("--depth", type=int, default=3, help="perft depth compared (default 3)")
    c.add_argument("--ruleset", choices=["fsf", "official", "both"], default="both")
    p = sub.add_parser("check-perft", help="re-run our binary on the committed perft files")
    p.add_argument("--shatar", required=True)
    p.add_argument("--max-depth", type=int, default=0, help="skip vectors deeper than this")
    l = sub.add_parser("check-legal", help="re-run our binary on the committed legal-move files")
    l.add_argument("--shatar", required=True)
    args = ap.parse_args(argv)
    if args.cmd == "generate":
        generate(args)
        return 0
    if args.cmd == "compare":
        return compare(args)
    if args.cmd == "check-perft":
        return check_perft(args)
    return check_legal(args)


if __name__ == "__main__":
    sys.exit(main())
