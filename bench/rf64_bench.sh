#!/bin/sh
# Issue 10 item 10: a practice take past 4 GiB switches from RIFF to RF64. Writes 4.4 GB of
# silence through the recorder's WAVWriter into TMPDIR (needs that much free space, about a
# minute) and checks the header's 64-bit sizes before and after the take is finished, and that
# libsndfile reads every frame back. Too slow for `make test`, which checks the small-take side
# (a take under 4 GiB is a plain RIFF WAV).
set -eu
cd "$(dirname "$0")/.."
export SAVVY_BENCH_RF64=1
start=$(date +%s)
# the release build make bench made, with its CPU flags (others would rebuild it; see the Makefile)
# shellcheck disable=SC2086
if swift test -c release ${SWIFT_CPU_FLAGS:-} --disable-swift-testing --filter WAVWriterTests/testIssue10_takePast4GBSwitchesToRF64 >/tmp/savvy-rf64-bench.log 2>&1; then
    echo "rf64: 4.4 GB take is RF64 with correct sizes, every frame read back ($(( $(date +%s) - start )) s)"
else
    grep -E 'error:|skipped' /tmp/savvy-rf64-bench.log || tail -5 /tmp/savvy-rf64-bench.log
    echo "rf64: FAILED (log: /tmp/savvy-rf64-bench.log)"
fi
