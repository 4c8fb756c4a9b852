#!/usr/bin/env python3
"""filler_real_bench.py - hesitation fillers on real voices, per source, and false hits on fluent speech.

    python3 bench/filler_real_bench.py --savvy .build/release/savvy [--out bench/out] [--shared ../shared]

Standard library only (plus sox). Every figure goes through the real CLI (`savvy score --json`,
sessions saved, then `savvy rescore` with the lexicon off for the acoustic-only view). Per engine
(pocketsphinx; whisper when its venv exists), and per clip where it says so, each source alone and
fused:
  plain     hesitation words of the unprompted decode (Whisper) or the one decode (pocketsphinx);
  verbatim  hesitation words of the verbatim-prompt decode alone (Whisper: the engine's raw
            filler output, the "engine alone" figure of issue 9);
  acoustic  the filled-pause detector alone;
  savvy     what savvy reports (all sources merged by time).
Only hesitations count (um, uh, er, ...; acoustic hits); "so"/"like"/"you know" are a separate part.

Sets:
  1. AMI (SHARED/bench-data/speech-ami, AMI Meeting Corpus, CC BY 4.0): six 30 s meeting excerpts,
     against bench/labels/ami-fillers.json (how those labels were made, without listening, is in
     the file). Rows per clip. A hit within 0.6 s of a 'filler' label is a true positive, near an
     'uncertain' one is not scored, any other is false.
  2. Real voices with spliced hesitations (bench/make_real_filler_set.py): each LibriVox sentence
     of Debian's pocketsphinx-testdata and each AMI excerpt with 2-3 "uh" made from the speaker's
     own held vowel, at exact times. Recall on all; precision on the LibriVox ones only (read
     speech with no natural fillers; the AMI ones have unlabelled natural ones).
  3. The espeak-ng filler set (bench/make_filler_set.py, 44 fillers at exact times): P/R.
  4. False hits on fluent speech, where every hesitation is false: LibriVox clean, brown noise at
     20 and 10 dB SNR, 20 dB quieter; the espeak answers without fillers; the CallFriend telephone
     fragment in Debian's `transcriber` package (examples/know.sph, LDC, GPL-2+; its human
     transcript has no um/uh), when that package's file is present.
  5. "you know" / "I mean" / "like" on that CallFriend fragment against its human transcript
     (bench/labels/know-discourse.json): which ones savvy counts as fillers.
"""
import argparse
import glob
import gzip
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from asr_bench import HESITATIONS, MATCH_SECONDS, librivox, lexicon_off, rule, savvy_json, score  # noqa: E402

SOURCES = ["plain", "verbatim", "acoustic", "savvy"]
KNOW_SPH = "/usr/share/doc/transcriber/examples/know.sph.gz"


def is_hesitation(text):
    """savvy's normalised words are lower case; a spelled "e-r" is not "er"."""
    return text.lower().strip(".,;:!?…\"'") in HESITATIONS


def by_source(doc, acoustic_doc):
    """{source: [hits]} for one scored clip (hits are dicts with start/end)."""
    transcript = doc.get("transcript") or {}
    verbatim = [w for w in transcript.get("verbatimPass") or [] if is_hesitation(w["text"])]
    seen = {(w["text"], w["start"], w["end"]) for w in verbatim}
    # The words hold the verbatim pass's hesitations too (inserted by time); the plain decode's
    # own are the others.
    plain = [w for w in transcript.get("words") or [] if is_hesitation(w["text"]) and (w["text"], w["start"], w["end"]) not in seen]
    items = doc["metrics"]["fillers"]["items"]
    return {
        "plain": plain,
        "verbatim": verbatim,
        "acoustic": [x for x in acoustic_doc["metrics"]["fillers"]["items"] if x["source"] == "acoustic"],
        "savvy": [x for x in items if x["source"] == "acoustic" or is_hesitation(x["text"])],
    }


def match(truth, hits, unsure=()):
    """(true positives, false positives) of HITS against TRUTH, one to one by midpoint within
    MATCH_SECONDS, closest first; unmatched hits near an UNSURE span are not counted at all."""
    mid = lambda x: (x["start"] + x["end"]) / 2  # noqa: E731
    pairs = sorted((abs(mid(t) - mid(h)), i, j) for i, t in enumerate(truth) for j, h in enumerate(hits))
    used_t, used_h = set(), set()
    for dist, i, j in pairs:
        if dist <= MATCH_SECONDS and i not in used_t and j not in used_h:
            used_t.add(i)
            used_h.add(j)
    skipped = sum(1 for j, h in enumerate(hits) if j not in used_h and any(abs(mid(u) - mid(h)) <= MATCH_SECONDS for u in unsure))
    return len(used_t), len(hits) - len(used_h) - skipped


