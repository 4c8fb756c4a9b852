#!/usr/bin/env python3
"""filler_real_bench.py - hesitation fillers on real voices and false hits on fluent speech.

    python3 bench/filler_real_bench.py --savvy .build/release/savvy [--out bench/out] [--shared ../shared]

Standard library only (plus sox). For each engine (as in asr_bench.py), through `savvy score`:

  1. AMI: the six 30 s real meeting excerpts in SHARED/bench-data/speech-ami (AMI Meeting Corpus,
     CC BY 4.0) against bench/labels/ami-fillers.json (how those labels were made is in the
     file). A detection within 0.6 s of a 'filler' label is a true positive, one within 0.6 s of
     an 'uncertain' label is not scored, any other is a false positive. Rows: the words' lexicon
     fillers, plus the verbatim decode's hesitations (Whisper), the acoustic detector alone
     (sessions rescored with the lexicon turned off, as in asr_bench.py) and merged (what savvy
     reports). Skipped with a message when the excerpts are absent.
  2. False hits on fluent real voices: Debian's pocketsphinx-testdata LibriVox sentences (read
     speech, no fillers) as they are, mixed with brown noise at 20 and 10 dB SNR (whole-file
     RMS), and 20 dB quieter. Every hesitation reported is a false hit.
  3. False hits on clean espeak answers: the filler set's ten answers without their fillers
     (bench/make_filler_set.py --clean); every hesitation reported is a false hit.
Only hesitations are counted (um, uh, er, ...; acoustic hits); discourse markers are not.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from asr_bench import HESITATIONS, MATCH_SECONDS, librivox, lexicon_off, rule, savvy_json, score  # noqa: E402

ROWS = ["words (lexicon)", "+ verbatim pass", "acoustic only", "merged (savvy)"]


def hesitations(doc, sources):
    return [x for x in doc["metrics"]["fillers"]["items"]
            if x["source"] in sources and (x["source"] == "acoustic" or x["text"].lower() in HESITATIONS)]


def run_engine(savvy, engine, files, home):
    """Scores FILES (saved), then rescores them with the lexicon off: {row: [[hits] per file]}."""
    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(home)
    merged, _ = score(savvy, files, engine, home, save=True)
    lexicon_off(home)
    acoustic = [savvy_json(savvy, ["rescore", str(d["session"])], home)[0][0] for d in merged]
    return {
        ROWS[0]: [hesitations(d, {"lexicon"}) for d in merged],
        ROWS[1]: [hesitations(d, {"lexicon", "verbatim"}) for d in merged],
        ROWS[2]: [hesitations(d, {"acoustic"}) for d in acoustic],
        ROWS[3]: [hesitations(d, {"lexicon", "verbatim", "acoustic"}) for d in merged],
    }


def score_against(labels, hits):
    """(true positives, false positives, ignored) of HITS against one clip's LABELS."""
    sure = [x for x in labels if x["label"] == "filler"]
    unsure = [x for x in labels if x["label"] == "uncertain"]
    mid = lambda x: (x["start"] + x["end"]) / 2  # noqa: E731
    pairs = sorted((abs(mid(t) - mid(h)), i, j) for i, t in enumerate(sure) for j, h in enumerate(hits))
    used_t, used_h = set(), set()
    for dist, i, j in pairs:
        if dist <= MATCH_SECONDS and i not in used_t and j not in used_h:
            used_t.add(i)
            used_h.add(j)
    ignored = sum(1 for j, h in enumerate(hits) if j not in used_h and any(abs(mid(u) - mid(h)) <= MATCH_SECONDS for u in unsure))
    return len(used_t), len(hits) - len(used_h) - ignored, ignored


