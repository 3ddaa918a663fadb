"""What the engine scripts share: the shipped Fairy-Stockfish variants file and a UCI engine
process spoken to line by line.

`fsf_vectors.py`, `records_san_vectors.py`, `engine_nps.py`, `engine_openings.py` and
`engine_where_decided.py` import it (Python puts the script's own directory first on the
import path, so `import ucilib` works from any working directory).

The variants file is `crates/engine/data/openings/variants.ini`, the one the Rust crates,
the shell scripts (`VariantPath=…`) and docs/rules.md §5 name: every custom variant the
project gives Fairy-Stockfish (`shatarofficial`, `shatartraditional` and their whole-game
forms) is written there and nowhere else. Give its path to the engine
(`setoption name VariantPath value VARIANTS`) or its text to pyffish
(`pyffish.load_variant_config(variants_text())`).

A session with an engine:

    with UciEngine(["/usr/games/fairy-stockfish"], {"UCI_Variant": "shatar"}) as fsf:
        fsf.isready()
        fsf.send("position startpos")
        lines = fsf.go("depth 3")          # every line up to and with `bestmove …`
        best = lines[-1].split()[1]
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Callable, Iterable, Mapping, Union

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "crates" / "engine" / "data" / "openings" / "variants.ini"
FSF = "/usr/games/fairy-stockfish"


def variants_text() -> str:
    """The whole variants file, as pyffish's `load_variant_config` takes it."""
    return VARIANTS.read_text(encoding="utf-8")


def variant_section(name: str) -> str:
    """The section `[name:parent]` (or `[name]`) of the variants file: its header line and
    its `key = value` lines, each ending in a newline, without comments and blank lines.

    Raises KeyError when the file has no such section."""
    out: list[str] = []
    for line in variants_text().splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", ";")):
            continue
        if stripped.startswith("["):
            if out:
                break
            if stripped[1:-1].split(":")[0] == name:
                out.append(stripped)
        elif out:
            out.append(stripped)
    if not out:
        raise KeyError(f"no variant [{name}] in {VARIANTS}")
    return "\n".join(out) + "\n"


class EngineError(RuntimeError):
    """The engine ended (or closed its output) before the awaited line."""


Stop = Union[str, Callable[[str], bool]]


class UciEngine:
    """One UCI engine process.

    Starting it sends `uci` and reads up to `uciok` (the engine's `id name` is kept in
    `name`), then sets `options` in their order. Lines are read without their line end.
    `stderr` is passed to `subprocess.Popen` (None: the script's own; `subprocess.STDOUT`:
    read with the rest). Usable as a context manager, which quits the engine at the end.
    """

    def __init__(self, command: list[str], options: Mapping[str, object] | None = None,
                 stderr=None):
        self.command = list(command)
        self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=stderr, text=True,
                                     bufsize=1)
        self.name = None
        self.send("uci")
        for line in self.read_until("uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):].strip()
        for option, value in (options or {}).items():
            self.setoption(option, value)

    def send(self, line: str) -> None:
        """Writes one command line to the engine; EngineError if it has gone."""
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise EngineError(f"{self.command[0]} exited; cannot send {line!r}") from None

    def read_until(self, stop: Stop) -> list[str]:
        """The engine's lines up to and with the first that `stop` accepts: a string is a
        prefix the line must start with, a function is called with the line.

        Raises EngineError, with the last lines read, if the output ends first."""
        accept = stop if callable(stop) else (lambda line: line.startswith(stop))
        lines: list[str] = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise EngineError(f"{self.command[0]} exited before the awaited line; "
                                  "last output: " + " | ".join(lines[-5:]))
            line = line.rstrip("\r\n")
            lines.append(line)
            if accept(line):
                return lines

    def setoption(self, name: str, value: object) -> None:
        """`setoption name NAME value VALUE` (no answer is awaited)."""
        self.send(f"setoption name {name} value {value}")

    def isready(self) -> list[str]:
        """Sends `isready`; the lines up to and with `readyok` (e.g. `info string …` notes
        about the options set before it)."""
        self.send("isready")
        return self.read_until("readyok")

    def go(self, limits: str) -> list[str]:
        """Sends `go LIMITS` (e.g. `depth 9`, `movetime 1000`); the lines up to and with
        `bestmove`."""
        self.send(f"go {limits}")
        return self.read_until("bestmove")

    def quit(self, timeout: float = 10) -> None:
        """Sends `quit` and waits for the process to end, killing it after `timeout`
        seconds or if it cannot be told."""
        try:
            self.send("quit")
            self.proc.wait(timeout=timeout)
        except (EngineError, OSError, ValueError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()

    def __enter__(self) -> "UciEngine":
        return self

    def __exit__(self, *exc) -> None:
        self.quit()


def last_score(lines: Iterable[str]) -> tuple[str, int] | None:
    """The last `score` of the `info` lines among `lines`, as (`cp` or `mate`, value),
    or None when none carries one."""
    score = None
    for line in lines:
        words = line.split()
        if words[:1] == ["info"] and "score" in words:
            i = words.index("score")
            if i + 2 < len(words):
                score = (words[i + 1], int(words[i + 2]))
    return score
