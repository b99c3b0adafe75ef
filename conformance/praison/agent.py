"""PraisonAI: its hook runner (praisonaiagents + praisonai_code) run in-process by driver.py.
hookrun has no --output praison, so only sides (a) and (c) are compared."""

import json
import os
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

import harness

HERE = os.path.dirname(os.path.abspath(__file__))


class Agent:
    name = "praison"
    file = ".praison/hooks.json"
    output_mode = None

    def __init__(self, install_dir, version):
        self.python = os.path.join(install_dir, "venv/bin/python")
        a, b = version.split("+")
        self.version = f"praisonaiagents {a} + praisonai {b}"

    manager_file = ".praisonai/hooks.json"

    @staticmethod
    def manager(s):
        """A scenario of the second file, .praisonai/hooks.json, run by HooksManager."""
        return s.get("engine") == "manager"

    @staticmethod
    def manager_config(obj):
        """HooksManager runs commands without a shell: emit.sh is run as ./h/emit.sh, and an
        entry {"command", "form": "string"} is written as the bare command string."""
        if isinstance(obj, list):
            return [Agent.manager_config(x) for x in obj]
        if isinstance(obj, dict):
            if obj.get("form") == "string":
                return Agent.manager_config(obj["command"])
            return {k: Agent.manager_config(v) for k, v in obj.items()}
        for shell in ("exec sh h/emit.sh ", "sh h/emit.sh "):
            if isinstance(obj, str) and obj.startswith(shell):
                return "./h/emit.sh " + obj[len(shell):]
        return obj

    @staticmethod
    def spayload(s):
        sp = dict(s.get("payload") or {})
        if s["event"].lower() in ("before_tool", "after_tool"):
            sp.setdefault("tool_name", "execute_command")
            sp.setdefault("tool_input", {"command": "echo marker > out.txt"})
        return sp

    def write_config(self, project, s):
        if self.manager(s):
            harness.write_json(os.path.join(project, self.manager_file), self.manager_config(s["config"]))
            return
        harness.write_json(os.path.join(project, self.file), s["config"])

    def run_agent(self, jobs):
        req = [{"id": f"{s['name']}\t{mode}", "cwd": project, "event": s["event"], "payload": self.spayload(s),
                "engine": s.get("engine")}
               for s, project, mode in jobs]
        n = max(1, int(os.environ.get("CONFORMANCE_JOBS", "2")))
        chunks = [req[i::n] for i in range(n)]

        def go(chunk):
            with tempfile.NamedTemporaryFile("r", suffix=".jsonl") as out, \
                    tempfile.NamedTemporaryFile("w", suffix=".json") as jf:
                json.dump(chunk, jf)
                jf.flush()
                env = dict(os.environ, PRAISONAI_TELEMETRY_DISABLED="true", OTEL_SDK_DISABLED="true",
                           LOGLEVEL="ERROR")
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
        if self.manager(s):
            # The context the caller hands HooksManager.execute, as it is.
            return dict(s.get("payload") or {})
        # HookInput.to_dict() of the input the Agent builds (event_name is the lower-case enum value).
        sp = self.spayload(s)
        ev = s["event"].lower()
        p = dict(session_id="conformance-session", cwd=project, event_name=ev,
                 timestamp="1767225600.0", agent_name="conformance-agent")
        if ev in ("before_tool", "after_tool"):
            p.update(tool_name=sp["tool_name"], tool_input=sp["tool_input"])
            if ev == "before_tool":
                p["tool_description"] = None
            else:
                p.update(tool_output=sp.get("tool_output", "ok"), tool_error=None, execution_time_ms=0.0)
        elif ev == "before_agent":
            p.update(prompt=sp.get("prompt", "hello"), conversation_history=[], tools_available=[])
        elif ev == "after_agent":
            p.update(prompt=sp.get("prompt", "hello"), response=sp.get("response", "done"), tools_used=[],
                     total_tokens=0, execution_time_ms=0.0)
        return p

    def effect_from_doc(self, s, doc, rc, project):
        if self.manager(s):
            if doc.get("decision") in ("deny", "ask") or doc.get("continue") is False:
                return {"proceeds": False, "reason": doc.get("reason") or ""}
            hooks = doc.get("hooks") or []
            e = {"proceeds": True, "failed": any(h.get("outcome") != "success" for h in hooks)}
            if doc.get("updated_input") is not None:
                e["updated_input"] = doc["updated_input"]
            if doc.get("additional_context"):
                e["context"] = doc["additional_context"]
            return e
        ev = s["event"].lower()
        e = {"proceeds": True}
        if doc.get("decision") in ("deny", "ask") or doc.get("continue") is False:
            # hookrun's exit 2: the action must not proceed
            return dict(e, proceeds=False, reason=doc.get("reason") or doc.get("stop_reason"))
        if ev in ("before_tool", "before_agent") and doc.get("updated_input") is not None:
            e["updated_input"] = doc["updated_input"]
        if ev in ("after_tool", "session_start") and doc.get("additional_context"):
            e["context"] = doc["additional_context"]
        return e
