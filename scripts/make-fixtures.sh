#!/usr/bin/env bash
# Regenerates the small audio fixtures committed under Fixtures/.
#
# Deterministic by construction: fixed espeak-ng voice (en-us), rate (150 wpm) and text; sox runs
# with -R (repeatable: fixed seeds and timestamps) and -D (no dither, which would add noise).
# Every filler and inserted pause is a separate piece whose exact sample length is measured with
# soxi, so the sidecar JSON gives their true start/end times — no recogniser is involved.
#
# Needs: espeak-ng, sox (with FLAC support), soxi.   Usage: scripts/make-fixtures.sh [out-dir]
set -euo pipefail
export LC_ALL=C

OUT="${1:-$(cd "$(dirname "$0")/.." && pwd)/Fixtures}"
RATE=16000
VOICE=en-us
WPM=150
for tool in espeak-ng sox soxi; do
    command -v "$tool" >/dev/null || { echo "make-fixtures: '$tool' not found; apt-get install espeak-ng sox libsox-fmt-all" >&2; exit 1; }
done
mkdir -p "$OUT"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# piece NAME TEXT: speak TEXT, convert to 16 kHz mono 16-bit, trim espeak's leading/trailing
# silence so the piece starts and ends with the voice.
piece() {
    espeak-ng -v "$VOICE" -s "$WPM" -w "$WORK/$1.raw.wav" "$2"
    sox -R -D "$WORK/$1.raw.wav" -r "$RATE" -c 1 -b 16 "$WORK/$1.wav" \
        silence 1 0.005 -50d reverse silence 1 0.005 -50d reverse
}

# gap NAME SECONDS: digital silence of an exact length.
gap() {
    sox -R -D -n -r "$RATE" -c 1 -b 16 "$WORK/$1.wav" trim 0 "$2"
}

# assemble OUTFILE JSONFILE SPEC...: concatenates pieces; each SPEC is kind:name where kind is
# speech, filler or pause. Writes the sidecar JSON with word counts and the true times.
assemble() {
    local outfile="$1" json="$2"; shift 2
    local files=() t=0 words=0 fillers="" pauses="" noises="" text="" n kind name start end
    for spec in "$@"; do
        kind="${spec%%:*}"; name="${spec#*:}"
        files+=("$WORK/$name.wav")
        n=$(soxi -s "$WORK/$name.wav")
        start=$t; t=$((t + n)); end=$t
        case "$kind" in
            speech)
                words=$((words + $(wc -w < "$WORK/$name.txt")))
                text="$text$(cat "$WORK/$name.txt") " ;;
            filler)
                fillers="$fillers$(printf '{"word": "%s", "start": %.4f, "end": %.4f}' \
                    "$(cat "$WORK/$name.txt")" "$(echo "$start / $RATE" | bc -l)" "$(echo "$end / $RATE" | bc -l)"), "
                text="$text$(cat "$WORK/$name.txt") " ;;
            pause)
                pauses="$pauses$(printf '{"start": %.4f, "end": %.4f}' \
                    "$(echo "$start / $RATE" | bc -l)" "$(echo "$end / $RATE" | bc -l)"), " ;;
            noise)
                noises="$noises$(printf '{"start": %.4f, "end": %.4f}' \
                    "$(echo "$start / $RATE" | bc -l)" "$(echo "$end / $RATE" | bc -l)"), " ;;
        esac
    done
    sox -R -D "${files[@]}" "$outfile"
    local fillerCount
    # grep finds nothing in an answer without fillers; that is a count of 0, not a failure.
    fillerCount=$( (grep -o '"word"' <<<"$fillers" || true) | wc -l)
    {
        printf '{\n'
        printf '  "file": "%s",\n' "$(basename "$outfile")"
        printf '  "sampleRate": %d,\n' "$RATE"
        printf '  "durationSeconds": %.4f,\n' "$(echo "$t / $RATE" | bc -l)"
        printf '  "voice": "%s",\n' "$VOICE"
        printf '  "wordsPerMinuteSetting": %d,\n' "$WPM"
        printf '  "words": %d,\n' "$words"
        printf '  "fillerCount": %d,\n' "$fillerCount"
        printf '  "fillers": [%s],\n' "${fillers%, }"
        printf '  "insertedPauses": [%s],\n' "${pauses%, }"
        if [ -n "$noises" ]; then printf '  "unrecognised": [%s],\n' "${noises%, }"; fi
        printf '  "text": "%s"\n' "${text% }"
        printf '}\n'
    } > "$json"
}

