#!/usr/bin/python3
"""httpd.py — a broadcast's server for the tests of `arbiter watch URL`
(tests/serve.sh), on the loopback only.

    httpd.py DIR LOG

serves the files of DIR on a free port of 127.0.0.1 (the first line of
standard output says which), each with an ETag (a hash of its bytes) and
a Last-Modified, and answers 304 to a request whose If-None-Match or
If-Modified-Since says the file has not changed.  Besides the files:
/html answers a web page, /garbage bytes that are no text, /fail HTTP
500.  Each request is a line of LOG: the time (s), the path, the status,
and whether it was conditional.  SIGTERM ends it.
"""
import email.utils
import hashlib
import http.server
import os
import signal
import sys
import time


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def note(self, status):
        cond = "cond" if (self.headers.get("If-None-Match") or self.headers.get("If-Modified-Since")) else "plain"
        with open(LOG, "a") as f:
            f.write(f"{time.time():.3f} {self.path} {status} {cond}\n")

    def answer(self, status, body=b"", ctype="text/plain", extra=None):
        self.note(status)
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_GET(self):
        if self.path == "/html":
            return self.answer(200, b"<!DOCTYPE html><html><body><h1>Not here</h1></body></html>\n",
                               "text/html")
        if self.path == "/garbage":
            return self.answer(200, bytes(range(256)) * 8, "application/octet-stream")
        if self.path == "/fail":
            return self.answer(500, b"oops\n")
        name = os.path.join(ROOT, os.path.basename(self.path))
        try:
            with open(name, "rb") as f:
                body = f.read()
            mtime = os.stat(name).st_mtime
        except OSError:
            return self.answer(404, b"not found\n")
        etag = '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
        modified = email.utils.formatdate(mtime, usegmt=True)
        inm = self.headers.get("If-None-Match")
        ims = self.headers.get("If-Modified-Since")
        fresh = (inm == etag) if inm else False
        if not inm and ims:
            try:
                fresh = int(mtime) <= email.utils.parsedate_to_datetime(ims).timestamp()
            except (TypeError, ValueError):
                fresh = False
        if fresh:
            return self.answer(304, b"", "application/x-chess-pgn", {"ETag": etag, "Last-Modified": modified})
        return self.answer(200, body, "application/x-chess-pgn", {"ETag": etag, "Last-Modified": modified})


ROOT, LOG = sys.argv[1], sys.argv[2]
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
print(server.server_address[1], flush=True)
server.serve_forever()
