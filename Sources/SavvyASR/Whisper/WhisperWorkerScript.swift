/// The Python program that runs faster-whisper for `WhisperTranscriber`.
///
/// Kept in the Swift source so the savvy binary is self-contained; it is written to a temporary
/// file when a worker starts. Protocol, one JSON object per line:
/// - worker → savvy once loaded: `{"ready": true}` or `{"ready": false, "error": "..."}`
/// - savvy → worker: `{"id": N, "audio": "/tmp/x.f32", "prompt": "..."}` where the file holds
///   16 kHz mono little-endian float32 samples (audio never travels through the pipe)
/// - worker → savvy: `{"id": N, "words": [{"text", "start", "end", "probability"}],
///   "segments": [{"start", "end", "avg_logprob", "compression_ratio", "no_speech_prob"}]}` or
///   `{"id": N, "error": "..."}`. `segments` came with protocol 2 (the ready message says
///   `"protocol": 2`); a reply without it is read as a decode without segment statistics.
/// Version history: 1 words only; 2 adds `segments` and `protocol`.
/// The worker exits when its stdin closes. Its real stdout is kept for replies only; anything a
/// library prints goes to stderr, which savvy keeps in a log for error messages.
///
/// The worker dies with savvy: a thread checks every 0.1 s whether its parent is still the savvy
/// that started it (`os.getppid()` changes when the parent dies, even mid-transcription, when
/// stdin's EOF would not be read until the request ends). On the way out, for any reason, it
/// removes savvy's private work folder, so a `kill -9` of savvy leaves no files behind.
/// (`prctl(PR_SET_PDEATHSIG)` was not used: it fires when the *thread* that started the child
/// exits, and savvy starts workers from batch threads that end before the process does.)
/// Arguments: model folder, CPU threads, savvy's pid, the work folder. Passed with `python3 -c`,
/// so no script file is written.
///
/// Decoding choices: CPU int8; temperature 0 only, which is deterministic (temperature fallback
/// samples randomly); `condition_on_previous_text=False` so a misheard phrase cannot seed a
/// loop; `word_timestamps=True` for per-word times. The words (no prompt) come from beam search
/// with 5 beams, Whisper's standard decoding: in room noise greedy search commits to a wrong
/// word early ("ill disposed" → "old sposed"), and on LibriVox mixed with pink noise beam 5
/// gave 8.5 % WER against greedy's 12.7 % at 20 and 15 dB SNR (2.8 % for both on clean speech).
/// The verbatim-prompt decode stays greedy: it exists to keep hesitations, and beam search
/// prefers the fluent reading that drops them.
///
/// Memory: faster-whisper computes the log-mel features of the whole request at once, with a
/// float32 and a complex64 copy of the short-time spectrum (201 bins per 10 ms frame): a 5-minute
/// window took the worker from 235 MB to 463 MB. `BoundedFeatures` computes the same features
/// 2048 frames (20.48 s) at a time into one 80-row array (10 MB for 5 minutes), so the worker's
/// peak no longer grows with the window. Every block but the last is 2048 columns wide and the
/// last takes the remainder (2048–4095), so no block is a lone column (which would take numpy's
/// matrix-vector path and round differently). A request of one block (under 40 s) gets
/// faster-whisper's bytes; a longer one gets them where OpenBLAS computes a column the same way
/// whatever the product's width (Sandybridge kernels), and on AMD EPYC's Haswell/Zen kernels
/// differs by an ulp or two in some columns (under 1e-6), the same on every run;
/// `WhisperFeatureTests` checks both. After each request the worker drops its arrays
/// and calls glibc's `malloc_trim`: without it about 30 MB of freed heap stayed resident between
/// requests (after four 60 s requests: 245 MB against 212 MB). The peak inside a request
/// (about 340 MB, 170 MB over the loaded model, whatever the window's length) is the decoder's.
enum WhisperWorkerScript {
    static let source = #"""
import json
import os
import shutil
import sys
import threading
import time


class BoundedFeatures:
    """faster-whisper's FeatureExtractor computed in blocks of frames (see the Swift comment)."""

    block_frames = 2048

