"""A scripted model server on 127.0.0.1 for the Claude Code, Codex and Copilot CLI harnesses.

Speaks the Anthropic Messages API (POST /v1/messages, SSE when "stream": true), the OpenAI
Responses API (POST /v1/responses, SSE) and the OpenAI Chat Completions API (POST
/v1/chat/completions, SSE when "stream": true; GitHub Copilot CLI's `openai` provider, Qwen Code's
`openai` auth type). The script: the first request of the main conversation
(one that offers the shell tool and carries no tool result yet) is answered with one tool call
running SCRIPT_COMMAND; every later request with a plain text answer "done.". Every request body
is appended to LOG (JSON lines), so the harness can read what the model was told.

Usage: python3 model_server.py PORT_FILE LOG [COMMAND]   (prints nothing; writes the port)
"""
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT_FILE, LOG = sys.argv[1], sys.argv[2]
COMMAND = sys.argv[3] if len(sys.argv) > 3 else "echo marker > out.txt"
lock = threading.Lock()


def sse(events):
    out = []
    for name, data in events:
        out.append(f"event: {name}\ndata: {json.dumps(data)}\n\n")
    return "".join(out).encode()


def has_tool_result_anthropic(body):
    for m in body.get("messages", []):
        c = m.get("content")
        if isinstance(c, list) and any(isinstance(b, dict) and b.get("type") == "tool_result" for b in c):
            return True
    return False


def offers_tool(body, names):
    return any(isinstance(t, dict) and (t.get("name") in names or t.get("type") in names) for t in body.get("tools") or [])


