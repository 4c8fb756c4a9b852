#!/usr/bin/env bash
# store_bench.sh - savvy's session store measured through the CLI (issue 4's bench part).
#
#   bash bench/store_bench.sh        (make bench runs it; SAVVY=path/to/savvy to pick the binary)
#
# 1. TextGrid: scores one real file into a fresh data folder, exports `savvy show last
#    --textgrid`, and has Praat (parselmouth, in the bench venv) read it back
#    (bench/textgrid_check.py). Skipped with a message without the bench venv.
# 2. History: clones that one real session with the sqlite3 CLI, in one transaction, to 10 000
#    sessions with varied dates, drills and numbers (every row still decodes: same transcript and
#    metrics JSON), then times `savvy history --json` and the table, best of 5 (target < 150 ms).
#    Then 100 000 sessions the same way (issue 13): the table (the latest 50 and a count of the
#    rest), `--all` and `--json`, best of 5 (target: the table < 150 ms).
# 3. Insert: N real `savvy score` runs of a short clip with saving and N without, interleaved,
#    into the 10 000-session database; the difference is the cost of keeping a session (copy
#    the audio with fsync + rename, one transaction).
set -euo pipefail
cd "$(dirname "$0")/.."
SAVVY="$(realpath "${SAVVY:-.build/release/savvy}")"
BENCH_VENV="${BENCH_VENV:-.venv-bench}"
OUT="$(pwd)/bench/out/store"
SESSIONS=10000
BIG_SESSIONS=100000
RUNS=5
INSERTS=20
TARGET_MS=150
SCORE=(--asr pocketsphinx --coach heuristic --offline)

[ -x "$SAVVY" ] || { echo "store bench: $SAVVY not found; run 'swift build -c release' (make bench does)"; exit 1; }
if ! command -v sqlite3 >/dev/null; then
    echo "store bench: installing sqlite3 (the CLI) to build the synthetic database"
    SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
    export DEBIAN_FRONTEND=noninteractive
    if ! $SUDO apt-get install -y -qq --no-install-recommends sqlite3 >/dev/null; then
        $SUDO apt-get update -qq
        $SUDO apt-get install -y -qq --no-install-recommends sqlite3 >/dev/null
    fi
fi

rm -rf "$OUT"
mkdir -p "$OUT/home"
export SAVVY_HOME="$OUT/home"
DB="$SAVVY_HOME/savvy.db"

now_ns() { date +%s%N; }
# best_ms CMD...: best wall time of $RUNS runs in milliseconds (stdout discarded).
best_ms() {
    local best="" t0 t1 ms
    for _ in $(seq "$RUNS"); do
        t0=$(now_ns); "$@" >/dev/null 2>&1; t1=$(now_ns)
        ms=$(( (t1 - t0) / 1000 ))
        if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
    done
    awk -v us="$best" 'BEGIN { printf "%.1f", us / 1000 }'
}
verdict() { awk -v v="$1" -v t="$2" 'BEGIN { print (v < t) ? "ok" : "MISS" }'; }

echo
echo "Store - one real session, then $SESSIONS synthetic ones"
echo "------------------------------------------------------"
t0=$(now_ns)
"$SAVVY" score Fixtures/star-answer.wav --drill star "${SCORE[@]}" \
    --prompt "Tell me about a time you fixed a production problem under time pressure." >/dev/null
t1=$(now_ns)
printf 'scored Fixtures/star-answer.wav (32.9 s, pocketsphinx) in %.1f s: session %s\n' \
    "$(awk -v ns=$((t1 - t0)) 'BEGIN { print ns / 1e9 }')" "$(sqlite3 "$DB" 'SELECT max(id) FROM sessions')"

# ---- TextGrid through Praat -------------------------------------------------------------------
echo
echo "TextGrid export read by Praat (parselmouth)"
echo "-------------------------------------------"
"$SAVVY" show last --textgrid "$OUT/last.TextGrid"
"$SAVVY" show last --json > "$OUT/last.json"
if [ -x "$BENCH_VENV/bin/python" ] && "$BENCH_VENV/bin/python" -c 'import parselmouth' 2>/dev/null; then
    if "$BENCH_VENV/bin/python" bench/textgrid_check.py "$OUT/last.TextGrid" "$OUT/last.json"; then
        echo "Praat parsed the TextGrid: yes"
    else
        echo "Praat parsed the TextGrid: NO (see above)"
    fi
else
    echo "textgrid check: skipped - no bench venv with parselmouth at $BENCH_VENV (set BENCH_VENV)"
fi

