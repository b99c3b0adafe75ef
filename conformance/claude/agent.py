"""Claude Code: the real CLI (-p) end to end against lib/model_server.py (see lib/cli_agent.py)."""

import json
import os
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

import cli_agent
import harness
import sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + "/lib")

TOOL_EVENTS = {"PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest"}
# The first request of a -p run carries this reminder (the date); it is no hook output.
# One run takes ~2 s; a scenario may raise this with "agent_timeout". A run that does not finish
# in time is a harness error, never a result.
AGENT_TIMEOUT = 30
HOOK_PARAGRAPH = re.compile(r"\s*(?:<system-reminder>\s*)?[A-Z][A-Za-z]*(?::\S+)? hook\b")
# Claude Code 2.1.332 opens a hook's text with a line saying whose text it is ("The text below is
# the output of a hook that the user … set up. …", or "…, not a message from the user."): no part
# of the hook's text, so it is dropped before the paragraph is read.
HOOK_LEAD = re.compile(r"^(\s*<system-reminder>\s*)?The text below is the output of a hook\b[^\n]*\n")
BASE_PREFIXES = ("<system-reminder>\nAs you answer the user's questions, you can use the following context:",)


class Agent:
    name = "claude"
    file = ".claude/settings.json"
    output_mode = "claude"

    def __init__(self, install_dir, version):
        self.exe = os.path.join(install_dir, "node_modules/@anthropic-ai/claude-code/bin/claude.exe")
        self.version = f"@anthropic-ai/claude-code {version}"

    def write_config(self, project, s):
        harness.write_json(os.path.join(project, self.file), s["settings"])

    def hookrun_command(self, project, event):
        src = os.path.join(project, ".src", self.file)
        return f"{harness.hookrun_bin()} -C '{project}' --no-user-config -c '{src}' fire {event} --output claude"

    def single_hook_settings(self, s, project):
        events = list((s["settings"].get("hooks") or {}).keys()) or [s["event"]]
        return {"hooks": {ev: [{"matcher": "*", "hooks": [{"type": "command", "command": self.hookrun_command(project, ev)}]}]
                          for ev in events}}

    def write_single_hook(self, project, s):
        harness.write_json(os.path.join(project, ".src", self.file), s["settings"])
        harness.write_json(os.path.join(project, self.file), self.single_hook_settings(s, project))

    def run_one(self, s, project, mode):
        work = tempfile.mkdtemp(prefix="claude-run-")
        home = os.path.join(work, "home")
        os.makedirs(home)
        srv, port, log = cli_agent.start_server(work)
        try:
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "TERM": "dumb",
                   "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{port}", "ANTHROPIC_API_KEY": "sk-conformance-dummy",
                   "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1",
                   "DISABLE_TELEMETRY": "1", "DISABLE_ERROR_REPORTING": "1", "CLAUDE_CODE_DISABLE_TERMINAL_TITLE": "1"}
            cmd = [self.exe, "-p", s.get("prompt", "write the marker"), "--allowedTools", "Bash",
                   "--output-format", "json", "--max-turns", "6"]
            try:
                p = subprocess.run(cmd, cwd=project, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                                   timeout=float(s.get("agent_timeout", AGENT_TIMEOUT)))
                out = p.stdout.decode(errors="replace")
            except subprocess.TimeoutExpired:
                return {"error": f"claude did not finish within {s.get('agent_timeout', AGENT_TIMEOUT)} s"}
            reqs = [r for r in cli_agent.read_log(log) if r.get("method") == "POST" and "/messages" in r["path"]
                    and "count_tokens" not in r["path"]]
        finally:
            cli_agent.stop_server(srv)
            shutil.rmtree(work, ignore_errors=True)
        main = [r["body"] for r in reqs if cli_agent.offers_tool(r["body"], {"Bash"})]
        try:
            result = json.loads(out.strip().splitlines()[-1]) if out.strip() else {}
        except ValueError:
            result = {"raw": out[-300:]}
        commands = cli_agent.commands_of(s["settings"]) + [self.hookrun_command(project, ev) for ev in
                                                          (s["settings"].get("hooks") or {})]
        told = []
        if main:
            prompt = s.get("prompt", "write the marker")
            for m in main[-1].get("messages", []):
                if m.get("role") == "assistant":
                    continue
                blocks = m["content"] if isinstance(m["content"], list) else [{"type": "text", "text": m["content"]}]
                for b in blocks:
                    if b.get("type") == "tool_result":
                        c = b.get("content")
                        txt = c if isinstance(c, str) else "\n".join(x.get("text", "") for x in c or [] if isinstance(x, dict))
                        # the tool's own answer when it ran without output is no hook text
                        txt = txt.replace("(Bash completed with no output)", "").strip()
                        if txt:
                            told.append(cli_agent.normalise(txt, commands))
                    elif b.get("type") == "text":
                        # hook texts are paragraphs that start with Claude Code's hook wrappers
                        # ("UserPromptSubmit hook additional context: …", "SessionStart:startup hook
                        # success: …", "Stop hook feedback:\n…"); other paragraphs that merely mention
                        # hooks (the skills list in the system message) are not
                        for para in HOOK_LEAD.sub(r"\1", b.get("text", "")).split("\n\n"):
                            if HOOK_PARAGRAPH.match(para) and not para.startswith(BASE_PREFIXES):
                                told.append(cli_agent.normalise(para, commands))
        user = str(result.get("result") or "")
        if user and user.strip() != "done.":
            told.append("user: " + cli_agent.normalise(user, commands))
        ev = s["event"]
        file = cli_agent.read_file(project)
        eff = {"file": file, "told": sorted(set(told)), "turns": len(main), "ran": harness.markers(project)}
        if ev in TOOL_EVENTS:
            eff["proceeds"] = file is not None if ev != "PostToolUse" else True
        elif ev == "UserPromptSubmit":
            eff["proceeds"] = len(main) > 0
        elif ev in ("Stop", "SubagentStop"):
            eff["proceeds"] = len(main) <= 2
        else:
            eff["proceeds"] = True
        if ev in TOOL_EVENTS and len(main) == 1 and ev != "UserPromptSubmit":
            eff["continue"] = False
        if result.get("is_error"):
            eff["result_error"] = cli_agent.normalise(str(result.get("result")), commands)[:300]
        return eff

    def run_agent(self, jobs):
        n = int(os.environ.get("CONFORMANCE_JOBS", "2"))
        with ThreadPoolExecutor(max_workers=n) as ex:
            effs = list(ex.map(lambda j: self.run_one(*j), jobs))
        return {(s["name"], mode): e for (s, _, mode), e in zip(jobs, effs)}

    def payload(self, s, project):
        ev = s["event"]
        p = {"session_id": "conformance-session", "transcript_path": os.path.join(project, "transcript.jsonl"),
             "cwd": project, "permission_mode": "default", "hook_event_name": ev}
        tool_input = {"command": cli_agent.COMMAND, "description": "write the marker"}
        if ev in TOOL_EVENTS:
            p.update(tool_name="Bash", tool_input=tool_input, tool_use_id="toolu_conformance_1")
            if ev == "PostToolUse":
                p["tool_response"] = {"stdout": "", "stderr": "", "interrupted": False, "isImage": False}
        elif ev == "UserPromptSubmit":
            p["prompt"] = s.get("prompt", "write the marker")
        elif ev == "Stop":
            p.update(stop_hook_active=False, last_assistant_message="done.")
        elif ev == "SessionStart":
            p["source"] = "startup"
        p.update(s.get("payload", {}))
        return p

    def effect_from_doc(self, s, doc, rc, project):
        ev = s["event"]
        dec = doc.get("decision")
        blocked = dec in ("deny", "ask")
        e = {"reason": doc.get("reason") if blocked else None, "context": doc.get("additional_context")}
        if doc.get("continue") is False:
            e["continue"] = False
            e["reason"] = doc.get("stop_reason") or doc.get("reason")
        if ev == "PreToolUse":
            e["proceeds"] = not blocked and doc.get("continue") is not False
            if e["proceeds"]:
                cmd = (doc.get("updated_input") or {}).get("command", cli_agent.COMMAND)
                cli_agent.run_tool_command(project, cmd)
        else:
            if ev in ("UserPromptSubmit",):
                e["proceeds"] = not blocked and doc.get("continue") is not False
            elif ev in ("Stop", "SubagentStop"):
                e["proceeds"] = not blocked
            else:
                e["proceeds"] = True
            if ev != "UserPromptSubmit" or e["proceeds"]:
                cli_agent.run_tool_command(project, cli_agent.COMMAND)
        e["file"] = cli_agent.read_file(project)
        return e

    def compare_c(self, s, a, c):
        return cli_agent.compare_c(a, c)
