#!/usr/bin/env bash
# memory_bench.sh - peak memory and time of `savvy analyze` and a saving `savvy score` on long
# recordings (issue 13 item 1; make bench runs it; SAVVY=path/to/savvy picks the binary).
#
# The recordings are generated here, not committed: the spoken fixtures end to end with 0.7 s
# of silence between them, repeated with sox to 10 minutes and to 2 hours (16 kHz mono WAV,
# 230 MB). Peak RSS is GNU time's maximum resident set size, which covers savvy and the Whisper
# worker it starts (the larger of the two). Targets for 2 hours: analyze < 300 MB, score < 600 MB.
# MEMORY_BENCH_ASR picks the recogniser for score (default auto: Whisper when its venv is there);
# MEMORY_BENCH_LENGTHS the lengths in seconds (default "600 7200").
set -euo pipefail
cd "$(dirname "$0")/.."
SAVVY="$(realpath "${SAVVY:-.build/release/savvy}")"
ASR="${MEMORY_BENCH_ASR:-auto}"
LENGTHS="${MEMORY_BENCH_LENGTHS:-600 7200}"
OUT="$(pwd)/bench/out/memory"
[ -x "$SAVVY" ] || { echo "memory bench: $SAVVY not found; run 'swift build -c release' (make bench does)"; exit 1; }
command -v sox >/dev/null || { echo "memory bench: skipped (needs sox)"; exit 0; }
[ -x /usr/bin/time ] || { echo "memory bench: skipped (needs GNU time: apt-get install time)"; exit 0; }
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

# measure LABEL SECONDS COMMAND...: one row, elapsed seconds and peak RSS in MB
measure() {
    local label=$1 seconds=$2
    shift 2
    /usr/bin/time -f "%e %M" -o "$WORK/time.txt" "$@" >"$WORK/out.txt" 2>"$WORK/err.txt" \
        || { echo "memory bench: $label failed: $(tail -1 "$WORK/err.txt")"; return 0; }
    read -r elapsed kilobytes <"$WORK/time.txt"
    printf '%-8s %-22s %8.1f s %8.0f MB\n' "$seconds s" "$label" "$elapsed" "$((kilobytes / 1024))" | tee -a "$OUT/rows.txt"
}

: >"$OUT/rows.txt"
printf '%-8s %-22s %10s %11s\n' "length" "command" "time" "peak RSS" | tee -a "$OUT/rows.txt"
for seconds in $LENGTHS; do
    file="$WORK/speech-$seconds.wav"
    repeats=$(python3 -c "import math; print(max(0, math.ceil($seconds / $round) - 1))")
    sox "$WORK/round.wav" "$file" repeat "$repeats" trim 0 "$seconds"
    measure "analyze --json" "$seconds" "$SAVVY" analyze --json "$file"
    home="$WORK/home-$seconds"
    measure "score (saving, $ASR)" "$seconds" env SAVVY_HOME="$home" "$SAVVY" score "$file" --asr "$ASR" --offline
    rm -rf "$home" "$file"
done
