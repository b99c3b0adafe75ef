"""A resolver on 127.0.0.1:53 that answers every query at once with NXDOMAIN (run inside the
scenario's network namespace by run-in-netns.sh).

Why: Codex looks up outside hosts (analytics, the plugin marketplace) and waits for those
background tasks before it exits. With no route out, its resolver sends nothing and waits 2 x
2.5 s per name; a resolver that says "no such host" at once keeps every run ~5 s shorter. Nothing
leaves the namespace either way: it has no interface but lo.

Usage: python3 null_dns.py READY_FILE   (creates READY_FILE once the socket is bound)
"""
import socket
import sys

sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
sock.bind(("127.0.0.1", 53))
open(sys.argv[1], "w").close()
while True:
    query, peer = sock.recvfrom(4096)
    if len(query) < 12:
        continue
    # The query's id and question; flags: a response (QR), RD copied, RA, RCODE 3 (NXDOMAIN);
    # one question, no answer, authority or additional records.
    flags = bytes([0x80 | (query[2] & 0x01), 0x83])
    sock.sendto(query[:2] + flags + query[4:6] + b"\0\0\0\0\0\0" + query[12:], peer)