def anthropic(body):
    tool = offers_tool(body, {"Bash"}) and not has_tool_result_anthropic(body)
    model = body.get("model", "claude")
    usage = {"input_tokens": 10, "output_tokens": 1, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
    start = {"type": "message_start", "message": {"id": "msg_conformance", "type": "message", "role": "assistant",
                                                  "model": model, "content": [], "stop_reason": None,
                                                  "stop_sequence": None, "usage": usage}}
    if tool:
        block = {"type": "tool_use", "id": "toolu_conformance_1", "name": "Bash", "input": {}}
        delta = {"type": "input_json_delta", "partial_json": json.dumps({"command": COMMAND, "description": "write the marker"})}
        stop = "tool_use"
        full = [{"type": "tool_use", "id": "toolu_conformance_1", "name": "Bash",
                 "input": {"command": COMMAND, "description": "write the marker"}}]
    else:
        block = {"type": "text", "text": ""}
        delta = {"type": "text_delta", "text": "done."}
        stop = "end_turn"
        full = [{"type": "text", "text": "done."}]
    if not body.get("stream"):
        return "application/json", json.dumps({"id": "msg_conformance", "type": "message", "role": "assistant",
                                               "model": model, "content": full, "stop_reason": stop,
                                               "stop_sequence": None, "usage": usage}).encode()
    return "text/event-stream", sse([
        ("message_start", start),
        ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": block}),
        ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        ("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                           "usage": {"output_tokens": 5}}),
        ("message_stop", {"type": "message_stop"}),
    ])


def responses(body):
    items = body.get("input") or []
    has_output = any(isinstance(i, dict) and i.get("type") in ("function_call_output", "custom_tool_call_output") for i in items)
    tool = offers_tool(body, {"shell", "exec_command", "local_shell", "shell_command"}) and not has_output
    rid = "resp_conformance"
    usage = {"input_tokens": 10, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 5,
             "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 15}
    ev = [("response.created", {"type": "response.created", "response": {"id": rid}})]
    if tool:
        names = [t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)]
        name = next(n for n in ("shell_command", "exec_command", "shell") if n in names)
        if name == "shell_command":
            args = {"command": COMMAND}
        elif name == "exec_command":
            args = {"cmd": COMMAND}
        else:
            args = {"command": ["bash", "-lc", COMMAND]}
        item = {"type": "function_call", "id": "fc_conformance", "call_id": "call_conformance_1", "name": name,
                "arguments": json.dumps(args), "status": "completed"}
    else:
        item = {"type": "message", "id": "msg_conformance", "role": "assistant", "status": "completed",
                "content": [{"type": "output_text", "text": "done.", "annotations": []}]}
    ev.append(("response.output_item.done", {"type": "response.output_item.done", "output_index": 0, "item": item}))
    ev.append(("response.completed", {"type": "response.completed",
                                      "response": {"id": rid, "usage": usage, "output": [item]}}))
    return "text/event-stream", sse(ev)


def chat_args(body, name):
    """The tool call's arguments: the command, plus whatever else the tool's schema requires
    (Copilot's `bash` requires a `description`)."""
    args = {"command": COMMAND}
    for t in body.get("tools") or []:
        fn = t.get("function") or {}
        if fn.get("name") != name:
            continue
        props = (fn.get("parameters") or {}).get("properties") or {}
        for req in (fn.get("parameters") or {}).get("required") or []:
            if req in args:
                continue
            kind = (props.get(req) or {}).get("type")
            enum = (props.get(req) or {}).get("enum")
            args[req] = enum[0] if enum else {"boolean": False, "integer": 0, "number": 0}.get(kind, "write the marker")
    return args


def chat(body):
    """Chat Completions: one shell call (Copilot's `bash`, Qwen Code's `run_shell_command`) while
    the conversation has no tool result, then "done."."""
    msgs = body.get("messages") or []
    has_result = any(isinstance(m, dict) and m.get("role") == "tool" for m in msgs)
    names = [(t.get("function") or {}).get("name") for t in body.get("tools") or [] if isinstance(t, dict)]
    name = next((n for n in ("bash", "shell", "run_shell_command") if n in names), None)
    model = body.get("model", "conformance")
    head = {"id": "chatcmpl-conformance", "object": "chat.completion.chunk", "created": 0, "model": model}
    usage = {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
    if name and not has_result:
        call = {"id": "call_conformance_1", "type": "function",
                "function": {"name": name, "arguments": json.dumps(chat_args(body, name))}}
        msg, finish = {"role": "assistant", "content": None, "tool_calls": [call]}, "tool_calls"
        delta = {"role": "assistant", "content": None, "tool_calls": [dict(call, index=0)]}
    else:
        msg, finish = {"role": "assistant", "content": "done."}, "stop"
        delta = {"role": "assistant", "content": "done."}
    if not body.get("stream"):
        return "application/json", json.dumps({"id": "chatcmpl-conformance", "object": "chat.completion",
                                               "created": 0, "model": model, "usage": usage, "choices": [
                                                   {"index": 0, "message": msg, "finish_reason": finish}]}).encode()
    chunks = [dict(head, choices=[{"index": 0, "delta": delta, "finish_reason": None}]),
              dict(head, choices=[{"index": 0, "delta": {}, "finish_reason": finish}]),
              dict(head, choices=[], usage=usage)]
    return "text/event-stream", "".join(f"data: {json.dumps(c)}\n\n" for c in chunks).encode() + b"data: [DONE]\n\n"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def _reply(self, ctype, data, code=200):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        with lock, open(LOG, "a") as f:
            f.write(json.dumps({"method": "GET", "path": self.path}) + "\n")
        if "/models" in self.path:
            self._reply("application/json", json.dumps({"data": [], "models": []}).encode())
        else:
            self._reply("application/json", b"{}", 404)

    def do_POST(self):
        n = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(n)
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {"_raw": raw.decode(errors="replace")}
        with lock, open(LOG, "a") as f:
            f.write(json.dumps({"method": "POST", "path": self.path, "body": body}) + "\n")
        if self.path.startswith("/v1/messages/count_tokens"):
            self._reply("application/json", b'{"input_tokens": 10}')
        elif "/messages" in self.path:
            self._reply(*anthropic(body))
        elif "/responses" in self.path:
            self._reply(*responses(body))
        elif "/chat/completions" in self.path:
            self._reply(*chat(body))
        else:
            self._reply("application/json", b"{}", 404)


srv = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(PORT_FILE + ".tmp", "w") as f:
    f.write(str(srv.server_address[1]))
import os  # noqa: E402
os.rename(PORT_FILE + ".tmp", PORT_FILE)
srv.serve_forever()
