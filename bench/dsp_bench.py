#!/usr/bin/env python3
"""dsp_bench.py - savvy's delivery DSP side by side with Praat and librosa, measured in one run.

    python dsp_bench.py --savvy .build/release/savvy --shared ../shared [--out bench/out]

Needs the reference harness in SHARED/bench/dsp (Praat via parselmouth, librosa) and the
laryngograph pitch data in SHARED/bench-data/pitch. Those are not part of the project; when
they are absent this prints why and exits 0. Nothing here is copied from the harness: it is
imported from SHARED at run time.

Prints:
  accuracy  pitch GPE / fine error on real speech (FDA, laryngograph truth) for savvy and Praat;
            GPE on the synthetic clean/noisy set with exact truth (savvy, Praat, librosa.yin);
            CPPS difference savvy - Praat per file.
  speed     real-time factor of savvy analyze (whole delivery DSP) vs Praat pitch + CPPS and
            librosa.yin on the same 600 s clip, one thread each, and the ratios.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")


def savvy_frames(savvy, path):
    """Runs `savvy analyze --json --frames` and returns (times, f0 (0 = unvoiced), report)."""
    import numpy as np
    out = subprocess.run([savvy, "analyze", path, "--json", "--frames"], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"savvy analyze failed on {path}: {out.stderr.strip()}")
    rep = json.loads(out.stdout)
    fr = rep["frames"]
    t = np.asarray(fr["time"], float)
    f0 = np.asarray([0.0 if v is None else v for v in fr["f0"]], float)
    return t, f0, rep


def gpe_against(t_ref, f_ref, t, f0):
    """GPE (%) and fine error (cents, median |err|) on frames voiced in both, truth sampled at t."""
    import numpy as np
    idx = np.clip(np.round(np.interp(t, t_ref, np.arange(len(t_ref)))).astype(int), 0, len(t_ref) - 1)
    fr = f_ref[idx]
    both = (fr > 0) & (f0 > 0) & (t <= t_ref[-1] + 0.01)
    rel = np.abs(f0[both] / fr[both] - 1)
    gross = rel > 0.2
    cents = np.abs(1200 * np.log2(f0[both][~gross] / fr[both][~gross]))
    return dict(frames=int(both.sum()), gross=int(gross.sum()),
                gpe=100.0 * gross.sum() / max(both.sum(), 1),
                fine_cents=float(np.median(cents)) if len(cents) else float("nan"))


def pool(rows):
    frames = sum(r["frames"] for r in rows)
    gross = sum(r["gross"] for r in rows)
    return 100.0 * gross / max(frames, 1)


def real_speech(savvy, shared, ref, work):
    """FDA: 20 kHz read speech with laryngograph F0 every 15 ms."""
    import numpy as np
    import soundfile as sf
    fda = os.path.join(shared, "bench-data", "pitch", "fda")
    rows_s, rows_p, fine_s, fine_p = [], [], [], []
    for name in sorted(f for f in os.listdir(fda) if f.endswith(".wav")):
        wav = os.path.join(fda, name)
        ref_f = np.loadtxt(wav[:-4] + ".f0ref")
        t_ref = 0.015 * np.arange(len(ref_f))
        t, f0, _ = savvy_frames(savvy, wav)
        rs = gpe_against(t_ref, ref_f, t, f0)
        y, sr = ref.load(wav)
        tp, fp = ref.pitch_praat_ac(y, sr, 75.0, 600.0)
        rp = gpe_against(t_ref, ref_f, np.asarray(tp), np.nan_to_num(np.asarray(fp)))
        rows_s.append(rs); rows_p.append(rp)
        fine_s.append(rs["fine_cents"]); fine_p.append(rp["fine_cents"])
    return dict(files=len(rows_s), savvy_gpe=pool(rows_s), praat_gpe=pool(rows_p),
                savvy_fine_cents=float(np.nanmedian(fine_s)), praat_fine_cents=float(np.nanmedian(fine_p)))


def synthetic(savvy, shared, ref, work):
    """The harness's synthetic set (glottal pulses through formants, white/pink noise)."""
    import numpy as np
    sys.path.insert(0, os.path.join(shared, "bench", "dsp"))
    import evaluate
    synth_dir = os.path.join(work, "synth")
    if not os.path.exists(os.path.join(synth_dir, "labels.json")):
        subprocess.run([sys.executable, os.path.join(shared, "bench", "dsp", "synth.py"), synth_dir],
                       check=True, capture_output=True)
    labels = json.load(open(os.path.join(synth_dir, "labels.json")))
    counts = {"savvy": {}, "praat_ac": {}, "librosa_yin": {}}
    cpps_rows = []
    for fn in sorted(labels["files"]):
        lab = labels["files"][fn]
        cond = "clean" if lab["snr_db"] is None else f'{lab.get("noise") or "white"} {lab["snr_db"]:g}'
        path = os.path.join(synth_dir, fn)
        t, f0, rep = savvy_frames(savvy, path)
        counts["savvy"].setdefault(cond, []).append(evaluate.frame_counts(t, f0, lab))
        y, sr = ref.load(path)
        tp, fp = ref.pitch_praat_ac(y, sr, 75.0, 600.0)
        counts["praat_ac"].setdefault(cond, []).append(
            evaluate.frame_counts(np.asarray(tp), np.nan_to_num(np.asarray(fp)), lab))
        try:
            ty, fy = ref.pitch_librosa_yin(y, sr, 75.0, 600.0)
            counts["librosa_yin"].setdefault(cond, []).append(
                evaluate.frame_counts(np.asarray(ty), np.nan_to_num(np.asarray(fy)), lab,
                                      voiced_override=np.ones(len(fy), bool)))
        except ImportError:
            pass
        cpps_rows.append(dict(file=fn, savvy=rep["analysis"]["voice"]["cppsDB"], praat=ref.praat_cpps(y, sr)))
    res = {}
    for m, byc in counts.items():
        if not byc:
            continue
        res[m] = {c: evaluate.agg(v)["GPE"] for c, v in byc.items()}
        res[m]["all_noisy"] = evaluate.agg(sum((v for c, v in byc.items() if c != "clean"), []))["GPE"]
    return res, cpps_rows