def run(savvy, engine, files, home):
    """Scores FILES (saved) and rescores them with the lexicon off: [(doc, acoustic-only doc)]."""
    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(home)
    docs, _ = score(savvy, files, engine, home, save=True)
    lexicon_off(home)
    acoustic = [savvy_json(savvy, ["rescore", str(d["session"])], home)[0][0] for d in docs]
    return list(zip(docs, acoustic))


def fmt(tp, fp, n):
    p = "%.2f" % (tp / (tp + fp)) if tp + fp else "  - "
    r = "%.2f" % (tp / n) if n else "  - "
    return "%3d/%-3d P %s R %s" % (tp, tp + fp, p, r)


def ami_rows(engine, names, results, labels):
    print("%-13s %-7s %5s  %s" % ("engine", "clip", "ref", "  ".join("%-24s" % s for s in SOURCES)))
    totals = {s: [0, 0] for s in SOURCES}
    n_total = 0
    for name, (doc, acoustic) in zip(names, results):
        clip = labels["clips"][name]
        sure = [x for x in clip if x["label"] == "filler"]
        unsure = [x for x in clip if x["label"] == "uncertain"]
        n_total += len(sure)
        cells = []
        for source, hits in by_source(doc, acoustic).items():
            tp, fp = match(sure, hits, unsure)
            totals[source][0] += tp
            totals[source][1] += fp
            cells.append("%-24s" % ("%d hits, %s" % (len(hits), fmt(tp, fp, len(sure)).split(" P")[0])))
        trusted = (doc.get("transcript") or {}).get("check", {}).get("trusted", True)
        print("%-13s %-7s %2d+%-2d  %s%s" % (engine, name, len(sure), len(unsure), "  ".join(cells), "" if trusted else "  (untrusted)"))
    print("%-13s %-7s %5d  %s" % (engine, "all", n_total, "  ".join("%-24s" % fmt(tp, fp, n_total) for tp, fp in totals.values())))


def truth_rows(engine, title, results, truths, precision_for):
    """P/R per source over clips with exact truth; PRECISION_FOR(i) says whether clip i's
    unmatched hits count as false (no natural unlabelled fillers in it)."""
    totals = {s: [0, 0] for s in SOURCES}
    n = 0
    for i, ((doc, acoustic), truth) in enumerate(zip(results, truths)):
        n += len(truth)
        for source, hits in by_source(doc, acoustic).items():
            tp, fp = match(truth, hits)
            totals[source][0] += tp
            totals[source][1] += fp if precision_for(i) else 0
    print("%-13s %-22s %s" % (engine, title, "  ".join("%-8s %s" % (s, fmt(tp, fp, n)) for s, (tp, fp) in totals.items())))


def hesitation_set(savvy, engines, out, shared, callfriend):
    """Section 2: real speakers with hesitations made from their own voice (make_hesitation_set.py),
    per split, noise and source; held-out is the figure that counts. Misses are written to
    OUT/hesitation-misses-ENGINE.json for finding the stage that lost them."""
    folder = os.path.join(out, "hesitations")
    made = subprocess.run([sys.executable, os.path.join(HERE, "make_hesitation_set.py"), "--savvy", savvy,
                           "--shared", shared, "--callfriend", callfriend, folder],
                          capture_output=True, text=True, check=True).stdout.split()
    metas = [json.load(open(f[:-4] + ".json")) for f in made]
    speakers = {split: sorted({m["speaker"] for m in metas if m["split"] == split}) for split in ("tune", "heldout")}
    rule("Hesitations made from real speakers' own voices (bench/make_hesitation_set.py), split by speaker; "
         "held-out speakers: %s; tuning: %s" % (", ".join(speakers["heldout"]), ", ".join(speakers["tune"])))
    print("%-8s %-8s %-6s %4s  %s" % ("engine", "split", "noise", "n", "  ".join("%-28s" % s for s in SOURCES)))
    for engine in engines:
        try:
            results = run(savvy, engine, made, os.path.join(out, "home-hesitations-" + engine))
        except RuntimeError as e:
            print("filler bench: %s failed on the hesitation set: %s" % (engine, e))
            continue
        per_clip = [by_source(d, a) for d, a in results]
        misses = []
        for split in ("heldout", "tune"):
            for noise in ("clean", "snr20", "snr10", "all"):
                picked = [i for i, m in enumerate(metas) if m["split"] == split and (noise == "all" or m["noise"] == noise)]
                if not picked:
                    continue
                n = sum(len(metas[i]["fillers"]) for i in picked)
                cells = []
                for source in SOURCES:
                    tp = fp = 0
                    for i in picked:
                        t, f = match(metas[i]["fillers"], per_clip[i][source])
                        tp += t
                        fp += f if metas[i]["precision"] else 0
                    cells.append("%-28s" % fmt(tp, fp, n))
                print("%-8s %-8s %-6s %4d  %s" % (engine, split, noise, n, "  ".join(cells)))
        for i, m in enumerate(metas):
            for truth in m["fillers"]:
                found = {s: any(abs((h["start"] + h["end"]) / 2 - (truth["start"] + truth["end"]) / 2) <= MATCH_SECONDS
                                for h in per_clip[i][s]) for s in SOURCES}
                misses.append({"file": m["file"], "split": m["split"], "truth": truth, "found": found})
            for h in per_clip[i]["savvy"]:
                if not any(abs((h["start"] + h["end"]) / 2 - (t["start"] + t["end"]) / 2) <= MATCH_SECONDS for t in m["fillers"]):
                    misses.append({"file": m["file"], "split": m["split"], "false": h})
        held = [x for x in misses if x["split"] == "heldout" and "truth" in x]
        for key in ("word", "place"):
            values = sorted({x["truth"][key] for x in held})
            print("%-8s heldout savvy recall by %s: %s" % (engine, key, ", ".join(
                "%s %d/%d" % (v, sum(1 for x in held if x["truth"][key] == v and x["found"]["savvy"]),
                              sum(1 for x in held if x["truth"][key] == v)) for v in values)))
        with open(os.path.join(out, "hesitation-misses-%s.json" % engine), "w") as fh:
            json.dump(misses, fh, indent=1)