# ---- 10 000 sessions ------------------------------------------------------------------------------
# Clones of session 1 going back in time 53 minutes apart (about a year per 10 000), drills
# cycling, and numbers spread deterministically around the real ones; each clone gets a copy of
# the scoring. grow N adds clones until there are N sessions, in one transaction.
grow() {
    sqlite3 "$DB" <<SQL
PRAGMA foreign_keys = ON;
BEGIN;
WITH RECURSIVE n(k) AS (SELECT (SELECT count(*) FROM sessions) UNION ALL SELECT k + 1 FROM n WHERE k < $1 - 1)
INSERT INTO sessions (created_at, drill, prompt, audio_path, audio_sha256, audio_bytes, duration, sample_rate,
                      source_name, transcript_json, asr_engine, asr_model, metrics_json, metrics_version,
                      lexicon_version, wpm, fillers_per_min, pitch_sd, cpps)
SELECT strftime('%Y-%m-%dT%H:%M:%fZ', s.created_at, printf('-%d minutes', k * 53)),
       CASE k % 5 WHEN 0 THEN 'star' WHEN 1 THEN 'prep' WHEN 2 THEN 'pitch' WHEN 3 THEN 'impromptu' ELSE 'free' END,
       s.prompt, s.audio_path, s.audio_sha256, s.audio_bytes, s.duration + (k * 17) % 90, s.sample_rate,
       printf('answer-%05d.wav', k), s.transcript_json, s.asr_engine, s.asr_model, s.metrics_json,
       s.metrics_version, s.lexicon_version,
       s.wpm + (k * 37) % 61 - 30, (k * 13) % 90 / 10.0, 1.5 + (k * 7) % 40 / 10.0, 8 + (k * 11) % 80 / 10.0
FROM n, (SELECT * FROM sessions ORDER BY id LIMIT 1) s;
INSERT INTO scorings (session_id, created_at, tier, model, rubric_version, overall, rubric_json, router_json,
                      degraded_reason)
SELECT s.id, s.created_at, c.tier, c.model, c.rubric_version, 1.5 + (s.id * 29) % 35 / 10.0, c.rubric_json,
       c.router_json, c.degraded_reason
FROM sessions s, (SELECT * FROM scorings ORDER BY id LIMIT 1) c
WHERE NOT EXISTS (SELECT 1 FROM scorings WHERE session_id = s.id);
COMMIT;
SQL
}
t0=$(now_ns)
grow "$SESSIONS"
t1=$(now_ns)
count=$(sqlite3 "$DB" 'SELECT count(*) FROM sessions')
printf 'cloned to %d sessions (%d scorings) in one transaction: %.2f s; database %s\n' "$count" \
    "$(sqlite3 "$DB" 'SELECT count(*) FROM scorings')" "$(awk -v ns=$((t1 - t0)) 'BEGIN { print ns / 1e9 }')" \
    "$(du -h "$DB" | cut -f1)"
rows_json=$("$SAVVY" history --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')
rows_table=$("$SAVVY" history | wc -l)
echo "savvy history --json returns $rows_json rows; the table has $rows_table lines"

echo
echo "History over $count sessions - wall time, best of $RUNS (stdout to /dev/null); load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "---------------------------------------------------------------------------"
printf '%-36s %10s %12s %s\n' "command" "best ms" "target ms" ""
for variant in "history --json" "history" "history --csv" "history --limit 20" "history --drill star --json"; do
    # shellcheck disable=SC2086
    ms=$(best_ms "$SAVVY" $variant)
    printf '%-36s %10s %12s %s\n' "savvy $variant" "$ms" "< $TARGET_MS" "$(verdict "$ms" "$TARGET_MS")"
done
# The same SELECT as SessionStore.history, run by the sqlite3 CLI: how much of the time is SQLite.
ms=$(best_ms sqlite3 "$DB" "SELECT s.id, s.created_at, s.drill, s.source_name, s.duration, s.wpm, s.fillers_per_min,
    s.pitch_sd, s.cpps, latest.overall, latest.tier FROM sessions s
    LEFT JOIN scorings latest ON latest.id = (SELECT MAX(id) FROM scorings WHERE session_id = s.id)
    ORDER BY s.created_at DESC, s.id DESC")
printf '%-36s %10s %12s %s\n' "(reference: the query in sqlite3)" "$ms" "" ""

# ---- insert throughput ---------------------------------------------------------------------------
CLIP="$OUT/short.wav"
espeak-ng -v en-us -s 150 -w "$OUT/short.raw.wav" "Thank you for the question. Here is my short answer."
sox -R -D "$OUT/short.raw.wav" -r 16000 -c 1 -b 16 "$CLIP"
clip_s=$(soxi -D "$CLIP")
save_ms=() nosave_ms=() diff_ms=()
for _ in $(seq "$INSERTS"); do
    t0=$(now_ns); "$SAVVY" score "$CLIP" "${SCORE[@]}" --no-save >/dev/null; t1=$(now_ns)
    a=$(( (t1 - t0) / 1000 ))
    t0=$(now_ns); "$SAVVY" score "$CLIP" "${SCORE[@]}" >/dev/null; t1=$(now_ns)
    b=$(( (t1 - t0) / 1000 ))
    nosave_ms+=("$a") save_ms+=("$b") diff_ms+=("$(( b - a ))")
done
added=$(( $(sqlite3 "$DB" 'SELECT count(*) FROM sessions') - count ))
stats() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1; s += $1 } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.1f %.1f %.1f", v[1] / 1000, m / 1000, s / NR / 1000 }'; }
read -r s_min s_med s_mean <<<"$(stats "${save_ms[@]}")"
read -r n_min n_med n_mean <<<"$(stats "${nosave_ms[@]}")"
read -r d_min d_med d_mean <<<"$(stats "${diff_ms[@]}")"
echo
printf 'Insert - %d x savvy score of a %.1f s clip (pocketsphinx), saving vs --no-save, interleaved,\n' "$INSERTS" "$clip_s"
printf 'into the %d-session database (%d sessions added)\n' "$count" "$added"
echo "---------------------------------------------------------------------------------------------"
printf '%-22s %9s %9s %9s\n' "" "min ms" "median ms" "mean ms"
printf '%-22s %9s %9s %9s\n' "score --no-save" "$n_min" "$n_med" "$n_mean"
printf '%-22s %9s %9s %9s\n' "score (saves)" "$s_min" "$s_med" "$s_mean"
printf '%-22s %9s %9s %9s   (paired: each saving run minus the --no-save run just before it)\n' \
    "overhead per session" "$d_min" "$d_med" "$d_mean"
awk -v m="$d_med" -v lo="$n_min" -v hi="$n_med" 'BEGIN {
    if (m > 0) printf "insert throughput, save step alone: about %.0f sessions/s (from the median paired overhead)\n", 1000 / m
    else printf "insert overhead per session is below the run-to-run noise of a score run (%.0f-%.0f ms here)\n", lo, hi }'
