"""Generates bench/work/: payloads, hookrun projects in every dialect, peer configs.

Everything here is regenerated on every run; nothing under bench/work/ is committed.
Python standard library only.
"""

import json
import os
import subprocess

ALL_DIALECTS = ["hookrun", "claude", "gemini", "cursor", "proxyai", "praison", "prx", "promptkit"]

# Matchers that never match tool_name "Bash", in the syntax of each dialect family. About a third
# are regexes, so an implementation that compiles every matcher up front (instead of only the
# fired event's, lazily) pays for it in scenario a.
CLAUDE_MATCHERS = [
    "Write|Edit|MultiEdit",
    "Read",
    "mcp__.*__write.*",
    "Glob,Grep",
    "^Notebook.*",
    "WebFetch|WebSearch",
    "Task.*",
    "^(write|edit|Write|Edit)$",
    "Agent",
    "mcp__github__.*",
]
REGEX_MATCHERS = ["Write|Edit", "^Read$", "mcp__.*", "Notebook.*", "Web(Fetch|Search)", "^Task"]
PRAISON_MATCHERS = ["write_.*", "read_file", "edit_.*", "web_(fetch|search)", "delete"]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def write_json(path, value):
    write(path, json.dumps(value, indent=2) + "\n")


def payload_1k():
    """A realistic PreToolUse payload of exactly 1 KiB (compact JSON, without newline)."""
    base = {
        "session_id": "5f0c8c52-7d1e-4f39-9a38-bench0000001",
        "transcript_path": "/home/dev/.claude/projects/bench/5f0c8c52.jsonl",
        "cwd": "/home/dev/project",
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "ls -la src", "description": ""},
        "tool_use_id": "toolu_01Bench0000000000000001",
    }
    used = len(json.dumps(base, separators=(",", ":")))
    base["tool_input"]["description"] = "x" * (1024 - used)
    text = json.dumps(base, separators=(",", ":"))
    assert len(text) == 1024, len(text)
    return text


