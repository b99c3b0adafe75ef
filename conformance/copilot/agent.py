"""GitHub Copilot CLI: the real CLI (`copilot -p`) end to end against lib/model_server.py (Chat
Completions, the BYOK `openai` provider, COPILOT_OFFLINE=true), in a network namespace of its own
(run-in-netns.sh). Side (b) is hookrun as Copilot's single hook with `--output copilot`.

A scenario's hooks go to `file` (default `.github/hooks/conformance.json`; also
`.claude/settings.json`, `.github/copilot/settings.json`, …); `more_files` are more hook or
settings files (path -> JSON) in the same run. A path starting with `~/` is a user-level file,
written under the run's scratch HOME (`~/.copilot/…` under `$COPILOT_HOME` when the scenario sets
`copilot_home`, a directory relative to HOME); side (c) then runs hookrun with that HOME and
without `--no-user-config`. Side (b): Copilot's one hook file holds, per event, one entry running
hookrun with `-c` naming a copy of every one of the scenario's files.
The event is the key the hook file uses (`preToolUse`, or the PascalCase `PreToolUse`, whose
payload is snake_case); hookrun is fired with it.
"""

import glob
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
PRE_EVENTS = {"preToolUse", "PreToolUse"}
PERMISSION_EVENTS = {"permissionRequest", "PermissionRequest"}
POST_EVENTS = {"postToolUse", "PostToolUse"}
PROMPT_EVENTS = {"userPromptSubmitted", "UserPromptSubmit"}
STOP_EVENTS = {"agentStop", "Stop"}
# camelCase event -> its PascalCase (VS Code format) key
PASCAL_OF = {"preToolUse": "PreToolUse", "postToolUse": "PostToolUse", "postToolUseFailure": "PostToolUseFailure",
             "userPromptSubmitted": "UserPromptSubmit", "agentStop": "Stop", "subagentStop": "SubagentStop",
             "sessionStart": "SessionStart", "sessionEnd": "SessionEnd", "permissionRequest": "PermissionRequest",
             "errorOccurred": "ErrorOccurred", "preCompact": "PreCompact", "notification": "Notification"}
# One run takes ~2 s; a scenario may raise this with "agent_timeout". A run that does not finish
# in time is a harness error, never a result.
AGENT_TIMEOUT = 45
# What the bash tool answers for `echo marker > out.txt`: no hook text in it.
PLAIN_RESULT = "<shellId: 0 completed with exit code 0>"
DATETIME = re.compile(r"^<current_datetime>[^<]*</current_datetime>\s*")


def camel(event):
    return event[:1].islower()


