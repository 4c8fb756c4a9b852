#!/usr/bin/env python3
"""make_real_filler_set.py - hesitations in real voices with exact truth: each speaker's own held vowel
spliced into their own recording.

    python3 bench/make_real_filler_set.py --savvy BIN OUT_DIR WAV...

For every input recording (any rate; read as 16 kHz mono):
  1. `savvy analyze --frames` gives pitch and level per 10 ms frame.
  2. The speaker's steadiest loud vowel is found: the 100 ms of voiced frames with the smallest
     pitch spread among frames within 6 dB of the
     voice's loud level (the 90th percentile of voiced frames).
  3. That vowel is stretched to a hesitation of 0.35-0.75 s with sox's WSOLA `tempo` (20 ms
     segments, so the voice's own cycle-to-cycle variation survives), given a gentle fall in
     pitch (-0.5 to -1.5 semitones over its length, as a real "uh" drifts down) and 30/60 ms
     fades.
  4. It is inserted at 2-3 places between words: the middle of the quietest 60 ms valleys of
     level (8 dB or more under the speech's median) at least 1.5 s apart (a between-word gap or a stop closure), padded with the
     recording's own room tone (its quietest 200 ms, looped) for 0.05-0.25 s each side.
Writes OUT_DIR/<name>-uh.wav (16 kHz mono 16-bit) and OUT_DIR/<name>-uh.json with the same fields
as make_filler_set.py's sidecars ("fillers": word, style "spliced", start, end seconds).

What this is and is not: the hesitations are the speaker's own voice quality, level and pitch,
in their own room, at their own word boundaries - unlike espeak-ng's. They are not natural
hesitations: no coarticulation with the word before, no "um" nasal, and the recording's own
natural fillers (if any) are not labelled. Use it for recall on real voices and for what a
detector does next to real words; use truly disfluent recordings for precision.

Deterministic: a seeded generator per file name, and sox with -R -D.
"""
import argparse
import json
import os
import random
import statistics
import sys
import tempfile

from wavtools import frames, read, sox, write

RATE = 16000
HOP = 0.01


def steadiest_vowel(f, length=10):
    """Start time of the `length`-frame voiced stretch with the least pitch spread among loud frames."""
    f0, db = f["f0"], f["rmsDB"]
    voiced_db = [d for p, d in zip(f0, db) if p]
    if len(voiced_db) < length:
        return None
    loud = sorted(voiced_db)[int(0.9 * (len(voiced_db) - 1))] - 6  # a laugh or a bang is not the voice's level
    best = None
    for i in range(len(f0) - length):
        window = f0[i:i + length]
        if not all(window) or min(db[i:i + length]) < loud:
            continue
        semis = [12 * __import__("math").log2(p / window[0]) for p in window]
        spread = statistics.pstdev(semis)
        if best is None or spread < best[0]:
            best = (spread, i)
    return None if best is None else f["time"][best[1]] - HOP / 2


def valleys(f, duration, rng, count):
    """Insertion points: centres of the quietest 60 ms level valleys inside speech, >= 1.5 s apart."""
    db, t, active = f["rmsDB"], f["time"], f["active"]
    speech = [i for i, a in enumerate(active) if a]
    if not speech:
        return []
    first, last = speech[0], speech[-1]
    candidates = []
    for i in range(first + 30, last - 30):
        window = db[i:i + 6]
        if max(window) < statistics.median(db[first:last]) - 8:
            candidates.append((sum(window), t[i] + 0.03))
    candidates.sort()
    chosen = []
    for _, time in candidates:
        if all(abs(time - c) >= 1.5 for c in chosen) and 0.5 < time < duration - 0.5:
            chosen.append(time)
        if len(chosen) == count:
            break
    return sorted(chosen)


def room_tone(pcm, f):
    """The quietest 200 ms of the recording, as PCM."""
    db = f["rmsDB"]
    best = min(range(len(db) - 20), key=lambda i: sum(db[i:i + 20]))
    start = int(f["time"][best] * RATE) * 2
    return pcm[start:start + int(0.2 * RATE) * 2]


def make(savvy, source, out):
    name = os.path.splitext(os.path.basename(source))[0]
    rng = random.Random(name)
    with tempfile.TemporaryDirectory() as tmp:
        wav = os.path.join(tmp, "in.wav")
        sox(source, "-r", str(RATE), "-c", "1", "-b", "16", wav)
        f = frames(savvy, wav)
        pcm = read(wav)
        duration = len(pcm) / 2 / RATE
        vowel_start = steadiest_vowel(f)
        points = valleys(f, duration, rng, rng.choice([2, 3]))
        if vowel_start is None or not points:
            print("make_real_filler_set: %s has no steady vowel or no gap between words; skipped" % name, file=sys.stderr)
            return None
        tone = room_tone(pcm, f)
        pieces, fillers, cursor, shift = [], [], 0, 0.0
        for k, at in enumerate(points):
            length = rng.uniform(0.35, 0.75)
            uh = os.path.join(tmp, "uh%d.wav" % k)
            fall = -rng.uniform(50, 150)
            sox(wav, uh, "trim", "%.4f" % vowel_start, "0.1", "tempo", "-s", "%.4f" % (0.1 / length), "20",
                "bend", "0,%.0f,%.4f" % (fall, 0.8 * length), "fade", "t", "0.03", "-0", "0.06")
            uh_pcm = read(uh)
            before, after = rng.uniform(0.05, 0.25), rng.uniform(0.05, 0.25)
            pad = lambda s: (tone * (int(s / 0.2) + 1))[:int(s * RATE) * 2]  # noqa: E731
            cut = int(at * RATE) * 2
            pieces += [pcm[cursor:cut], pad(before)]
            start = at + shift + before
            fillers.append({"word": "uh", "style": "spliced", "start": round(start, 4),
                            "end": round(start + len(uh_pcm) / 2 / RATE, 4)})
            pieces += [uh_pcm, pad(after)]
            shift += before + len(uh_pcm) / 2 / RATE + after
            cursor = cut
        pieces.append(pcm[cursor:])
        target = os.path.join(out, name + "-uh.wav")
        write(target, b"".join(pieces))
        meta = {"file": os.path.basename(target), "source": os.path.basename(source), "sampleRate": RATE,
                "durationSeconds": round(duration + shift, 4), "vowelFrom": round(vowel_start, 3),
                "fillerCount": len(fillers), "fillers": fillers}
        with open(target[:-4] + ".json", "w") as fh:
            json.dump(meta, fh, indent=1)
        return target


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--savvy", required=True)
    ap.add_argument("out")
    ap.add_argument("wavs", nargs="+")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for source in args.wavs:
        made = make(os.path.abspath(args.savvy), source, args.out)
        if made:
            print(made)


if __name__ == "__main__":
    main()
