#!/usr/bin/env python3
"""Builds savvy's content dev set: answers with section truth, and optionally their audio.

The answers are written by hand in scripts/content/<drill>.py (one scenario = a prompt and the
sentences of each drill section). Each scenario yields several answers:
  complete      every section in drill order
  missing-<id>  the same answer without one section (one answer per section)
  out-of-order  two neighbouring sections swapped (which pair alternates by scenario)
  off-topic     the complete answer given to another scenario's prompt of the same drill and
                split — the one whose prompt shares the most content words with the answer, so
                word overlap alone cannot tell it is off topic
Scenarios are split by index (every third, starting with the second, is held out as `test`), so
no sentence of a test answer is ever seen in training; off-topic pairs stay inside a split.

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
import json
import os
import random
import re
import subprocess
import sys
import tempfile

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
VOICES = ["en-us", "en-gb", "en-gb-x-rp", "en-us+f3", "en-gb-scotland", "en-us+m3", "en-029", "en-gb+f2"]
RATE = 16000

STOP = set("""a about after all also am an and any are as at be because been but by can could did do does
for from had has have he her his how i if in into is it its just me my no not of on or our out so than
that the their them then there these they this to up us was we were what when which who will with would
you your tell describe time yourself should""".split())


def stems(text):
    words = re.findall(r"[a-z']+", text.lower())
    return {w[:5] for w in words if w not in STOP and len(w) > 2}


def answers():
    result = []
    for drill, (sections, scenarios) in DRILLS.items():
        built = []
        for index, scenario in enumerate(scenarios):
            split = "test" if index % 3 == 1 else "train"
            pre = [(text, "none") for text in scenario.get("pre", [])]
            parts = [[(text, section) for text in scenario[section]] for section in sections]
            base = f"{drill}-{index:02d}"

            def add(variant, ordered, prompt=scenario["prompt"], on_topic=True):
                sentences = pre + [s for part in ordered for s in part]
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
            split = "test" if index % 3 == 1 else "train"
            text = " ".join(t for s in sections for t in scenario[s])
            candidates = [(len(stems(other["prompt"]) & stems(text)), -j, j)
                          for j, other in enumerate(scenarios)
                          if j != index and ("test" if j % 3 == 1 else "train") == split]
            _, _, j = max(candidates)
            complete = next(a for a in built if a["id"] == f"{drill}-{index:02d}-complete")
            off = dict(complete, id=f"{drill}-{index:02d}-off-topic", variant="off-topic",
                       prompt=scenarios[j]["prompt"], onTopic=False)
            built.append(off)
        result.extend(built)
    return result


def synthesize(answer, number, wav_dir, work):
    """Speaks each sentence, joins them with seeded pauses; returns sentence times."""
    rng = random.Random(f"content-{answer['id']}")
    voice = VOICES[number % len(VOICES)]
    wpm = 145 + (number * 7) % 30
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="bench/out/content")
    parser.add_argument("--audio", action="store_true")
    parser.add_argument("--split", choices=["train", "test", "all"], default="all")
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
    with open(truth_path, "w") as truth:
        for number, answer in enumerate(everything):
            if args.split != "all" and answer["split"] != args.split:
                continue
            with tempfile.TemporaryDirectory() as work:
                voice, wpm, times = synthesize(answer, number, wav_dir, work)
            sections = {}
            for sentence, (start, _) in zip(answer["sentences"], times):
                if sentence["label"] != "none":
                    sections.setdefault(sentence["label"], round(start, 3))
            truth.write(json.dumps({
                "id": answer["id"], "voice": voice, "wpm": wpm,
                "sentenceTimes": [[round(a, 3), round(b, 3)] for a, b in times],
                "sectionStarts": sections}, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