    def __init__(self, inner):
        self.inner = inner

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def __call__(self, waveform, padding=160, chunk_length=None):
        import numpy as np
        from numpy.lib.stride_tricks import as_strided
        inner = self.inner
        if chunk_length is not None:
            inner.n_samples = chunk_length * inner.sampling_rate
            inner.nb_max_frames = inner.n_samples // inner.hop_length
        waveform = np.asarray(waveform, dtype=np.float32)
        if padding:
            waveform = np.pad(waveform, (0, padding))
        n_fft, hop = inner.n_fft, inner.hop_length
        # As FeatureExtractor.stft: centred frames, reflected at both ends; the last frame is
        # dropped, as FeatureExtractor.__call__ does.
        padded = np.pad(waveform, (n_fft // 2, n_fft // 2), mode="reflect")
        frames = (len(padded) - n_fft) // hop
        window = np.hanning(n_fft + 1)[:-1].astype("float32")
        log_spec = np.empty((inner.mel_filters.shape[0], frames), dtype=np.float32)
        step = padded.strides[0]
        starts = list(range(0, frames, self.block_frames))
        if len(starts) > 1 and frames - starts[-1] < self.block_frames:
            starts.pop()
        for index, first in enumerate(starts):
            count = frames - first if index == len(starts) - 1 else self.block_frames
            block = as_strided(padded[first * hop:], (1, count, n_fft), (0, hop * step, step)) * window
            spectrum = np.fft.rfft(block, n=n_fft, axis=-1).transpose((0, 2, 1)).squeeze(0).astype("complex64")
            magnitudes = np.abs(spectrum) ** 2
            mel = inner.mel_filters @ magnitudes
            log_spec[:, first:first + count] = np.log10(np.clip(mel, a_min=1e-10, a_max=None))
        # The floor is relative to the loudest frame of the whole request, so it waits for all blocks.
        log_spec = np.maximum(log_spec, log_spec.max() - 8.0)
        return (log_spec + 4.0) / 4.0


def release_memory():
    """Hands the heap a request freed back to the system (see the Swift comment)."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


def main():
    replies = sys.stdout
    sys.stdout = sys.stderr
    parent = int(sys.argv[3])
    work_dir = sys.argv[4]

    def leave(status):
        shutil.rmtree(work_dir, ignore_errors=True)
        os._exit(status)

    def watch_parent():
        while True:
            if os.getppid() != parent:
                leave(1)
            time.sleep(0.1)

    threading.Thread(target=watch_parent, daemon=True).start()

    def reply(obj):
        replies.write(json.dumps(obj) + "\n")
        replies.flush()

    model_dir = sys.argv[1]
    threads = int(sys.argv[2])
    try:
        import numpy as np
        from faster_whisper import WhisperModel
        model = WhisperModel(model_dir, device="cpu", compute_type="int8",
                             cpu_threads=threads, num_workers=1, local_files_only=True)
        model.feature_extractor = BoundedFeatures(model.feature_extractor)
    except Exception as error:
        reply({"ready": False, "error": type(error).__name__ + ": " + str(error)[:300]})
        leave(1)
    reply({"ready": True, "protocol": 2})

    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        request_id = None
        try:
            request = json.loads(line)
            request_id = request["id"]
            audio = np.fromfile(request["audio"], dtype="<f4")
            prompt = request.get("prompt") or None
            segments, _ = model.transcribe(
                audio, language="en", task="transcribe", beam_size=1 if prompt else 5, best_of=1,
                temperature=0.0, word_timestamps=True, condition_on_previous_text=False,
                initial_prompt=prompt, vad_filter=False)
            words = []
            stats = []
            for segment in segments:
                stats.append({"start": float(segment.start), "end": float(segment.end),
                              "avg_logprob": float(segment.avg_logprob),
                              "compression_ratio": float(segment.compression_ratio),
                              "no_speech_prob": float(segment.no_speech_prob)})
                for word in segment.words or []:
                    words.append({"text": word.word, "start": float(word.start),
                                  "end": float(word.end), "probability": float(word.probability)})
            reply({"id": request_id, "words": words, "segments": stats})
        except Exception as error:
            reply({"id": request_id, "error": type(error).__name__ + ": " + str(error)[:300]})
        finally:
            audio = segments = words = stats = None
            release_memory()
    leave(0)


if __name__ == "__main__":
    sys.exit(main())
"""#
}
