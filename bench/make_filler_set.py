#!/usr/bin/env python3
"""make_filler_set.py - a small filler test set with exact truth, built with espeak-ng and sox.

    python3 bench/make_filler_set.py OUT_DIR
    python3 bench/make_filler_set.py --clean OUT_DIR

Writes OUT_DIR/clipNN.wav (16 kHz mono 16-bit) and OUT_DIR/clipNN.json for ten answers of
20-40 s, each with 4-5 hesitation fillers ("um", "uh", "er"; short or drawn out) at known times, in several
espeak-ng voices (en-us, en-gb and their female/male variants) at 140-170 words per minute.
The sidecar JSON has the same fields as Fixtures/*.json (words, fillers with start/end in
seconds, insertedPauses, text) so one reader serves both.

--clean writes the same ten answers (same voices, phrases and gaps) as OUT_DIR/cleanNN.wav with
no fillers at all: where a filler would go there is only its surrounding silence. A detector
should report nothing on them.

Deterministic: the layout comes from a seeded generator and a fixed sentence list, espeak-ng
synthesis is deterministic, and sox runs with -R (repeatable) and -D (no dither). Every piece
(phrase, filler, gap) is rendered on its own and its exact sample count measured, so filler times
are exact - no recogniser is involved. The sentences avoid the discourse markers savvy's lexicon
counts in some positions (so, like, well, right, actually, you know, ...), so the only fillers in
a clip are the hesitations listed in its JSON.
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import wave

RATE = 16000
SEED = 20261130
# (voice, words per minute); each clip uses one.
VOICES = [("en-us", 150), ("en-gb", 160), ("en-us+f3", 140), ("en-gb+m3", 170), ("en-us", 165),
          ("en-gb+f2", 145), ("en-us+m2", 155), ("en-gb", 140), ("en-us+f4", 170), ("en-gb+m1", 150)]
FILLERS = ["um", "uh", "er"]
# Two kinds of filler. "short": the word as espeak says it alone (about 0.25-0.4 s, falling
# pitch). "drawn": a hesitation as people make them while thinking - slow (0.5-0.7 s) and nearly
# flat in pitch (SSML range x-low, a comma for level intonation), the case the acoustic
# filled-pause detector is built for.
DRAWN = '<speak><prosody range="x-low">%s,</prosody></speak>'
DRAWN_WPM = 60
# Interview-answer phrases, no digits, hyphens or discourse markers.
PHRASES = [
    "In my last job I worked on the payments team",
    "we had a service that failed every night at midnight",
    "the logs showed that a batch job held a lock for too long",
    "my task was to find the cause before the end of the quarter",
    "I started by reading the code of the nightly job",
    "then I added timing to every step of the batch",
    "it turned out that one query scanned the whole table",
    "I wrote an index for the column the query used",
    "and I tested the change on a copy of the database",
    "the job finished in four minutes instead of two hours",
    "after that the nightly failures stopped completely",
    "the team adopted the same checks for other jobs",
    "I learned to measure first and change code second",
    "our customers noticed that their reports arrived on time",
    "my manager asked me to present the result to the group",
    "I prepared three slides with the numbers before and after",
    "one engineer asked how we would catch this next time",
    "we added an alert that fires when a job runs too long",
    "the alert has caught two slow jobs since then",
    "in the end the project took about three weeks",
    "the hardest part was getting a copy of the real data",
    "we had to remove the personal fields from every record",
    "I worked with the security team to agree on the rules",
    "they reviewed the script and approved it in two days",
    "that gave us a safe place to test our ideas",
    "looking back I would involve the database team sooner",
    "they knew the table layout better than anyone else",
    "still the result was good for the whole company",
    "the finance group closed the books two days earlier",
    "and nobody had to wake up at night for that job again",
]


def run(*cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def frames(path):
    with wave.open(path, "rb") as w:
        assert w.getframerate() == RATE and w.getnchannels() == 1
        return w.getnframes()


def speak(work, name, text, voice, wpm, ssml=False):
    """Renders TEXT, converts to 16 kHz mono and trims espeak's leading/trailing silence."""
    raw = os.path.join(work, name + ".raw.wav")
    out = os.path.join(work, name + ".wav")
    if not os.path.exists(out):
        run("espeak-ng", "-v", voice, "-s", str(wpm), *(["-m"] if ssml else []), "-w", raw, text)
        run("sox", "-R", "-D", raw, "-r", str(RATE), "-c", "1", "-b", "16", out,
            "silence", "1", "0.005", "-50d", "reverse", "silence", "1", "0.005", "-50d", "reverse")
    return out


