#!/bin/sh
# One round of stage 3 on a many-core machine: self-play positions with their
# PLY-deep values from JOBS `td_train gen` processes for SECONDS each (seeds
# SEED, SEED+1, ...), then tools/bot/fit.py fits the contact net to all of them.
# The counts of records each file holds are printed: `fit.py FILE:N` replays a
# run exactly (gen is deterministic for given weights and seed).
#
#   sh tools/bot/round.sh INIT.bin WORK JOBS SECONDS SEED PLY [fit.py options...]
#   e.g. sh tools/bot/round.sh game/bot/weights.bin /tmp/r6 14 300 601 2 --epochs 10 --seed 6
# GEN_RACE=1 in the environment writes race positions instead (then pass --net race);
# GEN_TRIALS=N GEN_DEPTH=D truncated-rollout targets (PLY is then ignored, give 0),
# and GEN_VR=1 with each roll's luck taken out (see td_train.c, rollout_value).
set -eu
[ $# -ge 6 ] || { echo "usage: round.sh INIT.bin WORK JOBS SECONDS SEED PLY [fit.py options...]" >&2; exit 2; }
init=$1; work=$2; jobs=$3; seconds=$4; seed=$5; ply=$6
shift 6
here=$(dirname "$0")
mkdir -p "$work"
gcc -O3 -march=native -ffast-math -o "$work/td_train" "$here/td_train.c" -lm
python3 -c "import sys; sys.path.insert(0, '$here'); import train; train.to_raw('$init', '$work/init.raw')"
i=0
while [ $i -lt "$jobs" ]; do
    timeout "$seconds" "$work/td_train" gen "$work/init.raw" "$work/g$i.dat" 100000000 $((seed + i)) "$ply" \
        2>"$work/g$i.log" &
    i=$((i + 1))
done
wait || true
files=""
i=0
while [ $i -lt "$jobs" ]; do
    n=$(( $(stat -c %s "$work/g$i.dat") / 118 ))
    echo "seed $((seed + i)): $n records"
    files="$files $work/g$i.dat:$n"
    i=$((i + 1))
done
python3 "$here/fit.py" $files --init "$init" --out "$work/w.bin" "$@"
