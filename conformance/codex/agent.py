"""Codex: the real CLI (`codex exec`) end to end against lib/model_server.py, in a network
namespace of its own (run-in-netns.sh). Side (b) is hookrun as Codex's single hook with
`--output codex`."""

import json
import os
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

import cli_agent
import harness

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL_EVENTS = {"PreToolUse", "PostToolUse", "PermissionRequest"}
# One run takes ~2 s; a scenario may raise this with "agent_timeout". A run that does not finish
# in time is a harness error, never a result.
AGENT_TIMEOUT = 30
BASE_PREFIXES = ("You are a coding agent", "<skills_instructions>", "<permissions instructions>",
                 "<environment_context>", "<collaboration_mode>", "<apps_instructions>")


class Agent:
    name = "codex"
    file = ".codex/hooks.json"
    # Side (b)'s answer format. The one line to change when `--output codex` lands: "codex".
    output_mode = "codex"
    # Project trust (run-in-netns.sh): "untrusted" leaves the project out of config.toml's
    # [projects]; "unreviewed" trusts it but drops --dangerously-bypass-hook-trust.
    trust_kinds = ("untrusted", "unreviewed", "trusted")

    def __init__(self, install_dir, version):
        # The npm launcher (node) finds the platform binary and puts its helpers on PATH.
        self.exe = os.path.join(install_dir, "node_modules/.bin/codex")
        self.version = f"@openai/codex {version}" + ("" if self.output_mode == "codex" else
                                                    f" (b: --output {self.output_mode})")

    def write_config(self, project, s):
        harness.write_json(os.path.join(project, self.file), s["settings"])

    def hookrun_command(self, project, event):
        src = os.path.join(project, ".src", self.file)
        return f"{harness.hookrun_bin()} -C '{project}' --no-user-config -c '{src}' fire {event} --output {self.output_mode}"

    def write_single_hook(self, project, s):
        harness.write_json(os.path.join(project, ".src", self.file), s["settings"])
        events = list((s["settings"].get("hooks") or {}).keys()) or [s["event"]]
        harness.write_json(os.path.join(project, self.file), {"hooks": {
            ev: [{"matcher": "*", "hooks": [{"type": "command", "command": self.hookrun_command(project, ev)}]}]
            for ev in events}})

    def run_one(self, s, project, mode):
        work = tempfile.mkdtemp(prefix="codex-run-")
        prompt = s.get("prompt", "write the marker")
        seconds = int(s.get("agent_timeout", AGENT_TIMEOUT))
        trust = s.get("trust") or "trusted"
        try:
            subprocess.run(["unshare", "-rnm", "sh", os.path.join(HERE, "run-in-netns.sh"), work, project, self.exe,
                            prompt, str(seconds), trust], stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=seconds + 15)
            log = os.path.join(work, "model.jsonl")
            reqs = [r for r in cli_agent.read_log(log) if r.get("method") == "POST" and "/responses" in r["path"]] \
                if os.path.exists(log) else []
            rc = open(os.path.join(work, "codex.rc")).read().strip() if os.path.exists(os.path.join(work, "codex.rc")) else "?"
            err = open(os.path.join(work, "codex.err")).read() if os.path.exists(os.path.join(work, "codex.err")) else ""
        except subprocess.TimeoutExpired:
            return {"error": "codex timed out"}
        finally:
            shutil.rmtree(work, ignore_errors=True)
        if rc in ("124", "137"):
            return {"error": f"codex did not finish within {seconds} s", "ran": harness.markers(project)}
        if not reqs and rc not in ("0",):
            return {"error": f"codex exit {rc}: {err[-300:]}", "ran": harness.markers(project)}
        main = [r["body"] for r in reqs if cli_agent.offers_tool(r["body"], {"exec_command", "shell", "shell_command"})]
        commands = cli_agent.commands_of(s["settings"]) + [self.hookrun_command(project, ev) for ev in
                                                          (s["settings"].get("hooks") or {})]
        told = []
        if main:
            for item in main[-1].get("input", []):
                if item.get("type") in ("function_call_output", "custom_tool_call_output"):
                    out = item.get("output")
                    if isinstance(out, dict):
                        out = out.get("content") or json.dumps(out)
                    if isinstance(out, list):
                        out = "\n".join(x.get("text", "") for x in out if isinstance(x, dict))
                    out = re.sub(r"^Chunk ID: \w+\nWall time: [^\n]*\nProcess exited with code \d+\n"
                                 r"Original token count: \d+\nOutput:\s*$", "", str(out))
                    if out.strip():
                        told.append(cli_agent.normalise(out, commands))
                elif item.get("type") == "message" and item.get("role") in ("user", "developer"):
                    for c in item.get("content") or []:
                        t = c.get("text", "")
                        if t.strip() == prompt or t.startswith(BASE_PREFIXES):
                            continue
                        told.append(cli_agent.normalise(t, commands))
        ev = s["event"]
        file = cli_agent.read_file(project)
        eff = {"file": file, "told": sorted(set(told)), "turns": len(main), "ran": harness.markers(project)}
        if ev in TOOL_EVENTS:
            eff["proceeds"] = file is not None if ev != "PostToolUse" else True
        elif ev == "UserPromptSubmit":
            eff["proceeds"] = len(main) > 0
        elif ev == "Stop":
            eff["proceeds"] = len(main) <= 2
        else:
            eff["proceeds"] = True
        return eff

    def run_agent(self, jobs):
        n = int(os.environ.get("CONFORMANCE_JOBS", "2"))
        with ThreadPoolExecutor(max_workers=n) as ex:
            effs = list(ex.map(lambda j: self.run_one(*j), jobs))
        return {(s["name"], mode): e for (s, _, mode), e in zip(jobs, effs)}

    def payload(self, s, project):
        ev = s["event"]
        p = {"session_id": "conformance-session", "turn_id": "turn-1", "transcript_path": None, "cwd": project,
             "hook_event_name": ev, "model": "gpt-5.1-codex", "permission_mode": "bypassPermissions"}
        if ev in TOOL_EVENTS:
            p.update(tool_name="Bash", tool_input={"command": cli_agent.COMMAND}, tool_use_id="call_conformance_1")
            if ev == "PostToolUse":
                p["tool_response"] = ""
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
            e["reason"] = doc.get("stop_reason") or doc.get("reason")
        if ev == "PreToolUse":
            e["proceeds"] = not blocked and doc.get("continue") is not False
            if e["proceeds"]:
                cmd = (doc.get("updated_input") or {}).get("command", cli_agent.COMMAND)
                cli_agent.run_tool_command(project, cmd)
        else:
            if ev == "UserPromptSubmit":
                e["proceeds"] = not blocked and doc.get("continue") is not False
            elif ev == "Stop":
                e["proceeds"] = not blocked
            else:
                e["proceeds"] = True
            if ev != "UserPromptSubmit" or e["proceeds"]:
                cli_agent.run_tool_command(project, cli_agent.COMMAND)
        e["file"] = cli_agent.read_file(project)
        return e

    def compare_c(self, s, a, c):
        bad = cli_agent.compare_c(a, c)
        # A blocked prompt's reason goes to the user only, and `codex exec --json` shows it
        # nowhere (not in its events, not in its logs): there is no text to hold hookrun's reason
        # against. Codex blocks a prompt only with a non-empty reason, so hookrun must have one.
        if s["event"] == "UserPromptSubmit" and a.get("proceeds") is False and "reason" in bad and c.get("reason"):
            bad.remove("reason")
        return bad
