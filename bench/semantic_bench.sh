#!/bin/sh
# Sentence-embedding speed (issue 14: a 2-minute answer, ~300 words in 22 sentences, embeds in
# under 0.5 s on one core, release build): SemanticBenchmarkTests in a release test build.
# Skipped with a message when the model is not installed (make venv, or SAVVY_SEMANTIC_MODEL).
#
# OpenBLAS chooses its kernels from the CPU model when it loads and falls back to its slowest
# x86-64 kernels (Prescott) on a model newer than the library; the second row shows what
# OPENBLAS_CORETYPE buys on such a machine (only when the CPU has the instructions it names).
set -eu
cd "$(dirname "$0")/.."
export SAVVY_SEMANTIC_BENCH=1
run() {
    swift test -c release --disable-swift-testing --filter SemanticBenchmarkTests 2>&1 \
        | grep -E '^bench:|error:|skipped -' | sed 's/^.*Test skipped - /semantic bench: skipped: /' || true
}
run
if [ -z "${OPENBLAS_CORETYPE:-}" ]; then
    if grep -qw avx512bw /proc/cpuinfo 2>/dev/null; then core=SkylakeX
    elif grep -qw avx2 /proc/cpuinfo 2>/dev/null; then core=Haswell
    else core=""; fi
    if [ -n "$core" ]; then
        echo "with OPENBLAS_CORETYPE=$core:"
        OPENBLAS_CORETYPE=$core run
    fi
fi
