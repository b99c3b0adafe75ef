"""Common part of the end-to-end harnesses (Claude Code, Codex, Copilot CLI): the real CLI runs one prompt
against lib/model_server.py, which scripts one shell tool call writing out.txt; the effect is
read from the project (did the command run, with which input) and from the server's log (what
the model was told after the call, how many model turns there were).

Effect fields:
  proceeds  the tool call ran (out.txt exists) — for tool events; for prompt/stop events, whether
            the prompt reached the model / the agent stopped as scripted
  file      out.txt's content (shows a rewritten command)
  told      texts the model received that come from hooks (tool results, hook messages,
            additional context), with the hook commands replaced by <hook>
  turns     how many requests the main conversation made
Side (c) is compared on proceeds/file and by containment: hookrun's reason and context must
each appear in a text the agent told the model, and the agent's hook texts must be matched
by a reason or context of hookrun's.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time

import harness

SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "model_server.py")
COMMAND = "echo marker > out.txt"


def start_server(workdir, wrap=None):
    port_file = os.path.join(workdir, "port")
    log = os.path.join(workdir, "model.jsonl")
    open(log, "w").close()
    cmd = ["python3", SERVER, port_file, log, COMMAND]
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    for _ in range(200):
        if os.path.exists(port_file):
            break
        time.sleep(0.02)
    return p, int(open(port_file).read()), log


def stop_server(p):
    try:
        os.killpg(p.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    p.wait(timeout=10)


def read_log(log):
    out = []
    for line in open(log):
        try:
            out.append(json.loads(line))
        except ValueError:
            pass
    return out


def normalise(text, commands):
    for c in sorted(commands, key=len, reverse=True):
        if c:
            text = text.replace(c, "<hook>")
    text = re.sub(r"/tmp/conformance-[^/\s]+/[^/\s]+/[abc]", "<project>", text)
    # The channel's wrapper (Claude Code: "PreToolUse:Bash hook error: [<command>]: ") is no part of
    # the reason: an exit-2 reason and a JSON reason carry the same text in different wrappers.
    text = re.sub(r"^\w+(?::\w+)? hook (?:blocking )?error: ", "", text.strip())
    text = text.replace("[<hook>]: ", "")
    # Likewise the wrappers of context: Claude Code shows a hook's plain stdout as "<Event> hook
    # success: …" and its JSON additionalContext as "<Event> hook additional context: …", inside
    # a <system-reminder> or not; the text the model gets is what follows.
    text = re.sub(r"^<system-reminder>\s*(.*?)\s*</system-reminder>$", r"\1", text, flags=re.S)
    text = re.sub(r"^\w+(?::\w+)? hook (?:success|additional context): ", "", text)
    # Claude Code 2.1.332 tells the model a Stop block as "Stop hook feedback:\n…" and, for a JSON
    # `"decision": "block"`, once more as "Stop hook blocking error from command: "<command>": …":
    # two wrappers around the same reason, as the exit-2 and JSON wrappers above.
    text = re.sub(r'^\w+(?::\w+)? hook (?:feedback:\s*|blocking error from command: "<hook>": )', "", text)
    return text.strip()


def commands_of(obj):
    """Every `command` string inside a hook configuration."""
    found = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "command" and isinstance(v, str):
                found.append(v)
            else:
                found.extend(commands_of(v))
    elif isinstance(obj, list):
        for x in obj:
            found.extend(commands_of(x))
    return found


def run_tool_command(project, command):
    """Side (c): when hookrun lets the call through, the tool runs (as the agent would run it)."""
    subprocess.run(["bash", "-c", command], cwd=project, stdin=subprocess.DEVNULL, capture_output=True, timeout=30)


def read_file(project):
    p = os.path.join(project, "out.txt")
    return open(p).read().strip() if os.path.exists(p) else None


def compare_c(a, c):
    """Fields in which side (c) differs from the agent (see the module docstring)."""
    bad = []
    a, c = harness.canonical(a), harness.canonical(c)
    for k in ("proceeds", "file", "ran", "continue"):
        if a.get(k) != c.get(k):
            bad.append(k)
    told = " \n".join(a.get("told") or [])
    for k in ("reason", "context"):
        v = c.get(k)
        if v and v not in told:
            bad.append(k)
    if a.get("told") and not (c.get("reason") or c.get("context")):
        bad.append("told")
    return bad


def offers_tool(body, names):
    return any(isinstance(t, dict) and (t.get("name") in names or t.get("type") in names)
               for t in body.get("tools") or [])


def offers_tool_chat(body, names):
    """Chat Completions: the request offers a function tool named in `names`."""
    return any(isinstance(t, dict) and (t.get("function") or {}).get("name") in names
               for t in body.get("tools") or [])
