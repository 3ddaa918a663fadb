"""What the tournament check scripts share: the repository root, installing an independent
library with pip the first time it is needed, and running the `shatar` binary.

`check_dutch.py`, `check_tiebreaks.py` and `check_trf_teams.py` import it (Python puts
the script's own directory first on the import path, so `import checklib` works from any
working directory).
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def ensure_module(module: str, package: str, version: str):
    """Import `module`, installing `package==version` with pip once if it is missing.

    Exits with status 2 and pip's message when the install fails."""
    try:
        return importlib.import_module(module)
    except ImportError:
        pass
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", f"{package}=={version}"]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        print(f"cannot install {package}: {' '.join(cmd)} failed:\n{done.stderr.strip()}",
              file=sys.stderr)
        sys.exit(2)
    importlib.invalidate_caches()
    try:
        return importlib.import_module(module)
    except ImportError as e:
        print(f"{package} installed but cannot be imported: {e}", file=sys.stderr)
        sys.exit(2)


def shatar_command(path: str | None) -> list[str]:
    """The `shatar` command line: `path`, else $SHATAR, else `cargo run` from the root."""
    path = path or os.environ.get("SHATAR")
    if path:
        return [path]
    return ["cargo", "run", "--release", "-q", "-p", "shatar-cli", "--"]


def run(cmd: list[str]) -> str:
    """The standard output of `cmd` run from the root; exits with status 2 if it fails."""
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    except OSError as e:
        print(f"cannot run {cmd[0]}: {e}", file=sys.stderr)
        sys.exit(2)
    if done.returncode != 0:
        print(f"failed: {' '.join(cmd)}\n{done.stderr.strip()}", file=sys.stderr)
        sys.exit(2)
    return done.stdout