def speed(savvy, ref, work, seconds=600.0):
    """RTF on one tiled clip of espeak-ng speech (or the FDA files when espeak is absent)."""
    import numpy as np
    import soundfile as sf
    src = os.path.join(work, "speed_src.wav")
    if not os.path.exists(src):
        text = ("Tell me about a time you led a team through a difficult project. In my last role the "
                "release slipped twice, so I set up a weekly review, and we shipped two weeks early. ")
        subprocess.run(["espeak-ng", "-v", "en-us", "-s", "150", "-w", src, text * 3], check=True)
    y, sr = ref.load(src)
    reps = int(np.ceil(seconds * sr / len(y)))
    clip = np.tile(y, reps)[: int(seconds * sr)]
    path = os.path.join(work, f"speed_{int(seconds)}s.wav")
    sf.write(path, clip, sr, subtype="PCM_16")
    res = {}

    def best(fn, n=3):
        times = []
        for _ in range(n):
            t0 = time.perf_counter(); fn(); times.append(time.perf_counter() - t0)
        return min(times)

    res["savvy_analyze"] = best(lambda: subprocess.run(["taskset", "-c", "0", savvy, "analyze", path, "--json",
                                                        "--threads", "1"], check=True, capture_output=True))
    # issue 13: CPPS on two threads (two cores when the machine has them), same bytes
    res["savvy_analyze_2_threads"] = best(lambda: subprocess.run([savvy, "analyze", path, "--json", "--threads", "2"],
                                                                 check=True, capture_output=True))
    res["load_average"] = os.getloadavg()
    res["praat_pitch"] = best(lambda: ref.pitch_praat_ac(clip, sr, 75.0, 600.0))
    res["praat_cpps"] = best(lambda: ref.praat_cpps(clip, sr), n=1)
    try:
        ref.pitch_librosa_yin(clip[:sr], sr, 75.0, 600.0)  # JIT warm-up outside the timing
        res["librosa_yin"] = best(lambda: ref.pitch_librosa_yin(clip, sr, 75.0, 600.0))
    except ImportError:
        pass
    return seconds, res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--savvy", required=True)
    ap.add_argument("--shared", required=True)
    ap.add_argument("--out", default="bench/out")
    ap.add_argument("--seconds", type=float, default=600.0)
    a = ap.parse_args()
    harness = os.path.join(a.shared, "bench", "dsp")
    if not os.path.exists(os.path.join(harness, "ref.py")):
        print(f"dsp bench: skipped (no reference harness at {harness})")
        return
    sys.path.insert(0, harness)
    import numpy as np
    import ref
    os.makedirs(a.out, exist_ok=True)
    savvy = os.path.abspath(a.savvy)

    print("== pitch on real speech (FDA, laryngograph truth; GPE = frames off by > 20 %)")
    r = real_speech(savvy, a.shared, ref, a.out)
    print(f"   savvy GPE {r['savvy_gpe']:.2f} %  fine {r['savvy_fine_cents']:.1f} cents   |   "
          f"Praat AC GPE {r['praat_gpe']:.2f} %  fine {r['praat_fine_cents']:.1f} cents   ({r['files']} files)"
          f"   target: savvy <= Praat")

    print("== pitch on synthetic speech (exact truth), GPE %")
    syn, cpps = synthetic(savvy, a.shared, ref, a.out)
    conds = [c for c in syn["savvy"] if c != "all_noisy"] + ["all_noisy"]
    print("   " + f"{'tracker':12s}" + "".join(f"{c:>11s}" for c in conds))
    for m, row in syn.items():
        print("   " + f"{m:12s}" + "".join(f"{row.get(c, float('nan')):11.2f}" for c in conds))
    print("   target: savvy all_noisy <= 1 %")

    d = np.array([c["savvy"] - c["praat"] for c in cpps if c["savvy"] is not None])
    print("== CPPS savvy - Praat (dB) over the synthetic set: "
          f"mean {d.mean():+.3f}, max |diff| {np.abs(d).max():.3f} over {len(d)} files   target: within 0.1 dB")

    secs, sp = speed(savvy, ref, a.out, a.seconds)
    praat = sp["praat_pitch"] + sp["praat_cpps"]
    print(f"== speed on {secs:.0f} s of speech, one core (best of runs; RTF = seconds per second of audio)")
    print(f"   savvy analyze (pitch+RMS+VAD+CPPS+decode): {sp['savvy_analyze']:.2f} s  RTF {sp['savvy_analyze']/secs:.4f}")
    print(f"   Praat pitch {sp['praat_pitch']:.2f} s + Praat CPPS {sp['praat_cpps']:.2f} s = {praat:.2f} s  RTF {praat/secs:.4f}")
    if "librosa_yin" in sp:
        print(f"   librosa.yin {sp['librosa_yin']:.2f} s  RTF {sp['librosa_yin']/secs:.4f}")
    print(f"   ratio Praat(pitch+CPPS) / savvy = {praat / sp['savvy_analyze']:.1f}x   target: >= 60x, savvy < 2 s")
    two = sp["savvy_analyze_2_threads"]
    print(f"   savvy analyze --threads 2 (two cores): {two:.2f} s  RTF {two/secs:.4f}  "
          f"ratio {praat / two:.1f}x   target: < 1.2 s")
    print("   load average during the run: " + " ".join(f"{v:.2f}" for v in sp["load_average"]))
    json.dump(dict(real=r, synthetic=syn, cpps=cpps, speed=sp), open(os.path.join(a.out, "dsp.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
