#!/bin/sh
# Our `Skill Level` ladder against Fairy-Stockfish `Skill Level` settings (fsf ruleset,
# shipped openings, single thread each). Prints one summary line per pairing.
#
# Usage: scripts/engine_skill_ladder.sh [GAMES] [TC] [OUR_LEVELS] [FSF_LEVELS]
#   default: 10 games at 1+0.01, our levels "0 5 10 15 20", FSF levels "0 5 10"
set -eu
cd "$(dirname "$0")/.."
GAMES="${1:-10}"
TC="${2:-1+0.01}"
OURS="${3:-0 5 10 15 20}"
THEIRS="${4:-0 5 10}"
SHATAR="${SHATAR:-target/release/shatar}"
FSF="${FSF:-/usr/games/fairy-stockfish}"
for f in $THEIRS; do
  for o in $OURS; do
    line=$("$SHATAR" match --engine1 "$SHATAR uci" --name1 "shatar-skill$o" \
      --option1 "Skill Level=$o" --engine2 "$FSF" --name2 "fsf-skill$f" \
      --option2 "Skill Level=$f" --ruleset fsf --openings crates/engine/data/openings/fsf.epd \
      --games "$GAMES" --tc "$TC" --concurrency 1 | tail -2 | head -1)
    echo "$line"
  done
done