class Agent:
    name = "copilot"
    file = ".github/hooks/conformance.json"
    # Side (b)'s answer format.
    output_mode = "copilot"
    trust_kinds = ("untrusted", "trusted")

    def __init__(self, install_dir, version):
        self.exe = os.path.join(install_dir, "node_modules/@github/copilot-linux-x64/copilot")
        # lib/install.sh unpacked the CLI's package here once (XDG_CACHE_HOME/copilot/pkg/…)
        self.cache = os.path.join(install_dir, "xdg-cache")
        self.version = f"@github/copilot {version}"

    # --- where the scenario's files go -------------------------------------------------------

    def files_of(self, s):
        """Every hook or settings file of the scenario: path -> JSON."""
        return {s.get("file", self.file): s["settings"], **(s.get("more_files") or {})}

    def user_level(self, s):
        return any(rel.startswith("~/") for rel in self.files_of(s))

    def home_path(self, home, s, rel):
        """A user-level path: `~/.copilot/…` moves under $COPILOT_HOME when the scenario sets one."""
        rel = rel[2:]
        if s.get("copilot_home") and rel.startswith(".copilot/"):
            rel = os.path.join(s["copilot_home"], rel[len(".copilot/"):])
        return os.path.join(home, rel)

    def scratch_home(self, project):
        """The user-level side of a project: HOME for (a)/(b) runs and for hookrun in (c)."""
        return project.rstrip("/") + "-home"

    def write_config(self, project, s):
        home = self.scratch_home(project)
        os.makedirs(home, exist_ok=True)
        for rel, obj in self.files_of(s).items():
            write_any(self.home_path(home, s, rel) if rel.startswith("~/") else os.path.join(project, rel), obj)

    def sources(self, project, s):
        return [os.path.join(project, ".src", rel.lstrip("~/")) for rel in self.files_of(s)]

    def hookrun_command(self, project, event, s):
        srcs = " ".join(f"-c {harness.shq(p)}" for p in self.sources(project, s))
        # the copies' paths (under .src/) may not tell their dialect: ~/.copilot/settings.json
        return (f"{harness.hookrun_bin()} -C {harness.shq(project)} --no-user-config --dialect copilot {srcs} "
                f"fire {event} --output {self.output_mode}")

    def events(self, s):
        """The events of the scenario's files, one key per event: hookrun fired with `preToolUse`
        runs the `PreToolUse` hooks too (each with its own payload format), so a file with both
        keys gets one hookrun entry, under the camelCase key."""
        evs = []
        for obj in self.files_of(s).values():
            for ev in (obj.get("hooks") or {}) if isinstance(obj, dict) else {}:
                evs.append(ev)
        keys = {}
        for ev in evs:
            fam = PASCAL_OF.get(ev, ev)
            if fam not in keys or camel(ev):
                keys[fam] = ev
        return list(keys.values()) or [s["event"]]

    def write_single_hook(self, project, s):
        os.makedirs(self.scratch_home(project), exist_ok=True)
        for src, obj in zip(self.sources(project, s), self.files_of(s).values()):
            write_any(src, obj)
        harness.write_json(os.path.join(project, self.file), {"version": 1, "hooks": {
            ev: [{"type": "command", "bash": self.hookrun_command(project, ev, s)}] for ev in self.events(s)}})

    # --- running Copilot ----------------------------------------------------------------------

    def run_one(self, s, project, mode):
        work = tempfile.mkdtemp(prefix="copilot-run-")
        prompt = s.get("prompt", "write the marker")
        seconds = int(s.get("agent_timeout", AGENT_TIMEOUT))
        trust = s.get("trust") or "trusted"
        home = self.scratch_home(project)
        env = dict(os.environ)
        if s.get("copilot_home"):
            env["COPILOT_HOME"] = os.path.join(work, "home", s["copilot_home"])
        try:
            if os.path.isdir(home):
                shutil.copytree(home, os.path.join(work, "home"))
            subprocess.run(["unshare", "-rnm", "sh", os.path.join(HERE, "run-in-netns.sh"), work, project, self.exe,
                            self.cache, prompt, str(seconds), trust], stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=seconds + 15, env=env)
            log = os.path.join(work, "model.jsonl")
            reqs = [r for r in cli_agent.read_log(log) if r.get("method") == "POST" and "/chat/completions" in r["path"]] \
                if os.path.exists(log) else []
            rc = read_text(os.path.join(work, "copilot.rc"), "?").strip()
            err = read_text(os.path.join(work, "copilot.err"), "")
        except subprocess.TimeoutExpired:
            return {"error": "copilot timed out"}
        finally:
            shutil.rmtree(work, ignore_errors=True)
        if rc in ("124", "137"):
            return {"error": f"copilot did not finish within {seconds} s", "ran": harness.markers(project)}
        if not reqs and rc not in ("0", "1"):
            return {"error": f"copilot exit {rc}: {err[-300:]}", "ran": harness.markers(project)}
        main = [r["body"] for r in reqs if cli_agent.offers_tool_chat(r["body"], {"bash"})]
        commands = cli_agent.commands_of(self.files_of(s)) + [self.hookrun_command(project, ev, s)
                                                              for ev in self.events(s)]
        told = []
        if main:
            for m in main[-1].get("messages", [])[1:]:
                text = content_text(m.get("content"))
                if m.get("role") == "tool":
                    text = text.strip()
                    if text == PLAIN_RESULT:
                        continue
                elif m.get("role") == "user":
                    text = DATETIME.sub("", text).strip()
                    if text == prompt:
                        continue
                else:
                    continue
                if text:
                    # a user-level file is named by its absolute path, in this run's scratch HOME
                    told.append(cli_agent.normalise(text.replace(os.path.join(work, "home"), "~"), commands))
        ev = s["event"]
        file = cli_agent.read_file(project)
        eff = {"file": file, "told": sorted(set(told)), "turns": len(main), "ran": harness.markers(project),
               "warning": [ln[2:].strip() for ln in err.splitlines() if ln.startswith("! ")]}
        if rc != "0":
            eff["exit"] = int(rc) if rc.isdigit() else rc
        if ev in PRE_EVENTS or ev in PERMISSION_EVENTS:
            eff["proceeds"] = file is not None
        elif ev in PROMPT_EVENTS:
            eff["proceeds"] = len(main) > 0
        elif ev in STOP_EVENTS:
            eff["proceeds"] = len(main) <= 2
        else:
            eff["proceeds"] = True
        # The scripted model answers the first request with the tool call: a run that asks no
        # more after it was stopped (permissionRequest `interrupt`).
        if len(main) == 1:
            eff["continue"] = False
        return eff

    def run_agent(self, jobs):
        n = int(os.environ.get("CONFORMANCE_JOBS", "2"))
        with ThreadPoolExecutor(max_workers=n) as ex:
            effs = list(ex.map(lambda j: self.run_one(*j), jobs))
        return {(s["name"], mode): e for (s, _, mode), e in zip(jobs, effs)}

    # --- side (c) -----------------------------------------------------------------------------

    def user_home(self, s, project):
        """Side (c)'s HOME when the scenario has user-level files (hookrun then reads them)."""
        if not self.user_level(s):
            return None
        home = self.scratch_home(project)
        env = {"HOME": home, "XDG_CONFIG_HOME": os.path.join(home, ".config")}
        if s.get("copilot_home"):
            env["COPILOT_HOME"] = os.path.join(home, s["copilot_home"])
        return env

    def payload(self, s, project):
        """The payload Copilot sent, as a hook of side (a) saved it (`in.NAME`), moved to this
        project; else one built the way Copilot builds it."""
        a = os.path.join(os.path.dirname(project), "a")
        saved = sorted(glob.glob(os.path.join(a, "in.*")))
        for path in saved:
            try:
                p = json.loads(open(path).read())
            except ValueError:
                continue
            if p.get("hook_event_name", s["event"]) == s["event"] or s["event"] in PERMISSION_EVENTS:
                return json.loads(json.dumps(p).replace(json.dumps(a)[1:-1], json.dumps(project)[1:-1]))
        return dict(built_payload(s, project), **s.get("payload", {}))

    def effect_from_doc(self, s, doc, rc, project):
        ev = s["event"]
        dec = doc.get("decision")
        blocked = dec in ("deny", "ask", "block")
        e = {"reason": doc.get("reason") if blocked else None, "context": doc.get("additional_context")}
        if doc.get("continue") is False:
            e["continue"] = False
            e["reason"] = doc.get("stop_reason") or doc.get("reason")
        run_cmd = cli_agent.COMMAND
        if ev in PRE_EVENTS:
            e["proceeds"] = not blocked and doc.get("continue") is not False
            upd = doc.get("updated_input")
            if isinstance(upd, str):
                # Copilot parses modifiedArgs given as a JSON string
                try:
                    upd = json.loads(upd)
                except ValueError:
                    upd = None
            run_cmd = upd.get("command", cli_agent.COMMAND) if isinstance(upd, dict) else cli_agent.COMMAND
        elif ev in PERMISSION_EVENTS:
            e["proceeds"] = dec != "deny" and doc.get("continue") is not False
            if doc.get("continue") is False:
                # `interrupt` ends the run: the model is asked nothing more, so told nothing.
                e["reason"] = None
        elif ev in PROMPT_EVENTS:
            e["proceeds"] = not blocked and doc.get("continue") is not False
        elif ev in STOP_EVENTS:
            e["proceeds"] = not blocked
        else:
            e["proceeds"] = True
        if isinstance(doc.get("updated_prompt"), str):
            # the rewritten prompt is the text the model reads, in place of the user's
            e["context"] = doc["updated_prompt"]
        if ev in POST_EVENTS and isinstance(doc.get("updated_output"), dict):
            # the replaced tool result is what the model reads
            e["reason"] = doc["updated_output"].get("textResultForLlm") or e["reason"]
        if e["proceeds"] or ev in POST_EVENTS or ev in STOP_EVENTS:
            cli_agent.run_tool_command(project, run_cmd)
        e["file"] = cli_agent.read_file(project)
        return e

    def compare_c(self, s, a, c):
        bad = cli_agent.compare_c(a, c)
        # The document joins the hooks' contexts with a newline, Copilot with a blank line (as
        # `--output copilot` does): the scenarios' contexts are one line each.
        if "context" in bad and c.get("context"):
            if "\n\n".join(c["context"].split("\n")) in " \n".join(a.get("told") or []):
                bad.remove("context")
        # A blocked prompt's reason reaches only the user (the CLI's stderr, `! <reason>`).
        if s["event"] in PROMPT_EVENTS and a.get("proceeds") is False and "reason" in bad:
            if c.get("reason") and c["reason"] in " ".join(a.get("warning") or []):
                bad.remove("reason")
        return bad