def gap(work, seconds):
    out = os.path.join(work, "gap%04d.wav" % round(seconds * 1000))
    if not os.path.exists(out):
        run("sox", "-R", "-D", "-n", "-r", str(RATE), "-c", "1", "-b", "16", out, "trim", "0", "%.3f" % seconds)
    return out


def make_clip(index, rng, work, out_dir, with_fillers=True):
    voice, wpm = VOICES[index]
    # 7-9 phrases (about 20-40 s at these rates), starting at a rotating place in the list.
    count = rng.randint(7, 9)
    start = (index * 7) % len(PHRASES)
    phrases = [PHRASES[(start + k) % len(PHRASES)] for k in range(count)]
    # Fillers go between phrases (never first or last, so the speaking span starts and ends on a
    # word); 4 or 5 of them at distinct boundaries.
    slots = sorted(rng.sample(range(1, count), min(count - 1, rng.randint(4, 5))))
    pieces = []  # (kind, path, text)
    for k, phrase in enumerate(phrases):
        if k > 0:
            if k in slots:
                word = rng.choice(FILLERS)
                style = rng.choice(["short", "drawn"])
                pieces.append(("pause", gap(work, rng.choice([0.0, 0.1, 0.2, 0.3])), ""))
                if style == "short":
                    path = speak(work, "%s-%d-%s" % (voice, wpm, word), word, voice, wpm)
                else:
                    path = speak(work, "%s-%d-%s-drawn" % (voice, wpm, word), DRAWN % word, voice, DRAWN_WPM, ssml=True)
                if with_fillers:
                    pieces.append(("filler", path, (word, style)))
                pieces.append(("pause", gap(work, rng.choice([0.1, 0.2, 0.4])), ""))
            else:
                pieces.append(("pause", gap(work, rng.choice([0.15, 0.3, 0.5, 0.8])), ""))
        pieces.append(("speech", speak(work, "c%02d-p%02d" % (index, k), phrase, voice, wpm), phrase))

    t = 0
    fillers, pauses, text, words = [], [], [], 0
    for kind, path, piece_text in pieces:
        n = frames(path)
        span = {"start": round(t / RATE, 4), "end": round((t + n) / RATE, 4)}
        if kind == "filler":
            fillers.append({"word": piece_text[0], "style": piece_text[1], **span})
            text.append(piece_text[0])
        elif kind == "pause":
            if n > 0:
                pauses.append(span)
        else:
            words += len(piece_text.split())
            text.append(piece_text)
        t += n
    name = ("clip%02d" if with_fillers else "clean%02d") % (index + 1)
    wav = os.path.join(out_dir, name + ".wav")
    run("sox", "-R", "-D", *[p for k, p, _ in pieces if frames(p) > 0], wav)
    doc = {
        "file": name + ".wav", "sampleRate": RATE, "durationSeconds": round(t / RATE, 4),
        "voice": voice, "wordsPerMinuteSetting": wpm, "words": words, "fillerCount": len(fillers),
        "fillers": fillers, "insertedPauses": pauses, "text": " ".join(text),
    }
    with open(os.path.join(out_dir, name + ".json"), "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    return doc


def main():
    args = sys.argv[1:]
    with_fillers = "--clean" not in args
    args = [a for a in args if a != "--clean"]
    if len(args) != 1:
        raise SystemExit("usage: make_filler_set.py [--clean] OUT_DIR")
    out_dir = args[0]
    os.makedirs(out_dir, exist_ok=True)
    rng = random.Random(SEED)
    with tempfile.TemporaryDirectory() as work:
        docs = [make_clip(i, rng, work, out_dir, with_fillers) for i in range(len(VOICES))]
    total = sum(d["durationSeconds"] for d in docs)
    print("%s set: %d clips, %.0f s, %d fillers in %s" % ("filler" if with_fillers else "clean", len(docs), total, sum(d["fillerCount"] for d in docs), out_dir))


if __name__ == "__main__":
    main()