def know_wav(out, path):
    """The CallFriend fragment as 16 kHz mono (both telephone channels mixed), or None."""
    if not os.path.exists(path):
        return None
    sph = os.path.join(out, "know.sph")
    with gzip.open(path) as src, open(sph, "wb") as dst:
        dst.write(src.read())
    wav = os.path.join(out, "know16.wav")
    subprocess.run(["sox", "-R", "-D", sph, "-r", "16000", "-c", "1", "-b", "16", wav, "remix", "1,2"], check=True)
    return wav


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


def discourse(engine, doc, labels):
    """'you know' / 'I mean' / 'like' / 'so' on the CallFriend fragment: truth vs what savvy counted."""
    found = [x for x in doc["metrics"]["fillers"]["items"] if x["text"] in ("you know", "i mean", "like", "so")]
    truth = [x for x in labels["items"] if x["filler"]]
    not_fillers = [x for x in labels["items"] if not x["filler"]]
    tp, fp = match(truth, found, unsure=())
    wrong = sum(1 for x in not_fillers if any(abs((x["start"] + x["end"]) / 2 - (h["start"] + h["end"]) / 2) <= MATCH_SECONDS
                                              and h["text"] == x["phrase"] for h in found))
    print("%-13s %s; counted on a non-filler use: %d of %d" % (engine, fmt(tp, fp, len(truth)), wrong, len(not_fillers)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--savvy", default=os.path.join(ROOT, ".build/release/savvy"))
    ap.add_argument("--out", default=os.path.join(ROOT, "bench/out"))
    ap.add_argument("--shared", default=os.environ.get("SAVVY_SHARED", os.path.join(ROOT, "../shared")))
    ap.add_argument("--callfriend", default=KNOW_SPH, help="know.sph.gz of Debian's transcriber package")
    ap.add_argument("--parts", default="ami,hesitations,spliced,fluent",
                    help="comma-separated sections to run: ami, hesitations, spliced (with the espeak set), fluent")
    ap.add_argument("--engines", default="", help="comma-separated engines (default: pocketsphinx, and whisper when its venv exists)")
    args = ap.parse_args()
    parts = set(args.parts.split(","))
    savvy = os.path.abspath(args.savvy)
    out = os.path.join(os.path.abspath(args.out), "fillers-real")
    os.makedirs(out, exist_ok=True)
    engines = ["pocketsphinx"]
    venv = os.environ.get("SAVVY_VENV") or os.path.join(os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share"), "savvy/venv")
    if os.path.exists(os.path.join(venv, "bin", "python")):
        engines.append("whisper")
    if args.engines:
        engines = [e for e in args.engines.split(",") if e in engines]
    ami = os.path.join(args.shared, "bench-data/speech-ami")
    labels = json.load(open(os.path.join(HERE, "labels/ami-fillers.json")))
    lv = librivox()
    know = know_wav(out, args.callfriend)

    # ---- 1. AMI, per clip ----
    if "ami" not in parts:
        pass
    elif not os.path.isdir(ami):
        print("filler bench: AMI skipped - %s not found (set SAVVY_SHARED)" % ami)
    else:
        names = sorted(labels["clips"])
        n_sure = sum(1 for n in names for x in labels["clips"][n] if x["label"] == "filler")
        rule("Hesitations on real meeting speech (AMI, 6 x 30 s), per source; ref = sure+uncertain labels "
             "(bench/labels/ami-fillers.json, %d sure); cells: hits, true/matched" % n_sure)
        for engine in engines:
            try:
                results = run(savvy, engine, [os.path.join(ami, n + ".wav") for n in names], os.path.join(out, "home-ami-" + engine))
            except RuntimeError as e:
                print("filler bench: %s failed on AMI: %s" % (engine, e))
                continue
            ami_rows(engine, names, results, labels)
        print("The labels come from recognisers that miss hesitations in far-field audio: few, so indicative only.")

    # ---- 2. Real speakers' own hesitations, held-out speakers ----
    if "hesitations" in parts:
        hesitation_set(savvy, engines, out, os.path.abspath(args.shared), args.callfriend)
    if "spliced" in parts:
        spliced(savvy, engines, out, lv, ami, know)
    if "fluent" in parts:
        fluent(savvy, engines, out, lv, know)


def spliced(savvy, engines, out, lv, ami, know):
    """Real voices with a spliced held "uh" (make_real_filler_set.py) and the espeak filler set."""
    spliced_dir = os.path.join(out, "spliced")
    sources = [os.path.join(lv[0], i + ".wav") for i, _ in lv[1]] if lv else []
    sources += sorted(glob.glob(os.path.join(ami, "*.wav"))) if os.path.isdir(ami) else []
    sources += [know] if know else []
    made = subprocess.run([sys.executable, os.path.join(HERE, "make_real_filler_set.py"), "--savvy", savvy, spliced_dir, *sources],
                          capture_output=True, text=True, check=True).stdout.split()
    espeak_dir = os.path.join(out, "espeak")
    subprocess.run([sys.executable, os.path.join(HERE, "make_filler_set.py"), espeak_dir], check=True, stdout=subprocess.DEVNULL)
    espeak = sorted(glob.glob(os.path.join(espeak_dir, "clip*.wav"))) + [os.path.join(ROOT, "Fixtures", n) for n in ("fillers.wav", "star-answer.wav")]
    rule("Hesitations with exact truth, per source: real voices with their own held vowel spliced in "
         "(%d clips; precision on the LibriVox ones only), and the espeak-ng filler set (%d clips)" % (len(made), len(espeak)))
    for engine in engines:
        for title, files, precise in (("real voices, spliced", made, lambda p: os.path.basename(p).startswith("sense_")),
                                      ("espeak filler set", espeak, lambda p: True)):
            try:
                results = run(savvy, engine, files, os.path.join(out, "home-%s-%s" % (title.split()[0], engine)))
            except RuntimeError as e:
                print("filler bench: %s failed on %s: %s" % (engine, title, e))
                continue
            truths = [json.load(open(f[:-4] + ".json"))["fillers"] for f in files]
            truth_rows(engine, title, results, truths, lambda i: precise(files[i]))


def fluent(savvy, engines, out, lv, know):
    """False hesitation hits on fluent speech; discourse markers on the CallFriend fragment."""
    sets = []
    if lv:
        sets += mix(out, [os.path.join(lv[0], i + ".wav") for i, _ in lv[1]])
    else:
        print("filler bench: LibriVox skipped - install pocketsphinx-testdata")
    clean_dir = os.path.join(out, "clean")
    subprocess.run([sys.executable, os.path.join(HERE, "make_filler_set.py"), "--clean", clean_dir], check=True, stdout=subprocess.DEVNULL)
    sets += [("espeak clean", p) for p in sorted(glob.glob(os.path.join(clean_dir, "clean*.wav")))]
    if know:
        sets.append(("CallFriend", know))
    else:
        print("filler bench: CallFriend fragment skipped - apt-get install transcriber")
    variants = list(dict.fromkeys(v for v, _ in sets))
    rule("False hesitation hits on fluent speech (every hit is false), per source")
    print("%-13s %-9s %s" % ("engine", "source", "  ".join("%14s" % v for v in variants)))
    know_labels = json.load(open(os.path.join(HERE, "labels/know-discourse.json")))
    for engine in engines:
        try:
            results = run(savvy, engine, [p for _, p in sets], os.path.join(out, "home-fluent-" + engine))
        except RuntimeError as e:
            print("filler bench: %s failed on fluent speech: %s" % (engine, e))
            continue
        per_clip = [by_source(d, a) for d, a in results]
        for source in SOURCES:
            cells = []
            for variant in variants:
                picked = [c[source] for (v, _), c in zip(sets, per_clip) if v == variant]
                cells.append("%14s" % ("%d in %d clips" % (sum(len(h) for h in picked), len(picked))))
            print("%-13s %-9s %s" % (engine, source, "  ".join(cells)))
        if know:
            rule("'you know' / 'I mean' / 'like' as fillers on the CallFriend fragment (human transcript: "
                 "bench/labels/know-discourse.json)")
            discourse(engine, results[-1][0], know_labels)


if __name__ == "__main__":
    main()