def built_payload(s, project):
    ev = s["event"]
    ts_ms, ts_iso = 1795814276139, "2026-11-27T21:17:56.139Z"
    args = {"command": cli_agent.COMMAND, "description": "write the marker"}
    result = "\n" + PLAIN_RESULT
    prompt = s.get("prompt", "write the marker")
    if ev in PERMISSION_EVENTS:
        return {"hookName": "permissionRequest", "sessionId": "conformance-session", "timestamp": ts_ms, "cwd": project,
                "toolName": "bash", "toolInput": {"command": cli_agent.COMMAND}, "permissionSuggestions": []}
    if camel(ev):
        p = {"sessionId": "conformance-session", "timestamp": ts_ms, "cwd": project}
        p.update({
            "sessionStart": {"source": "new", "initialPrompt": prompt},
            "userPromptSubmitted": {"prompt": prompt},
            "preToolUse": {"toolName": "bash", "toolArgs": args},
            "postToolUse": {"toolName": "bash", "toolArgs": args,
                            "toolResult": {"resultType": "success", "textResultForLlm": result}},
            "agentStop": {"transcriptPath": "/tmp/events.jsonl", "stopReason": "end_turn", "stop_hook_active": False},
            "sessionEnd": {"reason": "complete"},
        }.get(ev, {}))
        return p
    p = {"hook_event_name": ev, "session_id": "conformance-session", "timestamp": ts_iso, "cwd": project}
    p.update({
        "SessionStart": {"source": "new", "initial_prompt": prompt},
        "UserPromptSubmit": {"prompt": prompt},
        "PreToolUse": {"tool_name": "Bash", "tool_input": args},
        "PostToolUse": {"tool_name": "Bash", "tool_input": args,
                        "tool_result": {"result_type": "success", "text_result_for_llm": result}},
        "Stop": {"transcript_path": "/tmp/events.jsonl", "stop_reason": "end_turn", "stop_hook_active": False},
        "SessionEnd": {"reason": "complete"},
    }.get(ev, {}))
    return p


def content_text(c):
    if isinstance(c, list):
        return "\n".join(x.get("text", "") for x in c if isinstance(x, dict))
    return c or ""


def read_text(path, default):
    return open(path).read() if os.path.exists(path) else default


def write_any(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(obj if isinstance(obj, str) else json.dumps(obj, indent=1))
