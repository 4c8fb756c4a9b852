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
# With strace installed, the run is also traced for openat(2) alone (seccomp-filtered, so only
# those calls stop): the log counts the model loads, each an open of a model file — Whisper's
# CTranslate2 `model.bin` (one per worker when the model stays warm) and pocketsphinx's language
# model `en-us.lm.bin` (a decoder load, for the engine or the trust check's second opinion; one per
# worker when its decoder stays warm) — and the processes that made them. CPU seconds per file are user + system time of
# the whole run (savvy, the Whisper workers and strace) divided by the files, when GNU time
# (/usr/bin/time, Debian 'time') is installed.
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
TRACE=()
if command -v strace >/dev/null; then
    TRACE=(strace -f -qq --seccomp-bpf -e trace=openat -e signal=none -o)
else
    echo "(strace not found: model loads are not counted, only the worker processes)"
fi
printf '%-8s %10s %12s %12s %16s %s\n' "jobs" "wall s" "files/min" "CPU s/file" "whisper workers" "load average (1 min) before / after"
for jobs in $JOBS; do
    log="$OUT/jobs-$jobs"
    load_before=$(cut -d' ' -f1 /proc/loadavg)
    t0=$(date +%s%N)
    if [ ${#TRACE[@]} -gt 0 ]; then trace=("${TRACE[@]}" "$log.openat"); else trace=(); fi
    # GNU time (Debian 'time', optional) for the CPU seconds of the run and its children.
    if [ -x /usr/bin/time ]; then timer=(/usr/bin/time -f '%U %S' -o "$log.time"); else timer=(); fi
    "${timer[@]}" "${trace[@]}" "$SAVVY" score "$OUT"/answers/*.wav --json --no-save --offline --jobs "$jobs" >"$log.json" 2>"$log.err" &
    pid=$!
    # Python processes under savvy (the Whisper workers; under strace, savvy is one level down):
    # every pid seen while the batch runs.
    : >"$log.workers"
    while kill -0 "$pid" 2>/dev/null; do
        ps -e -o pid=,ppid=,comm= 2>/dev/null | awk -v root="$pid" '
            { parent[$1] = $2; name[$1] = $3 }
            END { for (p in name) if (name[p] ~ /python/) {
                for (q = parent[p]; q > 1; q = parent[q]) if (q == root) { print p; break } } }' >>"$log.workers" || true
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
    cpu=-
    if [ -f "$log.time" ]; then cpu=$(awk -v n="$FILES" '{ printf "%.1f", ($1 + $2) / n }' "$log.time"); fi
    awk -v ns=$((t1 - t0)) -v n="$FILES" -v j="$jobs" -v c="$cpu" -v w="$workers" -v lb="$load_before" -v la="$load_after" \
        'BEGIN { s = ns / 1e9; printf "%-8s %10.1f %12.2f %12s %16s %s / %s\n", j, s, n / (s / 60), c, w, lb, la }'
    echo "         (engine: $engine; a warm batch has $jobs worker(s) when the engine is Whisper, 0 for pocketsphinx)"
    if [ -f "$log.openat" ]; then
        # successful opens only (a failed probe of a path is not a load)
        loads() { grep -E "openat\(.*/$1\"" "$log.openat" | grep -v ' = -1 ' || true; }
        whisper_loads=$(loads model.bin | wc -l)
        whisper_pids=$(loads model.bin | awk '{ print $1 }' | sort -u | wc -l)
        # One pocketsphinx decoder load (ps_init) opens the acoustic model's mdef 4 times but the
        # language model en-us.lm.bin once, so the language model counts the loads.
        sphinx_loads=$(loads 'en-us\.lm\.bin' | wc -l)
        sphinx_mdef=$(loads mdef | wc -l)
        printf '         model loads (openat log %s): Whisper model.bin %d by %d process(es); pocketsphinx decoders %d for %d files (%.2f a file; warm: %d, one per job; mdef opened %d times)\n' \
            "$(basename "$log.openat")" "$whisper_loads" "$whisper_pids" "$sphinx_loads" "$FILES" \
            "$(awk -v l="$sphinx_loads" -v n="$FILES" 'BEGIN { print l / n }')" "$jobs" "$sphinx_mdef"
    fi
done
