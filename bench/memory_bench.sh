#!/usr/bin/env bash
# memory_bench.sh - peak memory and time of `savvy analyze` and a saving `savvy score` on long
# recordings (issue 13 item 1; make bench runs it; SAVVY=path/to/savvy picks the binary).
#
# The recordings are generated here, not committed: the spoken fixtures end to end with 0.7 s
# of silence between them, repeated with sox to 10 minutes and to 2 hours (16 kHz mono WAV,
# 230 MB). Peak RSS is counted per process by bench/tree_rss.py (each process's VmHWM, sampled
# every 0.2 s over savvy and everything it starts): the row shows savvy's own peak, the largest
# helper's (the Whisper worker), their sum (every process at its own peak at once: the honest
# upper bound, and the figure the target is for) and the largest sum seen at one moment ("at
# once"; lower, because savvy stops the worker before its own heaviest stages). A worker started
# again for a re-decode is another process, counted in the sum. Targets for 2 hours: analyze
# < 300 MB, score < 600 MB (the sum).
# MEMORY_BENCH_ASR picks the recogniser for score (default auto: Whisper when its venv is there);
# MEMORY_BENCH_LENGTHS the lengths in seconds (default "600 7200"). A score of 2 hours took
# 1111 s (18.5 min) at nice -10 under load 4-8 on the 2-core machine, mostly Whisper on one
# core, and longer on a busier one, so score runs only on lengths up to 600 s unless
# MEMORY_BENCH_LONG_SCORE=1.
set -euo pipefail
cd "$(dirname "$0")/.."
SAVVY="$(realpath "${SAVVY:-.build/release/savvy}")"
ASR="${MEMORY_BENCH_ASR:-auto}"
LENGTHS="${MEMORY_BENCH_LENGTHS:-600 7200}"
LONG_SCORE="${MEMORY_BENCH_LONG_SCORE:-0}"
OUT="$(pwd)/bench/out/memory"
[ -x "$SAVVY" ] || { echo "memory bench: $SAVVY not found; run 'swift build -c release' (make bench does)"; exit 1; }
command -v sox >/dev/null || { echo "memory bench: skipped (needs sox)"; exit 0; }
mkdir -p "$OUT"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

sox -n -r 16000 -c 1 -b 16 "$WORK/gap.wav" trim 0 0.7
pieces=()
for name in star-answer quiet-noisy star-natural fillers unrecognised star-no-result symbols; do
    pieces+=("Fixtures/$name.wav" "$WORK/gap.wav")
done
sox "${pieces[@]}" "$WORK/round.wav"
round=$(soxi -D "$WORK/round.wav")

# measure LABEL SECONDS COMMAND...: one row, elapsed seconds and peak RSS in MB (savvy, its
# largest helper process, the sum of every process's peak)
measure() {
    local label=$1 seconds=$2 start end
    shift 2
    start=$(date +%s.%N)
    python3 bench/tree_rss.py --report "$WORK/rss.txt" -- "$@" >"$WORK/out.txt" 2>"$WORK/err.txt" \
        || { echo "memory bench: $label failed: $(tail -1 "$WORK/err.txt")"; return 0; }
    end=$(date +%s.%N)
    cp "$WORK/rss.txt" "$OUT/rss-$seconds-${label%% *}.txt"
    # The first line is the command (env, then savvy itself after exec); the others are helpers.
    read -r savvy helper total together < <(awk '
        /^sum of peaks/ { total = $4; next }
        /^peak of sum/ { together = $4; next }
        NR == 1 { savvy = $3; next }
        $3 > helper { helper = $3 }
        END { print savvy, helper + 0, total, together }' "$WORK/rss.txt")
    printf '%-8s %-22s %8.1f s %7s MB %7s MB %7s MB %7s MB\n' "$seconds s" "$label" "$(awk "BEGIN { print $end - $start }")" \
        "$savvy" "$helper" "$total" "$together" | tee -a "$OUT/rows.txt"
}

: >"$OUT/rows.txt"
printf '%-8s %-22s %10s %10s %10s %10s %10s\n' "length" "command" "time" "savvy" "worker" "sum" "at once" | tee -a "$OUT/rows.txt"
for seconds in $LENGTHS; do
    file="$WORK/speech-$seconds.wav"
    repeats=$(python3 -c "import math; print(max(0, math.ceil($seconds / $round) - 1))")
    sox "$WORK/round.wav" "$file" repeat "$repeats" trim 0 "$seconds"
    measure "analyze --json" "$seconds" "$SAVVY" analyze --json "$file"
    if [ "$seconds" -gt 600 ] && [ "$LONG_SCORE" != 1 ]; then
        echo "memory bench: score of $seconds s skipped (takes long; MEMORY_BENCH_LONG_SCORE=1 runs it)" | tee -a "$OUT/rows.txt"
        rm -f "$file"
        continue
    fi
    home="$WORK/home-$seconds"
    measure "score (saving, $ASR)" "$seconds" env SAVVY_HOME="$home" "$SAVVY" score "$file" --asr "$ASR" --offline
    rm -rf "$home" "$file"
done
