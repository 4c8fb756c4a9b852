#!/usr/bin/env bash
# agreement_bench.sh - the transcript check's language signal on 1-5 minute answers: per answer,
# Whisper's word count, the pocketsphinx second opinion's agreement with it and the trust verdict
# (issue 13 item 1: the second opinion is decoded in stretches of at most a minute, which changes
# the figure for answers over a minute; this shows by how much, and that the verdicts hold).
#
#   bash bench/agreement_bench.sh       (SAVVY=path/to/savvy; LABEL names out/agreement-LABEL.txt)
#
# The answers are made here with sox, not committed: English from the spoken fixtures (espeak-ng)
# and Debian's pocketsphinx-testdata LibriVox sentences (clean and with pink noise at 15 dB SNR),
# real meeting speech from the AMI clips in ../shared/bench-data/speech-ami when present (CC BY
# 4.0; measurement only), and speech the check must not trust: the German fixture and the
# unrecognised (made-up language) fixture, each repeated to about two minutes.
# Each is scored with `score --json --no-save --offline --asr whisper`.
set -euo pipefail
cd "$(dirname "$0")/.."
SAVVY="$(realpath "${SAVVY:-.build/release/savvy}")"
LABEL="${LABEL:-current}"
SHARED="${SAVVY_SHARED:-../shared}"
OUT="$(pwd)/bench/out"
LIBRIVOX=/usr/share/pocketsphinx/test/data/librivox
[ -x "$SAVVY" ] || { echo "agreement bench: $SAVVY not found; run 'swift build -c release'"; exit 1; }
for tool in sox soxi python3; do
    command -v "$tool" >/dev/null || { echo "agreement bench: skipped ('$tool' not found)"; exit 0; }
done
mkdir -p "$OUT"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

sox -n -r 16000 -c 1 -b 16 "$WORK/gap.wav" trim 0 0.7
# join NAME FILE... : the files end to end with 0.7 s gaps, as 16 kHz mono
join() {
    local name=$1 pieces=()
    shift
    for file in "$@"; do
        sox "$file" -r 16000 -c 1 -b 16 "$WORK/piece-${#pieces[@]}.wav"
        pieces+=("$WORK/piece-${#pieces[@]}.wav" "$WORK/gap.wav")
    done
    sox "${pieces[@]}" "$WORK/$name.wav"
    rm -f "$WORK"/piece-*.wav
}
# repeat NAME FILE TIMES
repeat() {
    join "$1" $(for _ in $(seq "$3"); do echo "$2"; done)
}

join english-150 Fixtures/star-answer.wav Fixtures/star-natural.wav Fixtures/star-no-result.wav \
    Fixtures/fillers.wav Fixtures/quiet-noisy.wav Fixtures/symbols.wav Fixtures/repeated.wav \
    Fixtures/follow-up-number.wav
repeat english-290 "$WORK/english-150.wav" 2
if [ -d "$LIBRIVOX" ]; then
    join librivox-100 $(for _ in 1 2 3 4; do ls "$LIBRIVOX"/*.wav; done)
    # Pink noise (sox's generator, seeded, so repeatable) scaled to 15 dB below the speech's RMS.
    seconds=$(soxi -D "$WORK/librivox-100.wav")
    sox -R -n -r 16000 -c 1 -b 16 "$WORK/pink.wav" synth "$seconds" pinknoise vol 0.3
    rms() { sox "$1" -n stat 2>&1 | awk '/RMS +amplitude/ { print $3 }'; }
    gain=$(awk -v s="$(rms "$WORK/librivox-100.wav")" -v n="$(rms "$WORK/pink.wav")" 'BEGIN { print s / n * 10 ^ (-15 / 20) }')
    sox "$WORK/pink.wav" "$WORK/noise.wav" vol "$gain"
    sox -m -v 1 "$WORK/librivox-100.wav" -v 1 "$WORK/noise.wav" "$WORK/librivox-noisy-100.wav"
    rm -f "$WORK/noise.wav" "$WORK/pink.wav"
fi
if [ -d "$SHARED/bench-data/speech-ami" ]; then
    join ami-180 "$SHARED"/bench-data/speech-ami/*.wav
fi
repeat german-130 Fixtures/german.wav 11
repeat unrecognised-120 Fixtures/unrecognised.wav 6

printf '%-20s %6s %6s %9s %8s  %s\n' answer seconds words agreement trusted reason | tee "$OUT/agreement-$LABEL.txt"
for file in $(ls "$WORK"/*.wav | grep -v '/gap.wav$'); do
    name=$(basename "$file" .wav)
    if ! SAVVY_HOME="$WORK/home" "$SAVVY" score "$file" --json --no-save --offline --asr whisper >"$WORK/out.json" 2>"$WORK/err.txt"; then
        echo "$name: score failed: $(tail -1 "$WORK/err.txt")" | tee -a "$OUT/agreement-$LABEL.txt"
        continue
    fi
    python3 - "$WORK/out.json" "$name" "$(soxi -D "$file")" <<'PY' | tee -a "$OUT/agreement-$LABEL.txt"
import json, sys
doc = json.load(open(sys.argv[1]))
transcript = doc["transcript"]
check = transcript.get("check") or {}
agreement = check.get("agreement")
print("%-20s %6.0f %6d %9s %8s  %s" % (sys.argv[2], float(sys.argv[3]), len(transcript["words"]),
      "-" if agreement is None else "%.3f" % agreement, check.get("trusted"), check.get("reason") or ""))
PY
done
