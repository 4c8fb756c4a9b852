#!/usr/bin/env bash
# store_bench.sh - savvy's session store measured through the CLI (issue 4's bench part).
#
#   bash bench/store_bench.sh        (make bench runs it; SAVVY=path/to/savvy to pick the binary)
#
# 1. TextGrid: scores one real file into a fresh data folder, exports `savvy show last
#    --textgrid`, and has Praat (parselmouth, in the bench venv) read it back
#    (bench/textgrid_check.py). Skipped with a message without the bench venv.
# 0. Start-up (issue 13): `savvy --version` and `savvy history` with no database yet, against
#    the sqlite3 CLI's own start-up.
# 2. History: clones that one real session with the sqlite3 CLI, in one transaction, to 10 000
#    sessions with varied dates, drills and numbers (bench/grow_history_store.sh; every row still
#    decodes: same transcript and metrics JSON), then times `savvy history --json` and the table
#    (target < 150 ms), beside the sqlite3 CLI printing the same rows as text and as JSON.
#    Then 100 000 sessions the same way (issue 13): the table (the latest 50 and a count of the
#    rest; target < 150 ms), `--all` and `--json`.
# Every timed row gives the best wall time of $RUNS runs and the median CPU time (user + system,
# bench/command_time.py): on a shared machine the wall time is mostly the wait for a core, and
# the CPU time is what savvy itself costs.
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
# timed CMD...: "best-wall-ms median-cpu-ms" over $RUNS runs (stdout discarded).
timed() { python3 bench/command_time.py --runs "$RUNS" -- "$@" | awk '{ print $1, $3 }'; }
verdict() { awk -v v="$1" -v t="$2" 'BEGIN { print (v < t) ? "ok" : "MISS" }'; }
# row LABEL TARGET CMD...: one timed row; TARGET "" for none. Sets LAST_WALL and LAST_CPU.
row() {
    local label="$1" target="$2" wall cpu
    shift 2
    read -r wall cpu <<<"$(timed "$@")"
    LAST_WALL=$wall LAST_CPU=$cpu
    if [ -n "$target" ]; then
        printf '%-40s %10s %10s %12s %s\n' "$label" "$wall" "$cpu" "< $target" "$(verdict "$wall" "$target")"
    else
        printf '%-40s %10s %10s\n' "$label" "$wall" "$cpu"
    fi
}
header() { printf '%-40s %10s %10s %12s\n' "command" "best ms" "cpu ms" "target ms"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }'; }

echo
echo "Start-up - no database yet; best wall of $RUNS, median CPU; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "------------------------------------------------------------------------------"
header
row "savvy --version" "" "$SAVVY" --version
row "savvy history (no database)" "" "$SAVVY" history
savvy_cpu=$LAST_CPU
row "(reference: sqlite3 -version)" "" sqlite3 -version
echo "savvy history on an empty store costs $(ratio "$savvy_cpu" "$LAST_CPU")x the CPU of the sqlite3 CLI starting"

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
grow() { bash bench/grow_history_store.sh "$DB" "$1"; }
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

# The same SELECT as SessionStore.history, run by the sqlite3 CLI: how much of the time is SQLite
# and printing, in a C program with no start-up to speak of.
HISTORY_SQL="SELECT s.id, s.created_at, s.drill, s.source_name, s.duration,
    CASE WHEN latest.own_delivery = 1 THEN latest.wpm ELSE s.wpm END AS wpm,
    CASE WHEN latest.own_delivery = 1 THEN latest.fillers_per_min ELSE s.fillers_per_min END AS fillers_per_min,
    CASE WHEN latest.own_delivery = 1 THEN latest.pitch_sd ELSE s.pitch_sd END AS pitch_sd,
    CASE WHEN latest.own_delivery = 1 THEN latest.cpps ELSE s.cpps END AS cpps,
    latest.overall, latest.tier FROM sessions s
    LEFT JOIN scorings latest ON latest.session_id = s.id
        AND latest.id = (SELECT MAX(id) FROM scorings WHERE session_id = s.id)
    ORDER BY s.created_at DESC, s.id DESC"
echo
echo "History over $count sessions - best wall of $RUNS (stdout to /dev/null), median CPU; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "---------------------------------------------------------------------------------------------"
header
row "savvy history --json" "$TARGET_MS" "$SAVVY" history --json
json_wall=$LAST_WALL json_cpu=$LAST_CPU
for variant in "history" "history --csv" "history --limit 20" "history --drill star --json"; do
    # shellcheck disable=SC2086
    row "savvy $variant" "$TARGET_MS" "$SAVVY" $variant
done
row "(reference: the query in sqlite3)" "" sqlite3 "$DB" "$HISTORY_SQL"
row "(reference: sqlite3 -json)" "" sqlite3 -json "$DB" "$HISTORY_SQL"
echo "savvy history --json / sqlite3 -json: $(ratio "$json_wall" "$LAST_WALL")x wall, $(ratio "$json_cpu" "$LAST_CPU")x CPU"

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
echo "History over $count sessions - best wall of $RUNS (stdout to /dev/null), median CPU; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "---------------------------------------------------------------------------------------------"
header
row "savvy history (latest 50 + count)" "$TARGET_MS" "$SAVVY" history
table_wall=$LAST_WALL table_cpu=$LAST_CPU
for variant in "history --drill star" "history --all" "history --json"; do
    # shellcheck disable=SC2086
    row "savvy $variant" "" "$SAVVY" $variant
done
row "(reference: sqlite3, latest 50 + count)" "" sqlite3 "$DB" "$HISTORY_SQL LIMIT 50; SELECT count(*) FROM sessions"
echo "savvy history / sqlite3 for the same rows: $(ratio "$table_wall" "$LAST_WALL")x wall, $(ratio "$table_cpu" "$LAST_CPU")x CPU"
row "(reference: sqlite3 -json, every row)" "" sqlite3 -json "$DB" "$HISTORY_SQL"
# the database is 2 GB: not kept
rm -f "$DB" "$DB-wal" "$DB-shm"
