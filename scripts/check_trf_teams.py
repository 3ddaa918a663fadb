#!/usr/bin/env python3
"""Check the TRF-2026 team records (310) of Shatar's TRF export with an independent reader.

Installs `gacrux` (Otto Milvang's FIDE pairing and tie-break checker, the code behind
FIDE TEC's tie-break server; MIT) with pip if it is not importable. Builds random team
events through `shatar tournament` (team round robins and team Swiss events of 3-10
teams, odd fields with a rest round or a pairing bye; 2-4 boards, up to two reserves,
random ratings, line-ups and results with forfeits), exports each with `export-trf`,
and reads the file with gacrux's `trf2json`. For every team it checks that what gacrux
reads from record 310 (pairing number, match points, game points, rank, members in
board order) is what the event file and `shatar tournament standings --format csv`
give, and that gacrux, which works the match and game points out again from the
players' 001 lines and the byes of record 320, reports no disagreement with them.
Each file is also read back with `import-trf`: the event it makes must export to the
same file and give the same standings.

Usage: scripts/check_trf_teams.py [--events 20] [--seed 1] [--shatar PATH]
Exit status: 0 if every value agrees, 1 otherwise, 2 if a tool fails.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import random
import subprocess
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

from checklib import ROOT, ensure_module, run, shatar_command


def ensure_library():
    return ensure_module("gacrux.trf2json", "gacrux", "1.11.65")


def load(path: Path) -> dict:
    return json.loads(path.read_text())["event"]


def random_result(rng: random.Random) -> str:
    x = rng.random()
    if x < 0.06:
        return rng.choice(["+-", "-+"])
    if x < 0.08:
        return "0F-0F"
    return rng.choice(["1-0", "1-0", "0-1", "0-1", "1/2"])


def build(shatar, rng: random.Random, path: Path, system: str, teams: int) -> None:
    boards = rng.randint(2, 4)
    rounds = [] if system == "round-robin" else ["--rounds", str(rng.randint(3, 5))]
    run(shatar + ["tournament", "new", str(path), "--name", "check", "--system", system,
                  "--boards", str(boards), "--lineup", "ordered-substitutes", "--lot-seed",
                  str(rng.randint(0, 999))] + rounds)
    for t in range(teams):
        members = boards + rng.randint(0, 2)
        names = sum((["--member", f"T{t + 1} M{m + 1}"] for m in range(members)), [])
        run(shatar + ["tournament", "add-team", str(path), "--name", f"Team {t + 1}"] + names)
    # Ratings: the command line registers members by name only.
    data = json.loads(path.read_text())
    for p in data["event"]["players"]:
        if rng.random() < 0.75:
            p["rating"] = rng.randint(1200, 2200)
    path.write_text(json.dumps(data))
    run(shatar + ["tournament", "start", str(path)])
    while True:
        event = load(path)
        if len(event["rounds"]) >= event["rounds_planned"]:
            break
        cmd = shatar + ["tournament", "pair", str(path)]
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        if done.returncode != 0 and "no valid pairing" in done.stderr:
            # A small Swiss field can run out of pairings: the event ends there.
            break
        if done.returncode != 0:
            print(f"failed: {' '.join(cmd)}\n{done.stderr.strip()}", file=sys.stderr)
            sys.exit(2)
        event = load(path)
        rnd = event["rounds"][-1]
        members = {t["number"]: t["members"] for t in event["teams"]}
        for p in rnd["pairings"]:
            if p.get("black") is None:
                continue
            # Ordered substitutes: any members, kept in registered order.
            lineups = [sorted(rng.sample(members[team], boards), key=members[team].index)
                       for team in (p["white"], p["black"])]
            results = [random_result(rng) for _ in range(boards)]
            run(shatar + ["tournament", "result", str(path), "--round", str(rnd["number"]),
                          "--board", str(p["board"]),
                          "--white-lineup", ",".join(map(str, lineups[0])),
                          "--black-lineup", ",".join(map(str, lineups[1]))] + results)


def ours(shatar, path: Path) -> dict:
    """Team number -> (match points, game points, place, members) as Shatar gives them."""
    rows = list(csv.reader(io.StringIO(run(shatar + ["tournament", "standings", str(path),
                                                     "--format", "csv"]))))
    header = rows[0]
    mp, gp = header.index("MP"), header.index("GP")
    members = {t["number"]: t["members"] for t in load(path)["teams"]}
    out = {}
    for row in rows[1:]:
        number = int(row[1])
        place = int(row[0].split("-")[0])
        out[number] = (Decimal(row[mp]), Decimal(row[gp]), place, members[number])
    return out


def theirs(t2j, text: str):
    """Team pairing number -> (match points, game points, rank, members) as gacrux reads
    record 310, with gacrux's status and remarks."""
    reader = t2j.trf2json()
    reader.parse_file(text, 0)
    status = reader.chessjson.get("status", {})
    tournament = reader.chessjson["event"]["tournaments"][0]
    teams = {}
    for c in tournament["competitors"]:
        teams[c["cid"]] = (Decimal(c["matchPoints"]), Decimal(c["gamePoints"]), c["rank"],
                           [p["cid"] for p in c["cplayers"]])
    return teams, reader.get_status(), status.get("info") or "", status.get("error") or []


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--events", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--shatar")
    args = ap.parse_args()
    t2j = ensure_library()
    shatar = shatar_command(args.shatar)
    bad = compared = reimported = reimported_same = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.events):
            rng = random.Random(args.seed * 1000 + i)
            system = "round-robin" if i % 2 == 0 else "swiss"
            teams = rng.randint(3, 10)
            path = Path(tmp) / f"e{i}.json"
            build(shatar, rng, path, system, teams)
            text = run(shatar + ["tournament", "export-trf", str(path)])
            mine = ours(shatar, path)
            # Shatar's own reader: import-trf rebuilds the team event from the file, which
            # must export to the same file and give the same standings.
            trf = Path(tmp) / f"e{i}.trf"
            trf.write_text(text)
            back = Path(tmp) / f"e{i}-back.json"
            run(shatar + ["tournament", "import-trf", str(trf), "--system", system,
                          "--out", str(back)])
            reimported += 1
            again = run(shatar + ["tournament", "export-trf", str(back)])
            read, code, info, errors = theirs(t2j, text)
            diffs = []
            if again != text:
                diffs.append("import-trf: the imported event exports differently")
            elif ours(shatar, back) != mine:
                diffs.append("import-trf: the imported event has other standings")
            else:
                reimported_same += 1
            if code != 0:
                diffs.append(f"gacrux status {code}: {errors}")
            if "310" in info:
                diffs.append(f"gacrux: {info}")
            if sorted(read) != sorted(mine):
                diffs.append(f"teams: ours {sorted(mine)}, gacrux {sorted(read)}")
            for number, values in mine.items():
                compared += 1
                if read.get(number) != values:
                    diffs.append(f"team {number}: ours {values}, gacrux {read.get(number)}")
            bad += len(diffs)
            print(f"{'ok  ' if not diffs else 'DIFF'} {system:11} {teams} teams"
                  + ("" if not diffs else ": " + "; ".join(diffs[:3])))
    print(f"{compared - bad}/{compared} team records agree")
    print(f"{reimported_same}/{reimported} events read back by import-trf to the same file and standings")
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
