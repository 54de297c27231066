#!/usr/bin/env python3
"""Loopback stand-in for the assistant endpoint, used by the Neovim tests.

POST /discovery/v2/assistant/{domain}/message answers with the recorded UI message stream
(answer.sse beside this file), one `data:` chunk every DELAY seconds, chunked like the real
endpoint. Each request is appended as one JSON line to the log file (path, authorization
present or not — never its value — and the parsed body), so tests can check what was sent.

Usage: assistant_server.py PORT_FILE LOG_FILE [DELAY_SECONDS]
Binds 127.0.0.1 on a free port, writes the port to PORT_FILE, serves until killed.
"""
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
PORT_FILE, LOG_FILE = sys.argv[1], sys.argv[2]
DELAY = float(sys.argv[3]) if len(sys.argv) > 3 else 0.05

with open(os.path.join(HERE, "answer.sse"), encoding="utf-8") as f:
    CHUNKS = [c + "\n\n" for c in f.read().split("\n\n") if c.strip()]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):  # quiet
        pass

    def do_POST(self):
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"null")
        except ValueError:
            body = raw.decode("utf-8", "replace")
        parts = self.path.split("?")[0].strip("/").split("/")
        ok_path = len(parts) == 5 and parts[:3] == ["discovery", "v2", "assistant"] and parts[4] == "message"
        with open(LOG_FILE, "a", encoding="utf-8") as log:
            log.write(json.dumps({
                "path": self.path,
                "domain": parts[3] if ok_path else None,
                "authorization": bool(self.headers.get("authorization")),
                "body": body,
            }) + "\n")
        if not ok_path:
            self.send_response(404)
            self.send_header("content-length", "0")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.send_header("x-vercel-ai-ui-message-stream", "v1")
        self.send_header("transfer-encoding", "chunked")
        self.end_headers()
        try:
            for chunk in CHUNKS:
                data = chunk.encode("utf-8")
                self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
                self.wfile.flush()
                time.sleep(DELAY)
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    tmp = PORT_FILE + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(tmp, PORT_FILE)
    server.serve_forever()


if __name__ == "__main__":
    main()
