#!/usr/bin/env python3
"""make_hesitation_set.py - real speakers with "um"/"uh" made from their own voice, exact truth,
split by speaker into a tuning half and a held-out half (issue 9 item 5).

    python3 bench/make_hesitation_set.py --savvy BIN [--shared DIR] [--callfriend SPH.GZ] OUT_DIR

Speakers (each in exactly one half; the split is by speaker, never by clip):
  tune      LibriVox reader (Debian pocketsphinx-testdata); FDA `rl`, PTDB `M01` and the AMI dev/trn
            meetings (speakers MEE009, MEE012, FEO065, FEO066, MEE068, MEO069) from SHARED.
  held-out  the `cards` speaker (pocketsphinx-testdata); both sides of the CallFriend call (Debian
            `transcriber`, examples/know.sph.gz, one speaker per telephone channel); FDA `sb`,
            PTDB `F01` and the AMI tst meetings (FEO070, FEO072, MEE071, MEE073) from SHARED.
SHARED parts are skipped when absent; they are measured here and never copied into the project.

Per speaker, the recordings are joined (0.4 s of the speaker's own room tone between them) into
clips of up to 30 s. In each clip, hesitations are made from the speaker's own voice:
  * the source is one of the speaker's three steadiest loud vowels (100 ms of voiced frames with
    the least pitch spread, `savvy analyze --frames`), stretched by sox's WSOLA `tempo`;
  * "uh" lasts 0.15-0.7 s, "um" 0.3-0.9 s (Clark & Fox Tree 2002; Shriberg 2001), and "um" ends in
    a nasal murmur for 35-55 % of its length: the same voice low-passed below 400 Hz and 8-14 dB
    quieter, cross-faded (a nasal radiates through the nose, which passes only the low harmonics);
  * pitch is moved down to the speaker's low range (their 20th percentile of voiced F0, at most
    4 semitones down) and drifts down a further 0.5-4 semitones a second (level or slowly falling:
    O'Shaughnessy 1992; Shriberg 2001), not the fast fall of an intonation phrase; level is 2-8 dB
    under the speaker's loud vowel level;
  * it goes in at a between-word level valley (a clause boundary or a mid-phrase gap, >= 1.8 s
    apart, about one per 4.5 s of speech), with 0.1-0.5 s of room tone around it, or glued to the
    word before it (no pause before, a third of the time: "and-um").
Each clip is written clean and, except the AMI ones (already noisy), with pink noise at 20 and
10 dB SNR (the hesitations keep their times). Precision counts on every clip but the AMI ones,
whose natural hesitations are not labelled.

Writes OUT_DIR/<speaker>-<n>-<noise>.wav (16 kHz mono 16-bit) and a sidecar .json per clip:
{"speaker", "split": "tune"|"heldout", "noise", "precision": bool, "fillers": [{word, start, end,
place}]}. Deterministic: a generator seeded by the clip name, sox with -R -D.
"""
import argparse
import array
import glob
import gzip
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile

from wavtools import frames, read, sox, write

RATE = 16000
HOP = 0.01
CLIP_SECONDS = 30.0
JOIN_SECONDS = 0.4
LIBRIVOX = "/usr/share/pocketsphinx/test/data/librivox"
CARDS = "/usr/share/pocketsphinx/test/data/cards"
KNOW_SPH = "/usr/share/doc/transcriber/examples/know.sph.gz"
AMI_TUNE = ("dev00", "dev01", "trn01", "trn02")
AMI_HELDOUT = ("tst00", "tst01")


def seconds(pcm):
    return len(pcm) / 2 / RATE


def speakers(shared, callfriend, tmp):
    """[(speaker, split, precision, [16 kHz mono wav paths])]."""
    def convert(source, name, *effects):
        target = os.path.join(tmp, name + ".wav")
        sox(source, "-r", str(RATE), "-c", "1", "-b", "16", target, *effects)
        return target
    found = []
    lv = sorted(glob.glob(os.path.join(LIBRIVOX, "*.wav")))
    if lv:
        found.append(("librivox", "tune", True, lv))
    cards = sorted(glob.glob(os.path.join(CARDS, "*.wav")))
    if cards:
        found.append(("cards", "heldout", True, cards))
    if os.path.exists(callfriend):
        sph = os.path.join(tmp, "know.sph")
        with gzip.open(callfriend) as src, open(sph, "wb") as dst:
            dst.write(src.read())
        for channel in (1, 2):
            found.append(("callfriend%d" % channel, "heldout", True, [convert(sph, "know%d" % channel, "remix", str(channel))]))
    fda = os.path.join(shared, "bench-data/pitch/fda")
    for who, split in (("rl", "tune"), ("sb", "heldout")):
        files = sorted(glob.glob(os.path.join(fda, who + "*.wav")))
        if files:
            found.append(("fda-" + who, split, True, [convert(f, os.path.basename(f)[:-4]) for f in files]))
    ptdb = os.path.join(shared, "bench-data/pitch/ptdb")
    for who, split in (("M01", "tune"), ("F01", "heldout")):
        files = sorted(glob.glob(os.path.join(ptdb, "mic_%s_*.wav" % who)))
        if files:
            found.append(("ptdb-" + who, split, True, [convert(f, os.path.basename(f)[:-4]) for f in files]))
    ami = os.path.join(shared, "bench-data/speech-ami")
    for names, split in ((AMI_TUNE, "tune"), (AMI_HELDOUT, "heldout")):
        for name in names:
            path = os.path.join(ami, name + ".wav")
            if os.path.exists(path):
                found.append(("ami-" + name, split, False, [convert(path, name)]))
    return found


