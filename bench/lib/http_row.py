"""bench scenario g: one http hook against a local server beside one command hook (the book, "HTTP
hooks"). The server runs in this process on 127.0.0.1 and answers every POST with 204; the row
compares the project with both hooks to the same project with the command hook alone, so the
figure is what one http hook costs (client set-up, TLS provider, one loopback exchange)."""

import http.server
import os
import threading


class _Quiet(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        self.send_response(204)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


def serve():
    """Starts the server on a free loopback port; returns its URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/hook"


def projects(root, url):
    """Writes the two projects; returns (command only, command + http)."""
    hook = '[[hook]]\nname = "t"\nevents = ["PreToolUse"]\ncommand = "true"\n'
    http_hook = f'[[hook]]\nname = "h"\nevents = ["PreToolUse"]\nurl = "{url}"\n'
    paths = []
    for name, text in (("http-0", hook), ("http-1", hook + http_hook)):
        path = os.path.join(root, name)
        os.makedirs(path, exist_ok=True)
        with open(os.path.join(path, "hookrun.toml"), "w") as f:
            f.write(text)
        paths.append(path)
    return paths
