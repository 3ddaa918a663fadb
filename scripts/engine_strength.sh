#!/bin/sh
# Strength of our engine against Fairy-Stockfish, single thread each, from the shipped
# balanced openings, in the fsf ruleset (FSF `UCI_Variant shatar`) and the official ruleset
# (FSF with the `shatarofficial` variant file).
#
# Usage: scripts/engine_strength.sh [GAMES] [TC]     (default: 20 games at 3+0.03)
#   SHATAR=path/to/shatar to use a given binary (default: target/release/shatar).
# The full test of the issue is GAMES=200 TC=10+0.1.
set -eu
cd "$(dirname "$0")/.."
GAMES="${1:-20}"
TC="${2:-3+0.03}"
SHATAR="${SHATAR:-target/release/shatar}"
FSF="${FSF:-/usr/games/fairy-stockfish}"
OPENINGS=crates/engine/data/openings
mkdir -p target/strength
echo "== fsf ruleset: $GAMES games at $TC"
"$SHATAR" match --engine1 "$SHATAR uci" --name1 shatar --engine2 "$FSF" --name2 fairy-stockfish \
  --ruleset fsf --openings "$OPENINGS/fsf.epd" --games "$GAMES" --tc "$TC" --concurrency 1 \
  --pgn target/strength/fsf.pgn | tail -3
echo "== official ruleset: $GAMES games at $TC"
"$SHATAR" match --engine1 "$SHATAR uci" --name1 shatar --engine2 "$FSF" --name2 fairy-stockfish \
  --option2 "VariantPath=$OPENINGS/variants.ini" --option2 UCI_Variant=shatarofficial \
  --ruleset official --openings "$OPENINGS/official.epd" --games "$GAMES" --tc "$TC" \
  --concurrency 1 --pgn target/strength/official.pgn | tail -3
