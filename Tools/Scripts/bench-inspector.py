#!/usr/bin/env python3
"""`make bench-inspector` (issue 41): what the inspector costs the app, beside the same session
traced without it and untraced, in one run, interleaved; and the app's peak memory over a long
session watched by a page that reads nothing.

1. Overhead. bench-trace's session (a user with ITEMS items, 265,000 by default, signs in, marks
   three items done, signs out and quits; `todo --script`) three ways: untraced, `--trace FILE`, and
   `--inspect` with a page connected for the whole session that reads every frame (a WebSocket
   client started as soon as the app prints its address; it reads the history, then each batch).
   Target: inspected ≤ 1.5× traced.
2. Memory. A session of MESSAGES (1,000,000) lines, each a command the app refuses at once (one
   message, one line of output, one trace entry), with `--trace` and with `--inspect` and a page that
   connects and then never reads: the server's queue for it stops growing at its limit (16 MiB by
   default) and it is told what it missed. Peak resident memory of each (the kernel's `ru_maxrss`).

Needs the release build of the app and of Tools/Benchmarks' ImportTiming (to write the items' CSV
file); the Makefile target builds both. Prints one line a case and the ratios.

    python3 Tools/Scripts/bench-inspector.py --app App/.build/release/todo --generator \
        Tools/Benchmarks/.build/release/ImportTiming [--items 265000] [--messages 1000000] [--rounds 2]
"""

import argparse
import base64
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

ADDRESS = re.compile(r"Inspector: (http://\S+)")


class Page:
    """A WebSocket client on the inspector's /ws, as the page connects: reads every frame, or none."""

    def __init__(self, url, reads):
        parts = urllib.parse.urlsplit(url)
        token = urllib.parse.parse_qs(parts.query)["token"][0]
        self.socket = socket.create_connection((parts.hostname, parts.port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET /ws?token={token} HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.socket.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.socket.recv(4096)
            if not chunk:
                raise RuntimeError("the inspector closed the connection during the handshake")
            response += chunk
        if not response.startswith(b"HTTP/1.1 101"):
            raise RuntimeError(f"the inspector refused the page: {response[:80]!r}")
        self.bytes = len(response) - response.index(b"\r\n\r\n") - 4
        self.reader = None
        if reads:
            self.reader = threading.Thread(target=self._read_all, daemon=True)
            self.reader.start()

    def _read_all(self):
        try:
            while True:
                chunk = self.socket.recv(1 << 16)
                if not chunk:
                    return
                self.bytes += len(chunk)
        except OSError:
            return

    def close(self):
        if self.reader:
            self.reader.join(timeout=10)
        self.socket.close()


def run(app, arguments, page=None, refusals=False):
    """Runs the app; with `page` ("reads" or "stalls"), connects a page as soon as it prints its
    address; with `refusals`, the script's refused lines make the exit status 1, as they should.
    Returns (wall seconds, bytes the page read)."""
    start = time.monotonic()
    process = subprocess.Popen(
        [app, *arguments], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    client = None
    errors = []
    for line in process.stderr:
        errors.append(line)
        match = ADDRESS.search(line)
        if match and page:
            client = Page(match.group(1), reads=(page == "reads"))
    status = process.wait()
    wall = time.monotonic() - start
    if client:
        client.close()
    if status != 0 and not (refusals and status == 1):
        raise RuntimeError(f"{app} {' '.join(arguments)} exited with {status}: {''.join(errors)[-400:]}")
    if page and client is None:
        raise RuntimeError("the app printed no inspector address")
    return wall, client.bytes if client else 0


def peak_of(app, arguments, page=None):
    """(wall seconds, the app's peak resident KB, bytes the page read) of one run, in a Python
    process of its own: the kernel's peak of a process's children is the largest of any of them."""
    script = (
        "import importlib.util, json, resource, sys\n"
        f"spec = importlib.util.spec_from_file_location('bench', {__file__!r})\n"
        "bench = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(bench)\n"
        f"wall, read = bench.run({app!r}, {arguments!r}, {page!r}, refusals=True)\n"
        "print(json.dumps([wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, read]))\n"
    )
    output = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    if output.returncode != 0:
        raise RuntimeError(output.stderr[-800:])
    return json.loads(output.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--app", required=True)
    parser.add_argument("--generator", required=True, help="ImportTiming, which writes the items' CSV")
    parser.add_argument("--items", type=int, default=265_000)
    parser.add_argument("--messages", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=2)
    options = parser.parse_args()
    work = tempfile.mkdtemp(prefix="bench-inspector.")
    try:
        data = os.path.join(work, "data")
        csv = subprocess.run(
            [options.generator, "--generate", str(options.items)], check=True, capture_output=True, text=True
        ).stdout.strip()
        setup = os.path.join(work, "setup.txt")
        with open(setup, "w") as file:
            file.write(f"register ada correct-horse\nlogin ada correct-horse\nimport {csv}\nlogout\nquit\n")
        subprocess.run([options.app, "--data-dir", data, "--script", setup], check=True, stdout=subprocess.DEVNULL)
        session = os.path.join(work, "session.txt")
        with open(session, "w") as file:
            file.write("login ada correct-horse\ndone 1\ndone 2\ndone 3\nlogout\nquit\n")
        trace = os.path.join(work, "session.jsonl")
        base = ["--data-dir", data, "--script", session]
        print(f"1. The app: {options.items} items, sign in, 3 done, sign out; {options.rounds} rounds, interleaved")
        best = {}
        for round in range(1, options.rounds + 1):
            untraced, _ = run(options.app, base)
            traced, _ = run(options.app, base + ["--trace", trace])
            inspected, read = run(options.app, base + ["--inspect"], page="reads")
            for name, value in (("untraced", untraced), ("traced", traced), ("inspected", inspected)):
                best[name] = min(best.get(name, value), value)
            print(
                f"  round {round}: untraced {untraced:.2f} s, traced {traced:.2f} s, "
                f"inspected with a reading page {inspected:.2f} s (the page read {read // 1000} kB)"
            )
        print(
            f"  best: inspected / traced {best['inspected'] / best['traced']:.2f}× (target ≤ 1.5×), "
            f"inspected / untraced {best['inspected'] / best['untraced']:.2f}×"
        )

        long_session = os.path.join(work, "long.txt")
        with open(long_session, "w") as file:
            file.write("login ada correct-horse\n")
            file.write("bogus\n" * options.messages)
            file.write("quit\n")
        print(f"2. Memory: {options.messages} refused commands after signing in (each one message)")
        long_base = ["--data-dir", data, "--script", long_session]
        for label, arguments, page in (
            ("traced, no inspector", long_base + ["--trace", trace], None),
            ("inspected, a page that reads nothing", long_base + ["--inspect"], "stalls"),
        ):
            wall, peak, read = peak_of(options.app, arguments, page)
            print(f"  {label}: {wall:.1f} s, peak resident {peak // 1024} MB" + (f", the page took {read // 1000} kB" if page else ""))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
