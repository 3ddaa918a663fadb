#!/bin/sh
# A tiny fake UCI engine for the referee tests. Its one argument is its behaviour:
#   shuffle  plays the horses out and back (g1f3 g8f6 f3g1 f6g8 ...), always legal from
#            the fsf start position, reporting depth 7 and a level score
#   illegal  answers every go with e2e5
#   crash    exits when asked to move
#   hang     never answers go
#   slow     waits two seconds, then shuffles
mode="$1"
while read -r line; do
  set -- $line
  case "$1" in
    uci) echo "id name fake-$mode"; echo "uciok" ;;
    isready) echo "readyok" ;;
    position)
      plies=0; seen=0
      for w in "$@"; do
        [ $seen = 1 ] && plies=$(( plies + 1 ))
        [ "$w" = moves ] && seen=1
      done ;;
    go)
      case "$mode" in
        illegal) echo "bestmove e2e5" ;;
        crash) exit 3 ;;
        hang) ;;
        *)
          [ "$mode" = slow ] && sleep 2
          echo "info depth 7 score cp 0"
          case $(( plies % 4 )) in
            0) echo "bestmove g1f3" ;;
            1) echo "bestmove g8f6" ;;
            2) echo "bestmove f3g1" ;;
            3) echo "bestmove f6g8" ;;
          esac ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
