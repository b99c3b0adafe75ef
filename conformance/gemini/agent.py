"""Gemini CLI: its hook engine (@google/gemini-cli-core) run in-process by driver.mjs."""

import json
import os
import subprocess
import tempfile

import harness

HERE = os.path.dirname(os.path.abspath(__file__))

# Gemini's consumers honour continue:false / a block on these events (hookSystem.js,
# hook-utils.js, coreToolHookTriggers.js, client.js); the rest ignore the result.
BLOCKING = {"BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "BeforeModel", "AfterModel"}
CONTEXT = {"AfterTool", "BeforeAgent", "SessionStart"}
SYSMSG = {"BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "SessionStart"}


class Agent:
    name = "gemini"
    file = ".gemini/settings.json"
    output_mode = "gemini"
    # Folder trust (security.folderTrust.enabled, trustedFolders.json): see driver.mjs.
    trust_kinds = ("untrusted", "trusted")

    def __init__(self, install_dir, version):
        self.pkg = os.path.join(install_dir, "node_modules/@google/gemini-cli-core")
        self.version = f"@google/gemini-cli-core {version}"

    @staticmethod
    def spayload(s):
        """The scenario's event data; tool events default to a shell call."""
        sp = dict(s.get("payload") or {})
        if s["event"] in ("BeforeTool", "AfterTool"):
            sp.setdefault("tool_name", "run_shell_command")
            sp.setdefault("tool_input", {"command": "echo marker > out.txt"})
        return sp

    def settings(self, scenario):
        return scenario["settings"]

    def write_config(self, project, scenario):
        harness.write_json(os.path.join(project, self.file), self.settings(scenario))

    def single_hook_settings(self, scenario, project):
        src = os.path.join(project, ".src", self.file)
        cmd = (f"{harness.hookrun_bin()} -C '{project}' --no-user-config -c '{src}' "
               f"fire {scenario['event']} --output gemini")
        return {"hooks": {scenario["event"]: [{"matcher": "*", "hooks": [
            {"name": "hookrun", "type": "command", "command": cmd, "timeout": 120000}]}]}}

    def write_single_hook(self, project, scenario):
        harness.write_json(os.path.join(project, ".src", self.file), self.settings(scenario))
        harness.write_json(os.path.join(project, self.file), self.single_hook_settings(scenario, project))

    def run_agent(self, jobs):
        req = []
        for s, project, mode in jobs:
            settings = self.settings(s) if mode == "a" else self.single_hook_settings(s, project)
            req.append({"id": f"{s['name']}\t{mode}", "cwd": project, "settings": settings,
                        "event": s["event"], "payload": self.spayload(s), "trust": s.get("trust")})
        # Folder trust (trust scenarios): the folders a user trusted, as `/permissions` writes them.
        trusted = {project: "TRUST_FOLDER" for s, project, mode in jobs if s.get("trust") == "trusted"}
        with tempfile.TemporaryDirectory(prefix="gemini-home-") as home, \
                tempfile.NamedTemporaryFile("r", suffix=".jsonl") as out, \
                tempfile.NamedTemporaryFile("w", suffix=".json") as jf:
            json.dump(req, jf)
            jf.flush()
            folders = os.path.join(home, ".gemini", "trustedFolders.json")
            harness.write_json(folders, trusted)
            env = dict(os.environ, HOME=home, GEMINI_CLI_NO_RELAUNCH="1", NO_COLOR="1",
                       GEMINI_CLI_TRUSTED_FOLDERS_PATH=folders)
            for k in ("GEMINI_CLI_TRUST_WORKSPACE", "GEMINI_RESTRICTED_MODE"):
                env.pop(k, None)
            p = subprocess.run(["node", os.path.join(HERE, "driver.mjs"), self.pkg, out.name, jf.name],
                               stdin=subprocess.DEVNULL, capture_output=True, env=env, timeout=900)
            lines = [json.loads(x) for x in open(out.name).read().splitlines() if x.strip()]
        res = {}
        for r in lines:
            name, mode = r["id"].split("\t")
            eff = r.get("effect") or {"error": r.get("error", "no result")}
            res[(name, mode)] = eff
        for s, project, mode in jobs:
            key = (s["name"], mode)
            if key not in res:
                res[key] = {"error": "driver died: " + p.stderr.decode()[-500:]}
            else:
                res[key] = dict(res[key], ran=harness.markers(project))
        return res

    def payload(self, s, project):
        # What HookEventHandler.createBaseInput + fire<Event> sends.
        p = dict(session_id="conformance-session", transcript_path="", cwd=project,
                 hook_event_name=s["event"], timestamp="2026-01-01T00:00:00.000Z")
        ev = s["event"]
        sp = self.spayload(s)
        if ev in ("BeforeTool", "AfterTool"):
            p["tool_name"] = sp.get("tool_name")
            p["tool_input"] = sp.get("tool_input", {})
            if ev == "AfterTool":
                p["tool_response"] = sp.get("tool_response", {"llmContent": "ok"})
        elif ev == "BeforeAgent":
            p["prompt"] = sp.get("prompt", "hello")
        elif ev == "AfterAgent":
            p.update(prompt=sp.get("prompt", "hello"), prompt_response=sp.get("prompt_response", "done"),
                     stop_hook_active=bool(sp.get("stop_hook_active")))
        elif ev in ("BeforeModel", "AfterModel", "BeforeToolSelection"):
            p["llm_request"] = {"model": "gemini-2.5-pro", "messages": [{"role": "user", "content": sp.get("prompt", "hello")}], "config": {}}
            if ev == "AfterModel":
                p["llm_response"] = {"candidates": [{"content": {"role": "model", "parts": [sp.get("response_text", "model says hi")]}, "finishReason": "STOP"}]}
        elif ev == "SessionStart":
            p["source"] = sp.get("source", "startup")
        elif ev == "SessionEnd":
            p["reason"] = sp.get("reason", "exit")
        elif ev == "PreCompress":
            p["trigger"] = sp.get("trigger", "manual")
        elif ev == "Notification":
            p.update(notification_type="ToolPermission", message="Tool x requires execution", details={})
        return p

    def effect_from_doc(self, s, doc, rc, project):
        """What Gemini would do with hookrun's merged decision, event by event (same consumers
        as driver.mjs reads)."""
        ev = s["event"]
        e = {"proceeds": True}
        dec = doc.get("decision")
        if ev in SYSMSG and doc.get("system_message"):
            e["system_message"] = doc["system_message"]
        if ev in BLOCKING:
            # AfterAgentHookOutput.shouldClearContext, read with a stop or a block.
            if ev == "AfterAgent" and doc.get("clear_context") is True:
                e["clear_context"] = True
            if doc.get("continue") is False:
                return dict(e, proceeds=False, **{"continue": False},
                            reason=doc.get("stop_reason") or doc.get("reason") or "No reason provided")
            if dec == "deny" or (dec == "ask" and ev != "BeforeTool"):
                e = dict(e, proceeds=False, reason=doc.get("reason") or "No reason provided")
                # hookSystem.fireBeforeModelEvent: a block's llm_response is the synthetic answer.
                if ev == "BeforeModel" and doc.get("model_response"):
                    e["synthetic_response"] = from_hook_llm_response(doc["model_response"])
                return e
            e.pop("clear_context", None)
        if ev == "BeforeTool":
            if dec == "ask":
                e["ask"] = True
                if doc.get("system_message"):
                    e["ask_message"] = doc["system_message"]
            if doc.get("updated_input") is not None:
                e["updated_input"] = doc["updated_input"]
        if ev == "AfterTool" and doc.get("tail_tool_call"):
            e["tail_tool_call"] = doc["tail_tool_call"]
        if ev == "BeforeModel" and doc.get("updated_model_request"):
            e.update(llm_request_effect(doc["updated_model_request"], s))
        if ev == "AfterModel" and doc.get("model_response"):
            # AfterModelHookOutput.getModifiedResponse: only with a first candidate's parts.
            cands = doc["model_response"].get("candidates") or [{}]
            if ((cands[0] or {}).get("content") or {}).get("parts"):
                e["llm_response"] = from_hook_llm_response(doc["model_response"])
        if ev == "BeforeToolSelection" and doc.get("tool_config"):
            tc = from_hook_tool_config(doc["tool_config"])
            if tc:
                e["tool_config"] = tc
        if ev in CONTEXT and doc.get("additional_context"):
            e["context"] = doc["additional_context"].replace("<", "&lt;").replace(">", "&gt;")
        return e


# hooks/hookTranslator.js, for the effect of hookrun's document (c): the hook's shapes turned
# into the SDK's as Gemini's consumers turn them; fields JavaScript leaves undefined are absent.
def from_hook_llm_response(r):
    """fromHookLLMResponse."""
    def cand(c):
        out = {"content": {"role": "model", "parts": [{"text": p} for p in c["content"]["parts"]]}}
        out.update({k: c[k] for k in ("finishReason", "index", "safetyRatings") if k in c})
        return out
    out = {k: r[k] for k in ("text",) if k in r}
    out["candidates"] = [cand(c) for c in r.get("candidates", [])]
    if "usageMetadata" in r:
        out["usageMetadata"] = r["usageMetadata"]
    return out


def llm_request_effect(req, s):
    """applyLLMRequestModifications on the driver's request (one user text): the model, and the
    contents when the hook gives messages (fromHookLLMRequest: the one text entry takes the first
    message, later messages are appended)."""
    e = {}
    if req.get("model") and req["model"] != "gemini-2.5-pro":
        e["llm_request_model"] = req["model"]
    if "messages" in req:
        contents = [{"role": m.get("role"), "parts": [{"text": m["content"] if isinstance(m.get("content"), str) else str(m.get("content"))}]}
                    for m in req["messages"]]
        base = [{"role": "user", "parts": [{"text": (s.get("payload") or {}).get("prompt", "hello")}]}]
        if not contents:
            contents = base
        if contents != base:
            e["llm_request_contents"] = contents
    return e


def from_hook_tool_config(tc):
    """fromHookToolConfig; AUTO with no names is the model's default, recorded as no config
    (driver.mjs does the same)."""
    mode, names = tc.get("mode"), tc.get("allowedFunctionNames")
    if not mode and not names:
        return {}
    if mode == "AUTO" and not names:
        return None
    fc = {k: v for k, v in (("mode", mode), ("allowedFunctionNames", names)) if v is not None}
    return {"functionCallingConfig": fc}
