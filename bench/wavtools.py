"""WAV and savvy helpers shared by the bench's set builders (make_hesitation_set.py,
make_real_filler_set.py): 16-bit mono PCM in and out, sox with its dither and random seed
off so a rebuilt set is byte-identical, and savvy's per-frame analysis."""

import json
import subprocess
import wave

RATE = 16000


def sox(*args):
    subprocess.run(["sox", "-R", "-D", *args], check=True)


def read(path):
    """The raw 16-bit PCM bytes of a WAV file."""
    with wave.open(path, "rb") as w:
        return w.readframes(w.getnframes())


def write(path, pcm, rate=RATE):
    """Writes raw 16-bit mono PCM as a WAV file."""
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm)


def frames(savvy, path):
    """savvy's per-frame analysis of a file (`analyze --frames --json`)."""
    out = subprocess.run([savvy, "analyze", path, "--frames", "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["frames"]
