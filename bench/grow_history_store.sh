#!/usr/bin/env bash
# grow_history_store.sh - grows a savvy database to N sessions for the history rows of make bench
# (issue 13 item 4), in one transaction.
#
#   bash bench/grow_history_store.sh DB N
#
# DB must hold at least one real session (store_bench.sh scores Fixtures/star-answer.wav first):
# the new rows are clones of its first session and first scoring, so every row still decodes
# (same transcript, metrics and rubric JSON) and `show`/`report` work on any of them. Clones go
# back in time 53 minutes apart (about a year per 10 000), drills cycle, and the numbers are
# spread deterministically around the real ones, so the same N gives the same database.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: grow_history_store.sh DB N" >&2; exit 64; }
DB="$1"
N="$2"
[ -f "$DB" ] || { echo "grow_history_store.sh: no database at $DB; score one session into it first" >&2; exit 1; }
sqlite3 "$DB" <<SQL
PRAGMA foreign_keys = ON;
BEGIN;
WITH RECURSIVE n(k) AS (SELECT (SELECT count(*) FROM sessions) UNION ALL SELECT k + 1 FROM n WHERE k < $N - 1)
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
