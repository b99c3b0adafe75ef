"""bench scenario h: `hookrun serve` (the book, "hookrun serve"). An agent that keeps one server
and POSTs each event to /api/fire, against the same event fired by spawning `hookrun fire`:

- latency: one client, one keep-alive connection, requests one after another; each round's
  median of the request round trip (send, the fire, the whole response read), measured here in
  Python. The spawned `hookrun fire` beside it is measured by hyperfine -N as in the other rows
  (exec to exit), so the served figure also carries the Python client's own cost per request.
- throughput: CLIENTS threads, each on its own keep-alive connection, for a fixed number of
  requests; requests per second over the wall time. The Python client shares the 2 cores with the
  server, so with 0 hooks the figure is a floor for the server, not its ceiling.

The server is started as users start it (`hookrun serve` with HOOKRUN_SERVE_BIN naming the
companion), on 127.0.0.1 with a port the kernel picks; it is stopped with SIGTERM."""

import http.client
import os
import socket
import statistics
import subprocess
import threading
import time

TOKEN = "bench-token"


class Server:
    def __init__(self, hookrun, serve_bin, project):
        env = dict(os.environ, HOOKRUN_SERVE_BIN=serve_bin, HOOKRUN_SERVE_TOKEN=TOKEN)
        self.proc = subprocess.Popen(
            [hookrun, "-C", project, "--no-user-config", "--trust-project", "serve",
             "--addr", "127.0.0.1:0"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env=env, text=True)
        line = self.proc.stdout.readline().strip()
        if not line.startswith("listening on http://"):
            self.proc.kill()
            raise RuntimeError(f"hookrun serve did not start: {line!r}")
        host, port = line.removeprefix("listening on http://").rsplit(":", 1)
        self.host, self.port = host, int(port)

    def connect(self):
        # TCP_NODELAY, as curl and most HTTP clients set it: http.client sends a request's head and
        # body in two writes, and Nagle's algorithm would hold the body for the server's delayed
        # ACK (40 ms).
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        conn.connect()
        conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return conn

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def fire(conn, event, body):
    conn.request("POST", f"/api/fire/{event}", body=body,
                 headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"})
    response = conn.getresponse()
    data = response.read()
    if response.status != 200:
        raise RuntimeError(f"POST /api/fire/{event}: {response.status} {data[:200]!r}")
    return data


def latency_rounds(server, event, body, rounds, n, warmup):
    """Per-round median seconds of n sequential requests on one connection."""
    conn = server.connect()
    for _ in range(warmup):
        fire(conn, event, body)
    medians = []
    for _ in range(rounds):
        times = []
        for _ in range(n):
            start = time.perf_counter()
            fire(conn, event, body)
            times.append(time.perf_counter() - start)
        medians.append(statistics.median(times))
    conn.close()
    return medians


def throughput(server, event, body, clients, per_client):
    """Requests per second with `clients` concurrent keep-alive connections."""
    errors = []

    def client():
        try:
            conn = server.connect()
            for _ in range(per_client):
                fire(conn, event, body)
            conn.close()
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    if errors:
        raise RuntimeError(f"throughput client failed: {errors[0]}")
    return clients * per_client / wall


def hooks_in(data):
    import json
    return len(json.loads(data)["hooks"])