say() { printf '%s' "$2" > "$WORK/$1.txt"; piece "$1" "$2"; }

# --- star-answer.wav: a STAR interview answer with two fillers and two long pauses -------------
say s1 "In my last role, I was the on-call lead when our billing service started failing at the end of the month."
say t1 "My task was to stop the failures before the invoices went out the next morning."
say a1 "I traced the errors to a database lock, rolled back the schema change, and added a retry queue for the failed jobs."
say a2 "Then I wrote a runbook, so the next engineer could fix it in minutes."
say r1 "As a result, every invoice went out on time, and failed payments dropped by forty percent over the next quarter."
say um1 "um"
say uh1 "uh"
gap g025 0.25
gap g080 0.80
gap g100 1.00
assemble "$OUT/star-answer.wav" "$OUT/star-answer.json" \
    speech:s1 pause:g025 filler:um1 pause:g025 speech:t1 pause:g080 speech:a1 pause:g025 \
    filler:uh1 pause:g025 speech:a2 pause:g100 speech:r1

# --- star-natural.wav: a STAR answer in everyday wording (few of the cue phrases), issue 14 ------
# Sections open at sentence starts; the sidecar gives each section's true start in seconds.
say n1 "Two winters ago I ran the small support team at a furniture retailer, and our phone queue doubled after a website change."
say n2 "Getting the waiting times back under five minutes before the sales season was down to me."
say n3 "I listened to a morning of calls and found that most people only wanted to know where their delivery was."
say n4 "So we put a tracking link in every confirmation email and moved one person from the phones to written replies."
say n5 "Within three weeks the queue was back to normal, and our satisfaction score rose by twelve points."
gap g070 0.70
files=() t=0 sections=""
for spec in situation:n1 task:n2 action:n3 -:n4 result:n5; do
    section="${spec%%:*}"; name="${spec#*:}"
    if [ "$t" -gt 0 ]; then files+=("$WORK/g070.wav"); t=$((t + $(soxi -s "$WORK/g070.wav"))); fi
    if [ "$section" != "-" ]; then
        sections="$sections$(printf '"%s": %.4f' "$section" "$(echo "$t / $RATE" | bc -l)"), "
    fi
    files+=("$WORK/$name.wav"); t=$((t + $(soxi -s "$WORK/$name.wav")))
done
sox -R -D "${files[@]}" "$OUT/star-natural.wav"
{
    printf '{\n'
    printf '  "file": "star-natural.wav",\n'
    printf '  "prompt": "Tell me about a time you improved a process that was slowing your team down.",\n'
    printf '  "durationSeconds": %.4f,\n' "$(echo "$t / $RATE" | bc -l)"
    printf '  "sectionStarts": {%s}\n' "${sections%, }"
    printf '}\n'
} > "$OUT/star-natural.json"

# --- star-no-result.wav: a STAR answer that stops after the Action (no Result) -----------------
# The interview test answers its first question with it: the missing Result must draw the
# "can you put a number on it?" follow-up.
say nr1 "Last spring I was the release lead when our mobile app kept crashing on older phones."
say nr2 "My job was to find the cause before the big marketing launch that Friday."
say nr3 "I reproduced the crash on a borrowed phone, found a memory leak in the image cache, and I shipped a fix with a new test."
assemble "$OUT/star-no-result.wav" "$OUT/star-no-result.json" \
    speech:nr1 pause:g080 speech:nr2 pause:g080 speech:nr3

# --- follow-up-number.wav: a short follow-up answer that puts a number on the result -----------
say fn1 "Crashes fell by ninety percent in the first week, and the launch went ahead on time."
assemble "$OUT/follow-up-number.wav" "$OUT/follow-up-number.json" speech:fn1