def room_tone(pcm):
    """The recording's quietest 200 ms (by the energy of 10 ms frames)."""
    samples = array.array("h", pcm)
    hop = RATE // 100
    energy = [sum(x * x for x in samples[i:i + hop]) for i in range(0, len(samples) - hop, hop)]
    if len(energy) <= 20:
        return b"\0\0" * int(0.2 * RATE)
    window = [sum(energy[i:i + 20]) for i in range(len(energy) - 20)]
    best = min(range(len(window)), key=lambda i: (window[i], i))
    return pcm[best * hop * 2:(best * hop + int(0.2 * RATE)) * 2]


def pad(tone, length):
    n = int(length * RATE) * 2
    return (tone * (n // max(2, len(tone)) + 1))[:n]


def join(files):
    """The speaker's recordings joined into clips of at most CLIP_SECONDS: [pcm]."""
    clips, current = [], b""
    for path in files:
        pcm = read(path)
        tone = room_tone(pcm)
        if current and seconds(current) + seconds(pcm) > CLIP_SECONDS:
            clips.append(current)
            current = b""
        current += (pad(tone, JOIN_SECONDS) if current else b"") + pcm
    if current:
        clips.append(current)
    return clips


def vowels(f, count=3, length=10):
    """Start times of the COUNT steadiest loud 100 ms voiced stretches (not overlapping)."""
    f0, db = f["f0"], f["rmsDB"]
    voiced_db = sorted(d for p, d in zip(f0, db) if p)
    if len(voiced_db) < length:
        return []
    loud = voiced_db[int(0.9 * (len(voiced_db) - 1))] - 6
    scored = []
    for i in range(len(f0) - length):
        window = f0[i:i + length]
        if not all(window) or min(db[i:i + length]) < loud:
            continue
        semis = [12 * math.log2(p / window[0]) for p in window]
        scored.append((statistics.pstdev(semis), i))
    scored.sort()
    chosen = []
    for _, i in scored:
        if all(abs(i - j) >= length for j in chosen):
            chosen.append(i)
        if len(chosen) == count:
            break
    return [(f["time"][i] - HOP / 2, statistics.median(f0[i:i + length])) for i in chosen]


def valleys(f, duration, rng):
    """Insertion points: centres of quiet 60 ms level valleys inside speech, >= 1.8 s apart,
    about one per 4.5 s of the clip, picked at random among the candidates."""
    db, t, active = f["rmsDB"], f["time"], f["active"]
    speech = [i for i, a in enumerate(active) if a]
    if not speech:
        return []
    first, last = speech[0], speech[-1]
    floor = statistics.median(db[first:last + 1]) - 8
    candidates = [t[i] + 0.03 for i in range(first + 30, last - 30) if max(db[i:i + 6]) < floor]
    rng.shuffle(candidates)
    wanted = max(1, round(duration / 4.5))
    chosen = []
    for time in candidates:
        if all(abs(time - c) >= 1.8 for c in chosen) and 0.6 < time < duration - 0.6:
            chosen.append(time)
        if len(chosen) == wanted:
            break
    return sorted(chosen)


def hesitation(wav, tmp, k, vowel, low_hz, rng):
    """(word, pcm) of one hesitation made from the vowel at VOWEL=(start, F0) of WAV."""
    start, f0 = vowel
    word = rng.choice(["uh", "um"])
    length = rng.uniform(0.15, 0.7) if word == "uh" else rng.uniform(0.3, 0.9)
    shift = max(-400.0, min(0.0, 1200 * math.log2(low_hz / f0)))  # cents, down to the low range
    fall = -100 * rng.uniform(0.5, 4.0) * length  # cents: a slow drift down, 0.5-4 semitones a second
    level = -rng.uniform(2, 8)
    held = os.path.join(tmp, "held%d.wav" % k)
    sox(wav, held, "trim", "%.4f" % start, "0.1", "tempo", "-s", "%.4f" % (0.1 / length), "20",
        "pitch", "%.0f" % shift, "bend", "0,%.0f,%.4f" % (fall, 0.9 * length), "gain", "%.2f" % level)
    out = os.path.join(tmp, "hes%d.wav" % k)
    if word == "uh":
        sox(held, out, "fade", "t", "0.03", "-0", "%.3f" % min(0.1, length / 4))
        return word, read(out)
    nasal_share = rng.uniform(0.35, 0.55)
    cross = 0.04
    vowel_part = length * (1 - nasal_share)
    a = os.path.join(tmp, "a%d.wav" % k)
    b = os.path.join(tmp, "b%d.wav" % k)
    sox(held, a, "trim", "0", "%.4f" % (vowel_part + cross / 2), "fade", "t", "0.03", "-0", "%.3f" % cross)
    sox(held, b, "trim", "%.4f" % (vowel_part - cross / 2), "lowpass", "400", "lowpass", "400",
        "gain", "%.2f" % -rng.uniform(8, 14), "fade", "t", "%.3f" % cross, "-0", "%.3f" % min(0.08, length / 5))
    pa, pb = read(a), read(b)
    n = int(cross * RATE)
    xa, xb = array.array("h", pa), array.array("h", pb)
    overlap = min(n, len(xa), len(xb))
    mixed = array.array("h", xa[:len(xa) - overlap])
    for i in range(overlap):
        mixed.append(max(-32768, min(32767, xa[len(xa) - overlap + i] + xb[i])))
    mixed.extend(xb[overlap:])
    return word, mixed.tobytes()


def build(savvy, pcm, name, tmp):
    """(pcm with hesitations, fillers) or None when the clip has no steady vowel or no gap."""
    rng = random.Random(name)
    wav = os.path.join(tmp, name + "-src.wav")
    write(wav, pcm)
    f = frames(savvy, wav)
    found = vowels(f)
    points = valleys(f, seconds(pcm), rng)
    if not found or not points:
        return None
    voiced = sorted(p for p in f["f0"] if p)
    low_hz = voiced[int(0.2 * (len(voiced) - 1))]
    tone = room_tone(pcm)
    pieces, fillers, cursor, shift = [], [], 0, 0.0
    for k, at in enumerate(points):
        word, sound = hesitation(wav, tmp, k, rng.choice(found), low_hz, rng)
        glued = rng.random() < 1 / 3
        before = 0.0 if glued else rng.uniform(0.1, 0.5)
        after = rng.uniform(0.1, 0.5)
        cut = int(at * RATE) * 2
        pieces += [pcm[cursor:cut], pad(tone, before)]
        start = at + shift + before
        fillers.append({"word": word, "place": "glued" if glued else "pause", "start": round(start, 4),
                        "end": round(start + seconds(sound), 4)})
        pieces += [sound, pad(tone, after)]
        shift += before + seconds(sound) + after
        cursor = cut
    pieces.append(pcm[cursor:])
    return b"".join(pieces), fillers


def noisy(clean, target, snr):
    """CLEAN plus pink noise at SNR dB (speech RMS over noise RMS), written to TARGET."""
    rms = float(subprocess.run(["sox", clean, "-n", "stat"], capture_output=True, text=True).stderr
                .split("RMS     amplitude:")[1].split()[0])
    length = "%.4f" % (os.path.getsize(clean) / 2 / RATE)
    noise = target + ".noise.wav"
    sox("-n", "-r", str(RATE), "-c", "1", "-b", "16", noise, "synth", length, "pinknoise", "gain", "-6")
    noise_rms = float(subprocess.run(["sox", noise, "-n", "stat"], capture_output=True, text=True).stderr
                      .split("RMS     amplitude:")[1].split()[0])
    gain = rms / noise_rms / 10 ** (snr / 20)
    sox("-m", "-v", "1", clean, "-v", "%.6f" % gain, noise, "-b", "16", target)
    os.remove(noise)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--savvy", required=True)
    ap.add_argument("--shared", default=os.environ.get("SAVVY_SHARED", ""))
    ap.add_argument("--callfriend", default=KNOW_SPH)
    ap.add_argument("out")
    args = ap.parse_args()
    savvy = os.path.abspath(args.savvy)
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for speaker, split, precise, files in speakers(args.shared, args.callfriend, tmp):
            for n, pcm in enumerate(join(files)):
                name = "%s-%d" % (speaker, n)
                made = build(savvy, pcm, name, tmp)
                if made is None:
                    print("make_hesitation_set: %s has no steady vowel or no gap between words; skipped" % name, file=sys.stderr)
                    continue
                audio, fillers = made
                clean = os.path.join(args.out, name + "-clean.wav")
                write(clean, audio)
                variants = [("clean", clean)]
                if precise:
                    for snr in (20, 10):
                        target = os.path.join(args.out, "%s-snr%d.wav" % (name, snr))
                        noisy(clean, target, snr)
                        variants.append(("snr%d" % snr, target))
                for noise, path in variants:
                    meta = {"file": os.path.basename(path), "speaker": speaker, "split": split, "noise": noise,
                            "precision": precise, "durationSeconds": round(seconds(audio), 4),
                            "fillerCount": len(fillers), "fillers": fillers}
                    with open(path[:-4] + ".json", "w") as fh:
                        json.dump(meta, fh, indent=1)
                    print(path)


if __name__ == "__main__":
    main()
