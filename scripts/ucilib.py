"""What the scripts that talk to Fairy-Stockfish share: the shipped variants file.

`fsf_vectors.py` and `records_san_vectors.py` import it (Python puts the script's own
directory first on the import path, so `import ucilib` works from any working directory).

The variants file is `crates/engine/data/openings/variants.ini`, the one the Rust crates,
the shell scripts (`VariantPath=…`) and docs/rules.md §5 name: every custom variant the
project gives Fairy-Stockfish (`shatarofficial`, `shatartraditional` and their whole-game
forms) is written there and nowhere else. Give its path to the engine
(`setoption name VariantPath value VARIANTS`) or its text to pyffish
(`pyffish.load_variant_config(variants_text())`).
"""

from __future__ import annotations

from pathlib import Path

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
