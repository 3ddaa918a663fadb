#!/bin/sh
# Fairy-Stockfish against itself, for the tuning scripts (engine_texel_fsf.sh,
# engine_texel_distill.sh): 200 games per ruleset (fsf with UCI_Variant shatar, official
# with variants.ini's shatarofficial) and node count, from the shipped openings, with the
# match runner. Fairy-Stockfish is deterministic at a fixed node count, so each count gives
# other games from the same openings. A PGN file already in DIR is kept, not replayed.
# Prints the PGN paths on the last line.
#
# Usage: scripts/engine_fsf_selfplay.sh DIR BIN "NODE_COUNTS"
#   DIR: where the PGN and log files go; BIN: the directory of the engine_match build.
set -eu
cd "$(dirname "$0")/.."
D="$1"
BIN="$2"
NODE_COUNTS="$3"
FSF="${FSF:-/usr/games/fairy-stockfish}"
O=crates/engine/data/openings
PGNS=""
for N in $NODE_COUNTS; do
  for R in fsf official; do
    if [ ! -s "$D/$R-$N.pgn" ]; then
      if [ "$R" = official ]; then
        set -- --option1 "VariantPath=$O/variants.ini" --option1 UCI_Variant=shatarofficial \
          --option2 "VariantPath=$O/variants.ini" --option2 UCI_Variant=shatarofficial
      else
        set --
      fi
      "$BIN/engine_match" --engine1 "$FSF" --name1 fsf-a --engine2 "$FSF" --name2 fsf-b "$@" \
        --ruleset "$R" --openings "$O/$R.epd" --games 200 --tc "nodes=$N" --concurrency 1 \
        --pgn "$D/$R-$N.pgn" > "$D/$R-$N.log"
      tail -1 "$D/$R-$N.log" >&2
    fi
    PGNS="$PGNS $D/$R-$N.pgn"
  done
done
echo "$PGNS"
