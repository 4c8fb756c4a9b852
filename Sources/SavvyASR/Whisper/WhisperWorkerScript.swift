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
enum WhisperWorkerScript {
    static let source = #"""
import json
import os
import shutil
import sys
import threading
import time


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
    leave(0)


if __name__ == "__main__":
    sys.exit(main())
"""#
}
