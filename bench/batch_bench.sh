#!/usr/bin/env bash
# batch_bench.sh - files per minute of `savvy score --jobs N` over 20 one-minute answers (issue 13
# item 3), and a check that each batch worker keeps one warm Whisper worker for all its files.
#
#   bash bench/batch_bench.sh        (make bench runs it; SAVVY=path/to/savvy, FILES=20, JOBS="1 2")
#
# The answers are made here, not committed: the English fixture texts (Fixtures/*.json) spoken by
# espeak-ng, three texts an answer in a rotating order, voice and rate, cut or padded to 60 s.
# Every file differs (text order, voice, rate), so no cache can serve one from another.
# Each run is `score --json --no-save --offline` with the default engine (Whisper when its venv
# is installed), the whole pipeline a user gets. While it runs, the Python children of savvy are
# sampled every 0.2 s: a warm batch shows exactly one Whisper worker per job for the whole run.
set -euo pipefail
cd "$(dirname "$0")/.."
SAVVY="$(realpath "${SAVVY:-.build/release/savvy}")"
FILES="${FILES:-20}"
JOBS="${JOBS:-1 2}"
OUT="$(pwd)/bench/out/batch"
SECONDS_PER_ANSWER=60

[ -x "$SAVVY" ] || { echo "batch bench: $SAVVY not found; run 'swift build -c release' (make bench does)"; exit 1; }
for tool in espeak-ng sox soxi python3; do
    command -v "$tool" >/dev/null || { echo "batch bench: skipped ('$tool' not found)"; exit 0; }
done

rm -rf "$OUT"
mkdir -p "$OUT/answers" "$OUT/work"
# The English fixture texts, one a line.
mapfile -t TEXTS < <(python3 - <<'PY'
import glob, json
for path in sorted(glob.glob("Fixtures/*.json")):
    doc = json.load(open(path))
    if doc.get("voice", "").startswith("en") and doc.get("text"):
        print(" ".join(doc["text"].split()))
PY
)
[ "${#TEXTS[@]}" -ge 3 ] || { echo "batch bench: fewer than 3 English fixture texts found"; exit 1; }
VOICES=(en-us en-gb en-us+f3 en-us+m3 en-gb+f2)
RATES=(140 150 160 170)
for i in $(seq 0 $((FILES - 1))); do
    n=${#TEXTS[@]}
    text="${TEXTS[$((i % n))]} ${TEXTS[$(((i + 1) % n))]} ${TEXTS[$(((i + 3) % n))]}"
    voice=${VOICES[$((i % ${#VOICES[@]}))]}
    rate=${RATES[$((i % ${#RATES[@]}))]}
    raw="$OUT/work/answer-$i.raw.wav"
    espeak-ng -v "$voice" -s "$rate" -w "$raw" "$text"
    # 16 kHz mono, then exactly 60 s: cut when longer, silence after when shorter
    sox -V1 -R -D "$raw" -r 16000 -c 1 -b 16 "$OUT/work/answer-$i.wav" pad 0 "$SECONDS_PER_ANSWER" trim 0 "$SECONDS_PER_ANSWER"
    mv "$OUT/work/answer-$i.wav" "$(printf '%s/answers/answer-%02d.wav' "$OUT" "$i")"
done
total=$(for f in "$OUT"/answers/*.wav; do soxi -D "$f"; done | awk '{ s += $1 } END { printf "%.0f", s }')

echo
echo "Batch - savvy score --jobs N over $FILES answers of ${SECONDS_PER_ANSWER} s (${total} s of audio)"
echo "--------------------------------------------------------------------------------"
printf '%-8s %10s %12s %16s %s\n' "jobs" "wall s" "files/min" "whisper workers" "load average (1 min) before / after"
for jobs in $JOBS; do
    log="$OUT/jobs-$jobs"
    load_before=$(cut -d' ' -f1 /proc/loadavg)
    t0=$(date +%s%N)
    "$SAVVY" score "$OUT"/answers/*.wav --json --no-save --offline --jobs "$jobs" >"$log.json" 2>"$log.err" &
    pid=$!
    # Python children of savvy (the Whisper workers): every pid seen while the batch runs.
    : >"$log.workers"
    while kill -0 "$pid" 2>/dev/null; do
        ps --ppid "$pid" -o pid=,comm= 2>/dev/null | awk '$2 ~ /python/ { print $1 }' >>"$log.workers" || true
        sleep 0.2
    done
    status=0
    wait "$pid" || status=$?
    t1=$(date +%s%N)
    load_after=$(cut -d' ' -f1 /proc/loadavg)
    if [ "$status" -ne 0 ]; then
        echo "batch bench: score --jobs $jobs exited $status; see $log.err"
        exit 1
    fi
    scored=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))))' "$log.json")
    [ "$scored" -eq "$FILES" ] || { echo "batch bench: expected $FILES results, got $scored"; exit 1; }
    workers=$(sort -u "$log.workers" | wc -l)
    engine=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[0]["transcript"]["engine"])' "$log.json" 2>/dev/null || echo "?")
    awk -v ns=$((t1 - t0)) -v n="$FILES" -v j="$jobs" -v w="$workers" -v lb="$load_before" -v la="$load_after" \
        'BEGIN { s = ns / 1e9; printf "%-8s %10.1f %12.2f %16s %s / %s\n", j, s, n / (s / 60), w, lb, la }'
    echo "         (engine: $engine; a warm batch has $jobs worker(s) when the engine is Whisper, 0 for pocketsphinx)"
done