# --- fillers.wav: a short answer dense with fillers at known places ----------------------------
say f1 "So the first thing I noticed"
say f2 "was that the tests were slow"
say f3 "and they failed at random"
say f4 "so I fixed the shared setup."
say um2 "um"
say uh2 "uh"
gap g010 0.10
gap g060 0.60
assemble "$OUT/fillers.wav" "$OUT/fillers.json" \
    speech:f1 pause:g010 filler:um2 pause:g010 speech:f2 pause:g010 filler:uh2 pause:g060 \
    speech:f3 pause:g010 filler:um2 pause:g010 speech:f4

# --- issue 9: real-room and trust cases ------------------------------------------------------
# rms FILE: RMS amplitude of FILE (linear).
rms() { sox "$1" -n stat 2>&1 | awk '/RMS +amplitude/ {print $3}'; }

# mix_noise IN OUT SNR_DB: IN plus pink noise (sox's generator, repeatable with -R) at SNR_DB
# below IN's RMS level.
mix_noise() {
    local seconds noise gain
    seconds=$(soxi -D "$1")
    sox -R -D -n -r "$RATE" -c 1 -b 16 "$WORK/pink.wav" synth "$seconds" pinknoise
    gain=$(echo "$(rms "$1") / $(rms "$WORK/pink.wav") / e($3 / 20 * l(10))" | bc -l)
    sox -R -D "$WORK/pink.wav" "$WORK/pink-scaled.wav" vol "$gain"
    sox -R -D -m "$1" "$WORK/pink-scaled.wav" -b 16 "$2"
}

# quiet-noisy.wav: a quiet talker (the STAR opening 30 dB down, peaks near -40 dBFS) in room
# noise 12 dB below the voice. Every word must survive the VAD and the guard.
assemble "$WORK/quiet-clean.wav" "$OUT/quiet-noisy.json" speech:s1 pause:g080 speech:t1
sox -R -D "$WORK/quiet-clean.wav" "$WORK/quiet.wav" vol -30dB
mix_noise "$WORK/quiet.wav" "$OUT/quiet-noisy.wav" 12
sed -i 's/"quiet-clean.wav"/"quiet-noisy.wav"/' "$OUT/quiet-noisy.json"

# unrecognised.wav: speech, then 6 s of a hummed, wavering tone (130 Hz with two harmonics and a
# 4 Hz tremolo: voice-like to the VAD, no words to a recogniser), then speech; the sidecar's
# "unrecognised" gives its times. (Speech played backwards was tried first: Whisper writes
# invented words over it.)
sox -R -D -n -r "$RATE" -c 1 -b 16 "$WORK/hum.wav" synth 6 sine 130 sine 260 sine 390 tremolo 4 60 vol 0.1
assemble "$OUT/unrecognised.wav" "$OUT/unrecognised.json" speech:s1 pause:g025 noise:hum pause:g025 speech:r1

# german.wav: an answer in German (espeak-ng's de voice): the trust gate must refuse to judge it.
VOICE=de
say de1 "Im letzten Jahr habe ich das Team geleitet, als unser Abrechnungssystem am Monatsende ausfiel."
say de2 "Ich habe die Fehler gefunden, die Änderung zurückgenommen und eine Warteschlange eingebaut."
assemble "$OUT/german.wav" "$OUT/german.json" speech:de1 pause:g080 speech:de2

# french.wav, spanish.wav: the same answer in French and Spanish (espeak-ng's fr and es voices).
# Whisper tiny.en turns both into one English phrase over and over: the gate must say so.
VOICE=fr
say fr1 "L'année dernière, j'ai dirigé l'équipe quand notre système de facturation est tombé en panne à la fin du mois."
say fr2 "J'ai trouvé les erreurs, annulé le changement et ajouté une file d'attente."
assemble "$OUT/french.wav" "$OUT/french.json" speech:fr1 pause:g080 speech:fr2
VOICE=es
say es1 "El año pasado dirigí el equipo cuando nuestro sistema de facturación falló a fin de mes."
say es2 "Encontré los errores, deshice el cambio y añadí una cola de espera."
assemble "$OUT/spanish.wav" "$OUT/spanish.json" speech:es1 pause:g080 speech:es2
VOICE=en-us

