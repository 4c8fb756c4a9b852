#!/usr/bin/env python3
"""A small OpenAI-compatible text-to-speech server for savvy's tests (issue 12, cloud voice).

POST /v1/audio/speech with {"input", "model", "voice", "response_format", ...} answers with real
speech: espeak-ng (the command-line program, which `make test` installs) synthesises the input
with a voice and rate of its own (en-gb, 130 wpm), so a test can tell the server's audio from
savvy's own espeak-ng voice. Like OpenAI's endpoint, the WAV is sent with placeholder sizes
(0xFFFFFFFF) in its RIFF and data headers, as a streamed WAV has.

Every request is appended to --log as one JSON line (path, lower-cased headers, body), so a test
can check what savvy sent. --mode injects faults for the fallback tests:
  ok (default) | status:CODE (an OpenAI-style error body that echoes the bearer token) |
  garbage (200 with bytes that are not audio) | empty (200 with no body) | slow:SECONDS

Binds 127.0.0.1 on a free port, prints one line `listening http://127.0.0.1:PORT/v1`, and exits
when its standard input reaches end of file, so it never outlives the test that started it.
Python standard library only.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SERVER_VOICE = ["-v", "en-gb", "-s", "130"]


def synthesise(text):
    """espeak-ng's WAV for `text`, with the sizes a streamed WAV has."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "speech.wav")
        subprocess.run(["espeak-ng", *SERVER_VOICE, "-w", path, "--", text], check=True)
        with open(path, "rb") as handle:
            data = bytearray(handle.read())
    data[4:8] = b"\xff\xff\xff\xff"
    index = data.find(b"data", 12)
    if index >= 0:
        data[index + 4:index + 8] = b"\xff\xff\xff\xff"
    return bytes(data)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body, content_type):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        try:
            body = json.loads(raw)
        except ValueError:
            body = raw.decode("utf-8", "replace")
        entry = {"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body}
        with self.server.lock, open(self.server.log, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry, sort_keys=True) + "\n")

        mode = self.server.mode
        if self.path != "/v1/audio/speech":
            return self.reply(404, b'{"error": {"message": "not found"}}', "application/json")
        if mode.startswith("status:"):
            token = self.headers.get("Authorization", "").removeprefix("Bearer ")
            error = {"error": {"code": "tts_failed", "type": "server_error",
                               "message": f"speech failed for token {token}"}}
            return self.reply(int(mode.split(":", 1)[1]), json.dumps(error).encode(), "application/json")
        if mode == "garbage":
            return self.reply(200, b"<html>this is not audio</html>" * 40, "audio/wav")
        if mode == "empty":
            return self.reply(200, b"", "audio/wav")
        if mode.startswith("slow:"):
            time.sleep(float(mode.split(":", 1)[1]))
        if not isinstance(body, dict) or not isinstance(body.get("input"), str):
            return self.reply(400, b'{"error": {"message": "input missing"}}', "application/json")
        self.reply(200, synthesise(body["input"]), "audio/wav")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", required=True, help="append each request here as a JSON line")
    parser.add_argument("--mode", default="ok")
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.log, server.mode, server.lock = args.log, args.mode, threading.Lock()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"listening http://127.0.0.1:{server.server_address[1]}/v1", flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
