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

    @staticmethod
    def spayload(s):
        sp = dict(s.get("payload") or {})
        if s["event"].lower() in ("before_tool", "after_tool"):
            sp.setdefault("tool_name", "execute_command")
            sp.setdefault("tool_input", {"command": "echo marker > out.txt"})
        return sp

    def write_config(self, project, s):
        harness.write_json(os.path.join(project, self.file), s["config"])

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