def payload_big(path, size):
    """A Write payload of `size` bytes whose content is text lines (so the JSON has escapes)."""
    head = '{"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/tmp/big.txt","content":"'
    tail = '"}}'
    line = "The quick brown fox jumps over the lazy dog; hookrun bench payload line.\\n"
    body_len = size - len(head) - len(tail)
    body = (line * (body_len // len(line) + 1))[:body_len]
    if body.endswith("\\"):  # never cut an escape in half
        body = body[:-1] + "x"
    with open(path, "w", encoding="ascii") as f:
        f.write(head + body + tail)
    assert os.path.getsize(path) == size


# ---------------------------------------------------------------------------------------------
# Scenario a: 100 hooks across the dialects, none matching `fire PreToolUse` with tool_name Bash.


def split_evenly(total, names):
    share, extra = divmod(total, len(names))
    return {name: share + (1 if i < extra else 0) for i, name in enumerate(names)}


def gen_none_matching(project, dialects, total=100):
    counts = split_evenly(total, dialects)
    for dialect, n in counts.items():
        GENERATORS[dialect](project, n)
    return counts


def claude_settings(n, events=("PreToolUse", "PostToolUse", "Stop")):
    hooks = {}
    for i in range(n):
        # Two thirds under the fired event (their matchers must be tested), the rest elsewhere.
        event = events[0] if i % 3 != 2 else events[1 + (i // 3) % (len(events) - 1)]
        group = {
            "matcher": CLAUDE_MATCHERS[i % len(CLAUDE_MATCHERS)],
            "hooks": [{"type": "command", "command": f"true claude-{i}", "timeout": 5}],
        }
        hooks.setdefault(event, []).append(group)
    return {"permissions": {"allow": ["Bash(ls *)"]}, "hooks": hooks}


def gen_claude(project, n):
    write_json(f"{project}/.claude/settings.json", claude_settings(n))


def gen_hookrun(project, n):
    lines = ['timeout = "5s"', 'kill_grace = "1s"', ""]
    for i in range(n):
        event = "PreToolUse" if i % 3 != 2 else "PostToolUse"
        matcher = CLAUDE_MATCHERS[i % len(CLAUDE_MATCHERS)]
        lines += [
            "[[hook]]",
            f'name = "none-{i}"',
            f'events = ["{event}"]',
            f"matcher = {json.dumps(matcher)}",
            f'command = "true hookrun-{i}"',
            "",
        ]
    write(f"{project}/hookrun.toml", "\n".join(lines))


def gen_gemini(project, n):
    hooks = {}
    for i in range(n):
        event = ["BeforeTool", "AfterTool", "BeforeAgent"][i % 3]
        hooks.setdefault(event, []).append({
            "matcher": REGEX_MATCHERS[i % len(REGEX_MATCHERS)],
            "hooks": [{"type": "command", "name": f"gemini-{i}",
                       "command": f"true gemini-{i}", "timeout": 5000}],
        })
    write_json(f"{project}/.gemini/settings.json", {"general": {"vimMode": False}, "hooks": hooks})


def gen_cursor(project, n):
    hooks = {}
    for i in range(n):
        event = ["preToolUse", "beforeReadFile", "afterFileEdit", "beforeMCPExecution"][i % 4]
        hooks.setdefault(event, []).append({
            "command": f"true cursor-{i}",
            "matcher": REGEX_MATCHERS[i % len(REGEX_MATCHERS)],
            "timeout": 5,
        })
    write_json(f"{project}/.cursor/hooks.json", {"version": 1, "hooks": hooks})


def gen_proxyai(project, n):
    hooks = {}
    for i in range(n):
        event = ["beforeToolUse", "afterToolUse", "beforeReadFile"][i % 3]
        hooks.setdefault(event, []).append({
            "command": f"true proxyai-{i}",
            "matcher": REGEX_MATCHERS[i % len(REGEX_MATCHERS)],
            "timeout": 5,
        })
    write_json(f"{project}/.proxyai/settings.json", {"hooks": hooks})


def gen_praison(project, n):
    hooks = [{
        "event": ["before_tool", "AFTER_TOOL", "session_start"][i % 3],
        "name": f"praison-{i}",
        "command": f"true praison-{i}",
        "matcher": PRAISON_MATCHERS[i % len(PRAISON_MATCHERS)],
        "timeout": 5,
    } for i in range(n)]
    write_json(f"{project}/.praison/hooks.json", {"enabled": True, "hooks": hooks})


def gen_prx(project, n):
    hooks = {}
    for i in range(n):
        event = ["tool_call_start", "tool_call", "agent_start", "Turn-Complete"][i % 4]
        hooks.setdefault(event, []).append({
            "command": "/bin/true", "args": [f"prx-{i}"], "timeout_ms": 5000,
        })
    write_json(f"{project}/hooks.json", {"timeout_ms": 5000, "hooks": hooks})


def gen_promptkit(project, n):
    lines = [
        "apiVersion: promptkit.altairalabs.ai/v1alpha1",
        "kind: RuntimeConfig",
        "metadata:",
        "  name: bench",
        "spec:",
        "  hooks:",
    ]
    kinds = [("tool", "before_execution"), ("provider", "before_call"), ("session", "session_start")]
    for i in range(n):
        hook, phase = kinds[i % len(kinds)]
        lines += [
            f"    promptkit-{i}:",
            "      command: /bin/true",
            f'      args: ["promptkit-{i}"]',
            f"      hook: {hook}",
            f"      phases: [{phase}]",
            "      mode: observe",
            "      timeout_ms: 5000",
        ]
    write(f"{project}/runtime.yaml", "\n".join(lines) + "\n")


GENERATORS = {
    "hookrun": gen_hookrun, "claude": gen_claude, "gemini": gen_gemini, "cursor": gen_cursor,
    "proxyai": gen_proxyai, "praison": gen_praison, "prx": gen_prx, "promptkit": gen_promptkit,
}

# ---------------------------------------------------------------------------------------------
# Scenarios b, c, d: hooks that match.


def gen_matching(project, dialect, commands, matcher="Bash"):
    """`commands` all run on PreToolUse for tool_name Bash, in order, each a distinct string (so
    no implementation may dedup them) of the same cost."""
    if dialect == "hookrun":
        lines = ['timeout = "30s"', ""]
        for i, command in enumerate(commands):
            lines += ["[[hook]]", f'name = "h{i:02}"', 'events = ["PreToolUse"]',
                      f"matcher = {json.dumps(matcher)}", f"command = {json.dumps(command)}", ""]
        write(f"{project}/hookrun.toml", "\n".join(lines))
    elif dialect == "claude":
        write_json(f"{project}/.claude/settings.json", {"hooks": {"PreToolUse": [{
            "matcher": matcher,
            "hooks": [{"type": "command", "command": c, "timeout": 30} for c in commands],
        }]}})
    else:
        raise ValueError(dialect)


def true_commands(n):
    # `true` ignores its arguments; the argument only makes each command distinct.
    return [f"true {i}" for i in range(n)]


def gen_sigterm(project):
    write(f"{project}/hookrun.toml", "\n".join([
        'timeout = "200ms"',
        'kill_grace = "200ms"',
        "",
        "[[hook]]",
        'name = "ignores-sigterm"',
        'events = ["PreToolUse"]',
        "command = \"trap '' TERM; sleep 60.4242; true\"",
        "",
    ]))


def gen_lefthook(repo, commands):
    os.makedirs(repo, exist_ok=True)
    if not os.path.isdir(f"{repo}/.git"):
        subprocess.run(["git", "init", "-q", repo], check=True)
    lines = ["output: false", "pre-tool-use:", "  jobs:"]
    for i, command in enumerate(commands):
        lines += [f"    - name: h{i:02}", f"      run: {command}", "      use_stdin: true"]
    write(f"{repo}/lefthook.yml", "\n".join(lines) + "\n")


def gen_naive(path, commands):
    write_json(path, {"hooks": {"PreToolUse": [{"matcher": "Bash", "command": c} for c in commands]}})


# ---------------------------------------------------------------------------------------------
# Scenario e: 10 000 configured hooks, as a big shared configuration might have them.

CLAUDE_EVENTS = [
    "SessionStart", "Setup", "UserPromptSubmit", "UserPromptExpansion", "PreToolUse",
    "PermissionRequest", "PermissionDenied", "PostToolUse", "PostToolUseFailure", "PostToolBatch",
    "Notification", "MessageDisplay", "SubagentStart", "SubagentStop", "TaskCreated",
    "TaskCompleted", "Stop", "StopFailure", "TeammateIdle", "InstructionsLoaded", "ConfigChange",
    "CwdChanged", "DirectoryAdded", "FileChanged", "WorktreeCreate", "WorktreeRemove",
    "PreCompact", "PostCompact", "PreModelSwitch", "PostModelSwitch", "Elicitation",
    "ElicitationResult", "SessionEnd",
]
PROXYAI_EVENTS = ["beforeToolUse", "afterToolUse", "beforeReadFile", "beforeShellExecution",
                  "afterFileEdit", "stop"]
# hookrun.toml hooks may name any event: 50 names, the fired one first.
HOOKRUN_EVENTS = CLAUDE_EVENTS + [f"custom.event{i}" for i in range(50 - len(CLAUDE_EVENTS))]
# `if` rules that never match `Bash(ls -la src)`.
IF_RULES = ["Bash(git push *)", "Bash(rm -rf *)", "Write(src/**)", "Edit(*.lock)",
            "WebFetch(domain:example.com)", "Bash(npm publish*)"]


# An event name no Claude release fires (yet): the load warns about it (shown with `-v`).
UNKNOWN_CLAUDE_EVENT = "SessionRewind"


def gen_10k(project, matching=0, unknown_event=False):
    """10 000 hooks: Claude 4 000 over its 33 events, ProxyAI 2 000, `hookrun.toml` 4 000 over 50
    events with `if` rules; none matches `fire PreToolUse` for `Bash` with `ls -la src`, except,
    with `matching=1`, one more `hookrun.toml` hook (`true 0`, matcher `Bash`). With
    `unknown_event`, the first Claude hook is under an event name Claude does not fire, so the
    load warns (bench/instructions: such a project costs what the same without it costs)."""
    hooks = {}
    for i in range(4000):
        event = CLAUDE_EVENTS[i % len(CLAUDE_EVENTS)]
        if unknown_event and i == 0:
            event = UNKNOWN_CLAUDE_EVENT
        hooks.setdefault(event, []).append({
            "matcher": CLAUDE_MATCHERS[i % len(CLAUDE_MATCHERS)],
            "hooks": [{"type": "command", "command": f"true claude-{i}", "timeout": 5}],
        })
    write_json(f"{project}/.claude/settings.json", {"hooks": hooks})
    hooks = {}
    for i in range(2000):
        event = PROXYAI_EVENTS[i % len(PROXYAI_EVENTS)]
        hooks.setdefault(event, []).append({
            "command": f"true proxyai-{i}",
            "matcher": REGEX_MATCHERS[i % len(REGEX_MATCHERS)],
            "timeout": 5,
        })
    write_json(f"{project}/.proxyai/settings.json", {"hooks": hooks})
    lines = ['timeout = "5s"', ""]
    if matching:
        lines += ["[[hook]]", 'name = "match-0"', 'events = ["PreToolUse"]', 'matcher = "Bash"',
                  'command = "true 0"', ""]
    for i in range(4000):
        lines += [
            "[[hook]]",
            f'name = "big-{i}"',
            f'events = ["{HOOKRUN_EVENTS[i % len(HOOKRUN_EVENTS)]}"]',
            f"if = {json.dumps(IF_RULES[i % len(IF_RULES)])}",
            f'command = "true hookrun-{i}"',
            "",
        ]
    write(f"{project}/hookrun.toml", "\n".join(lines))
