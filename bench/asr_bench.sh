#!/bin/sh
# Speech engines through the CLI (bench/asr_bench.py): WER and real-time factor on Debian's
# LibriVox test sentences (apt-get install pocketsphinx-testdata), filler precision/recall with
# and without the acoustic detector, and WPM error on a generated espeak-ng set; then
# bench/filler_real_bench.py: fillers on real meeting speech (AMI, when ../shared has it) and
# false hits on fluent LibriVox and espeak speech. Whisper is measured when SAVVY_VENV (default
# ~/.local/share/savvy/venv, made by `make venv`) exists.
#
#   bench/asr_bench.sh            what `make bench` runs (needs .build/release/savvy)
#   bench/asr_bench.sh --xctest   the engine-level measurement in LibriVoxBenchmarkTests instead
#                                 (transcriber calls without the CLI; builds the tests in release)
set -eu
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--xctest" ]; then
    # shellcheck disable=SC2086  # the flags are words
    SAVVY_ASR_BENCH=1 swift test -c release ${SWIFT_CPU_FLAGS:-} --filter LibriVoxBenchmarkTests 2>&1 | grep -E '^bench:|error:|failed'
    exit 0
fi
python3 bench/asr_bench.py --savvy "${SAVVY:-.build/release/savvy}" --out bench/out
exec python3 bench/filler_real_bench.py --savvy "${SAVVY:-.build/release/savvy}" --out bench/out