def mix(out, sources):
    """LibriVox variants: clean, brown noise at 20 and 10 dB SNR, 20 dB quieter. [(variant, wav)]."""
    made = []
    for path in sources:
        name = os.path.basename(path)[:-4]
        rms = float(subprocess.run(["sox", path, "-n", "stat"], capture_output=True, text=True).stderr
                    .split("RMS     amplitude:")[1].split()[0])
        length = subprocess.run(["soxi", "-D", path], capture_output=True, text=True, check=True).stdout.strip()
        noise = os.path.join(out, name + "-noise.wav")
        subprocess.run(["sox", "-R", "-D", "-n", "-r", "16000", "-c", "1", "-b", "16", noise, "synth", length, "brownnoise"], check=True)
        noise_rms = float(subprocess.run(["sox", noise, "-n", "stat"], capture_output=True, text=True).stderr
                          .split("RMS     amplitude:")[1].split()[0])
        made.append(("clean", path))
        for snr in (20, 10):
            target = os.path.join(out, "%s-snr%d.wav" % (name, snr))
            gain = rms / noise_rms / 10 ** (snr / 20)
            subprocess.run(["sox", "-R", "-D", "-m", "-v", "1", path, "-v", "%.6f" % gain, noise, "-b", "16", target], check=True)
            made.append(("SNR %d dB" % snr, target))
        quiet = os.path.join(out, name + "-quiet.wav")
        subprocess.run(["sox", "-R", "-D", path, "-b", "16", quiet, "gain", "-20"], check=True)
        made.append(("-20 dB", quiet))
    return made


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--savvy", default=os.path.join(ROOT, ".build/release/savvy"))
    ap.add_argument("--out", default=os.path.join(ROOT, "bench/out"))
    ap.add_argument("--shared", default=os.environ.get("SAVVY_SHARED", os.path.join(ROOT, "../shared")))
    args = ap.parse_args()
    savvy = os.path.abspath(args.savvy)
    out = os.path.join(os.path.abspath(args.out), "fillers-real")
    os.makedirs(out, exist_ok=True)
    engines = ["pocketsphinx"]
    venv = os.environ.get("SAVVY_VENV") or os.path.join(os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share"), "savvy/venv")
    if os.path.exists(os.path.join(venv, "bin", "python")):
        engines.append("whisper")

    # ---- 1. AMI ----
    ami = os.path.join(args.shared, "bench-data/speech-ami")
    labels = json.load(open(os.path.join(HERE, "labels/ami-fillers.json")))
    if not os.path.isdir(ami):
        print("filler bench: AMI skipped - %s not found (set SAVVY_SHARED)" % ami)
    else:
        names = sorted(labels["clips"])
        files = [os.path.join(ami, n + ".wav") for n in names]
        n_sure = {part: sum(1 for n in labels["split"][part] for x in labels["clips"][n] if x["label"] == "filler")
                  for part in ("dev", "heldOut")}
        rule("Fillers on real meeting speech (AMI, 6 x 30 s; labels: bench/labels/ami-fillers.json) - "
             "%d labelled fillers (dev %d, held-out %d), match within +/-%.1f s"
             % (sum(n_sure.values()), n_sure["dev"], n_sure["heldOut"], MATCH_SECONDS))
        print("%-13s %-16s %4s %4s %4s %4s %10s %8s  %s" % ("engine", "detector", "TP", "FP", "FN", "skip", "precision", "recall",
                                                            "per clip (hits)"))
        for engine in engines:
            try:
                rows = run_engine(savvy, engine, files, os.path.join(out, "home-ami-" + engine))
            except RuntimeError as e:
                print("filler bench: %s failed on AMI: %s" % (engine, e))
                continue
            for row in ROWS:
                if engine != "whisper" and row == ROWS[1]:
                    continue
                tp = fp = skip = 0
                for name, hits in zip(names, rows[row]):
                    a, b, c = score_against(labels["clips"][name], hits)
                    tp, fp, skip = tp + a, fp + b, skip + c
                total = sum(n_sure.values())
                precision = "%.2f" % (tp / (tp + fp)) if tp + fp else "-"
                print("%-13s %-16s %4d %4d %4d %4d %10s %8.2f  %s" % (engine, row, tp, fp, total - tp, skip, precision,
                      tp / total if total else float("nan"), " ".join("%s:%d" % (n, len(h)) for n, h in zip(names, rows[row]))))
        print("skip = hits on spans labelled 'uncertain' (not scored). The labels come from recognisers that miss")
        print("hesitations in far-field audio, so recall here is an upper bound and precision a lower bound; with so")
        print("few labelled fillers the figures are indicative only.")

    # ---- 2 + 3. False hits on fluent speech ----
    sets = []
    lv = librivox()
    if lv is None:
        print("filler bench: LibriVox false hits skipped - install pocketsphinx-testdata")
    else:
        directory, refs = lv
        sets += mix(out, [os.path.join(directory, i + ".wav") for i, _ in refs])
    clean_dir = os.path.join(out, "clean")
    subprocess.run([sys.executable, os.path.join(HERE, "make_filler_set.py"), "--clean", clean_dir], check=True,
                   stdout=subprocess.DEVNULL)
    sets += [("espeak clean", p) for p in sorted(glob.glob(os.path.join(clean_dir, "clean*.wav")))]
    variants = list(dict.fromkeys(v for v, _ in sets))
    rule("False hesitation hits on fluent speech (every hit is false): LibriVox read speech %s; espeak answers without fillers"
         % ", ".join(v for v in variants if v != "espeak clean"))
    print("%-13s %-16s %s" % ("engine", "detector", "  ".join("%14s" % v for v in variants)))
    files = [p for _, p in sets]
    for engine in engines:
        try:
            rows = run_engine(savvy, engine, files, os.path.join(out, "home-fluent-" + engine))
        except RuntimeError as e:
            print("filler bench: %s failed on fluent speech: %s" % (engine, e))
            continue
        for row in ROWS:
            if engine != "whisper" and row == ROWS[1]:
                continue
            cells = []
            for variant in variants:
                picked = [hits for (v, _), hits in zip(sets, rows[row]) if v == variant]
                cells.append("%14s" % ("%d in %d clips" % (sum(len(h) for h in picked), len(picked))))
            print("%-13s %-16s %s" % (engine, row, "  ".join(cells)))


if __name__ == "__main__":
    main()