if [ "$added" -ne "$INSERTS" ]; then echo "store bench: expected $INSERTS new sessions, found $added"; exit 1; fi

# Reference for the database part alone: the sqlite3 CLI with savvy's pragmas (WAL,
# synchronous=NORMAL) adding one session + one scoring per transaction, as SessionStore does.
REF=200
{
    echo "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"
    for _ in $(seq "$REF"); do
        cat <<'SQL'
BEGIN;
INSERT INTO sessions (created_at, drill, prompt, audio_path, audio_sha256, audio_bytes, duration, sample_rate,
                      source_name, transcript_json, asr_engine, asr_model, metrics_json, metrics_version,
                      lexicon_version, wpm, fillers_per_min, pitch_sd, cpps)
SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), drill, prompt, audio_path, audio_sha256, audio_bytes, duration,
       sample_rate, source_name, transcript_json, asr_engine, asr_model, metrics_json, metrics_version,
       lexicon_version, wpm, fillers_per_min, pitch_sd, cpps FROM sessions ORDER BY id LIMIT 1;
INSERT INTO scorings (session_id, created_at, tier, model, rubric_version, overall, rubric_json, router_json,
                      degraded_reason)
SELECT last_insert_rowid(), created_at, tier, model, rubric_version, overall, rubric_json, router_json,
       degraded_reason FROM scorings ORDER BY id LIMIT 1;
COMMIT;
SQL
    done
} > "$OUT/ref-inserts.sql"
t0=$(now_ns); sqlite3 "$DB" < "$OUT/ref-inserts.sql" >/dev/null; t1=$(now_ns)
awk -v ns=$((t1 - t0)) -v n="$REF" 'BEGIN {
    printf "reference: sqlite3, %d sessions one transaction each (WAL, synchronous=NORMAL): %.2f ms each, %.0f sessions/s\n",
        n, ns / 1e6 / n, n / (ns / 1e9) }'

# ---- 100 000 sessions (issue 13) ----------------------------------------------------------------
t0=$(now_ns)
grow "$BIG_SESSIONS"
t1=$(now_ns)
count=$(sqlite3 "$DB" 'SELECT count(*) FROM sessions')
echo
printf 'grown to %d sessions in one transaction: %.1f s; database %s\n' "$count" \
    "$(awk -v ns=$((t1 - t0)) 'BEGIN { print ns / 1e9 }')" "$(du -h "$DB" | cut -f1)"
echo "History over $count sessions - wall time, best of $RUNS (stdout to /dev/null); load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "---------------------------------------------------------------------------"
printf '%-36s %10s %12s %s\n' "command" "best ms" "target ms" ""
ms=$(best_ms "$SAVVY" history)
printf '%-36s %10s %12s %s\n' "savvy history (latest 50 + count)" "$ms" "< $TARGET_MS" "$(verdict "$ms" "$TARGET_MS")"
for variant in "history --drill star" "history --all" "history --json"; do
    # shellcheck disable=SC2086
    ms=$(best_ms "$SAVVY" $variant)
    printf '%-36s %10s %12s %s\n' "savvy $variant" "$ms" "" ""
done
# the database is 2 GB: not kept
rm -f "$DB" "$DB-wal" "$DB-shm"