# symbols.wav: numbers, a percentage, money and a question, for the display transcript.
say sy1 "Revenue grew by forty percent to fifty thousand dollars."
say sy2 "Was it worth it? Yes, the rating went up to four point five."
assemble "$OUT/symbols.wav" "$OUT/symbols.json" speech:sy1 pause:g080 speech:sy2

# repeated.wav: a speaker really asking the same question three times, each copy on its own
# stretch of speech (as on AMI dev01): the loop check must keep all three. The wording is one
# tiny.en writes three times on every kernel configuration tried (oneDNN AVX2 and AVX-512, MKL,
# CTranslate2's generic kernels); "What is the username?" was written twice on some of them.
say rp0 "Let me check the line first."
say rp1 "Can you hear me now?"
say rp2 "Good, then we can start."
assemble "$OUT/repeated.wav" "$OUT/repeated.json" \
    speech:rp0 pause:g060 speech:rp1 pause:g060 speech:rp1 pause:g060 speech:rp1 pause:g025 speech:rp2

# --- issue 14: window-hole.wav ---------------------------------------------------------------------
# The first four sentences of a pitch from the content dev set (pitch-06-complete of
# scripts/make-content-set.py: its voice, rate and seeded pauses), 35 s. Whisper tiny.en stops
# writing the first 30 s window's last sentence at "…simple checks and how to" and either
# stretches "how" over the 6 s of "build a sheet someone else can understand. Each session uses
# our own reports" to the window's end (MKL, oneDNN AVX-512) or leaves them without words (the
# AVX2 kernels savvy pins); the transcript check must find those words.
VOICE=en-us+f4
WPM=138
say wh1 "Spreadsheets run half this company, and almost nobody was ever taught how to use them."
say wh2 "As a result, people spend hours copying numbers by hand and our monthly reports regularly contain errors that nobody notices until the board meeting."
say wh3 "I'd run a four-session course covering lookups, pivot tables, simple checks and how to build a sheet someone else can understand."
say wh4 "Each session uses our own reports as the practice material, so people leave with work they can use the next day."
gap wg1 0.603
gap wg2 0.586
gap wg3 0.746
assemble "$OUT/window-hole.wav" "$OUT/window-hole.json" \
    speech:wh1 pause:wg1 speech:wh2 pause:wg2 speech:wh3 pause:wg3 speech:wh4
VOICE=en-us
WPM=150

# --- issue 14: skipped-opening.wav -----------------------------------------------------------------
# The first two sentences of an impromptu answer from the content dev set
# (impromptu-24-missing-opening of scripts/make-content-set.py: its voice, rate and seeded pause),
# 7 s, speech from the first sample. Whisper tiny.en starts its decode at "I spent ten years…"
# and skips "That's a tricky one."; the transcript check must find those words.
VOICE=en-gb+f2
WPM=164
say so1 "That's a tricky one."
say so2 "I spent ten years as a sales manager, earning well and only seeing my kids at weekends."
gap sog1 0.829
assemble "$OUT/skipped-opening.wav" "$OUT/skipped-opening.json" speech:so1 pause:sog1 speech:so2
VOICE=en-us
WPM=150

# --- stereo-44k.flac: the STAR answer at 44.1 kHz stereo, right channel at half amplitude --------
# Averaging the channels must give 0.75 × the mono signal, which the decode tests check.
sox -R -D "$OUT/star-answer.wav" -r 44100 -b 16 -C 8 "$OUT/stereo-44k.flac" remix 1 1v0.5

# --- pitch-glide.wav: a sine gliding exponentially from 110 Hz to 220 Hz over 4 s ---------------
# One octave in 4 s = 3 semitones per second; used for F0 tracking tests.
sox -R -D -n -r "$RATE" -c 1 -b 16 "$OUT/pitch-glide.wav" synth 4 sine 110/220 vol 0.5

ls -l "$OUT"
