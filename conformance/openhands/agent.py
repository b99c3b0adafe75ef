"""OpenHands: the openhands-sdk hook engine (HookConfig, HookManager, HookEventProcessor) run
in-process by driver.py with the venv's Python (3.12 or newer, as the SDK needs). Side (b) is a
.openhands/hooks.json whose one match-all command hook per event runs
`hookrun ... -c .src/.openhands/hooks.json fire --output openhands <Event>`; side (c) is
`hookrun fire` on the project's own file with the HookEvent JSON the SDK writes."""

import json
import os
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

import harness

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL_EVENTS = ("PreToolUse", "PostToolUse")


class Agent:
    name = "openhands"
    file = ".openhands/hooks.json"
    output_mode = "openhands"
    # HookEvent.model_dump_json(): compact.
    json_separators = (",", ":")

    def __init__(self, install_dir, version):
        self.python = os.path.join(install_dir, "venv/bin/python")
        self.version = f"openhands-sdk {version}"

    @staticmethod
    def spayload(s):
        sp = dict(s.get("payload") or {})
        if s["event"] in TOOL_EVENTS:
            sp.setdefault("tool_name", "terminal")
            sp.setdefault("tool_input", {"command": "echo marker > out.txt"})
        if s["event"] == "PostToolUse":
            sp.setdefault("tool_response", {"output": "ok"})
        if s["event"] == "UserPromptSubmit":
            sp.setdefault("message", "hello")
        return sp

    def write_config(self, project, s):
        if "raw_config" in s:
            path = os.path.join(project, self.file)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(s["raw_config"])
            return
        harness.write_json(os.path.join(project, self.file), s["config"])

    def write_single_hook(self, project, s):
        self.write_config(os.path.join(project, ".src"), s)
        src = os.path.join(project, ".src", self.file)
        ev = s["event"]
        command = (f"{harness.shq(harness.hookrun_bin())} -C \"$OPENHANDS_PROJECT_DIR\" --no-user-config"
                   f" --trust-project -c {harness.shq(src)} fire --output openhands {ev}")
        harness.write_json(os.path.join(project, self.file),
                           {"hooks": {ev: [{"matcher": "*", "hooks": [{"type": "command", "command": command}]}]}})

    def run_agent(self, jobs):
        req = [{"id": f"{s['name']}\t{mode}", "cwd": project, "event": s["event"], "payload": self.spayload(s)}
               for s, project, mode in jobs]
        n = max(1, int(os.environ.get("CONFORMANCE_JOBS", "2")))
        chunks = [req[i::n] for i in range(n)]

        def go(chunk):
            with tempfile.NamedTemporaryFile("r", suffix=".jsonl") as out, \
                    tempfile.NamedTemporaryFile("w", suffix=".json") as jf:
                json.dump(chunk, jf)
                jf.flush()
                env = dict(os.environ, OTEL_SDK_DISABLED="true", LOG_LEVEL="ERROR", OPENHANDS_SUPPRESS_BANNER="1",
                           LITELLM_LOCAL_MODEL_COST_MAP="True")
                env.pop("HOOKRUN_TRUST_PROJECT", None)
                p = subprocess.run([self.python, os.path.join(HERE, "driver.py"), out.name, jf.name],
                                   stdin=subprocess.DEVNULL, capture_output=True, env=env, timeout=900)
                return [json.loads(x) for x in open(out.name).read().splitlines() if x.strip()], p.stderr.decode()

        res, errs = {}, []
        with ThreadPoolExecutor(max_workers=n) as ex:
            for lines, err in ex.map(go, [c for c in chunks if c]):
                errs.append(err)
                for r in lines:
                    name, mode = r["id"].split("\t")
                    res[(name, mode)] = r.get("effect") or {"error": r.get("error", "no result")}
        for s, project, mode in jobs:
            key = (s["name"], mode)
            if key not in res:
                res[key] = {"error": "driver died: " + "".join(errs)[-500:]}
            else:
                res[key] = dict(res[key], ran=harness.markers(project))
        return res

    def payload(self, s, project):
        """HookEvent(...).model_dump_json() as HookManager._create_event builds it."""
        sp = self.spayload(s)
        ev = s["event"]
        tool = ev in TOOL_EVENTS
        return {"event_type": ev,
                "tool_name": sp["tool_name"] if tool else None,
                "tool_input": sp["tool_input"] if tool else None,
                "tool_response": sp.get("tool_response") if ev == "PostToolUse" else None,
                "message": sp["message"] if ev == "UserPromptSubmit" else None,
                "session_id": "conformance-session", "working_dir": project,
                "metadata": {"reason": sp["reason"]} if ev == "Stop" and sp.get("reason") else {}}

    def effect_from_doc(self, s, doc, rc, project):
        """What the SDK would do with hookrun's decision document."""
        ev = s["event"]
        e = {"proceeds": True}
        blocked = doc.get("decision") in ("deny", "ask")
        if ev in ("PreToolUse", "UserPromptSubmit") and blocked:
            return dict(e, proceeds=False, reason=doc.get("reason"))
        if ev == "Stop" and blocked:
            # HookEventProcessor.run_stop: the contexts, else the blocking reason.
            return dict(e, proceeds=False, reason=doc.get("additional_context") or doc.get("reason"))
        if ev in ("UserPromptSubmit", "SessionStart") and doc.get("additional_context"):
            e["context"] = doc["additional_context"]
        return e

    def compare_c(self, s, a, c):
        """A file the SDK refuses must be refused by hookrun too (a configuration error)."""
        if a.get("refused"):
            return [] if "error" in c else ["refused"]
        return harness.diff(a, c)

    def compare_b(self, s, a, b):
        """Where the SDK refuses the file, the installed hookrun (reading it with -c) fails closed."""
        if a.get("refused"):
            return [] if b.get("proceeds") is False else ["refused"]
        return harness.diff(a, b)
