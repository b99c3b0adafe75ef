"""PromptKit — FROM SOURCE. Its Go module cannot be installed here, so side (a) is a model of
PromptKit's exec hooks written from its source (AltairaLabs/PromptKit runtime/hooks/exec_hooks.go
and runtime/hooks/registry.go), which runs the real hook processes:
  - exec form: exec.CommandContext(command, args...), no shell, the runtime's working directory;
    `env` items as sandbox/direct/direct.go buildEnv reads them: `KEY=value` is set verbatim,
    a bare NAME is passed through from the runtime's environment (os.LookupEnv(name));
  - stdin: {"hook", "phase", "request"[, "response"] | "event"} as json.Marshal writes it;
  - filter mode (the default): process error (non-zero exit, signal, timeout — default 10 s,
    timeout_ms) -> Deny; stdout not unmarshalable into {allow bool, reason string, enforced
    bool, ack bool, metadata object} -> Deny; allow true -> Allow; else Deny(reason);
  - observe mode: the result is discarded;
  - Registry: provider before_call/after_call and tool before/after_execution run in order,
    the first deny short-circuits and is the result (after_call too: the call fails with
    HookDeniedError); session hooks in filter mode: a process error is returned and stops
    the chain.
Side (b) runs the same model with one exec hook, `hookrun fire <phase> --output promptkit`.
Failure denies carry PromptKit's own texts; reasons are compared only when the hook gave one."""

import json
import os
import subprocess

import harness

HOOK_OF_PHASE = {"before_call": "provider", "after_call": "provider", "before_execution": "tool",
                 "after_execution": "tool", "session_start": "session", "session_update": "session",
                 "session_end": "session"}


def yaml_scalar(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    return json.dumps(str(v))


def runtime_yaml(hooks):
    lines = ["apiVersion: promptkit.altairalabs.ai/v1alpha1", "kind: RuntimeConfig", "metadata:",
             "  name: conformance", "spec:", "  hooks:"]
    for name, h in hooks.items():
        lines.append(f"    {name}:")
        for k, v in h.items():
            if isinstance(v, list):
                lines.append(f"      {k}: [" + ", ".join(yaml_scalar(x) for x in v) + "]")
            else:
                lines.append(f"      {k}: {yaml_scalar(v)}")
    return "\n".join(lines) + "\n"


def emit_args(spec):
    spec = list(spec) + [None] * (5 - len(spec))
    name, code, out, err, nap = spec[:5]
    if out is not None and not isinstance(out, str):
        out = json.dumps(out, separators=(",", ":"))
    return ["h/emit.sh", name or "", str(code if code is not None else 0), out or "", err or "",
            "" if nap is None else str(nap)]


class Agent:
    name = "promptkit"
    file = "runtime.yaml"
    output_mode = "promptkit"

    def __init__(self, install_dir, version):
        self.version = "PromptKit (from source: runtime/hooks)"

    @staticmethod
    def hooks(s):
        out = {}
        for name, h in s["hooks"].items():
            h = dict(h)
            if "exec" in h:
                h["command"] = "sh"
                h["args"] = emit_args(h.pop("exec"))
            out[name] = h
        return out

    def write_config(self, project, s):
        with open(os.path.join(project, self.file), "w") as f:
            f.write(runtime_yaml(self.hooks(s)))

    def single(self, s, project):
        src = os.path.join(project, ".src", self.file)
        phase = s["event"]
        hook = HOOK_OF_PHASE[phase]
        return {"hookrun": {"command": harness.hookrun_bin(),
                            "args": ["-C", project, "--no-user-config", "-c", src, "fire", phase, "--output", "promptkit"],
                            "hook": hook, "phases": [phase], "mode": "filter", "timeout_ms": 60000}}

    def write_single_hook(self, project, s):
        os.makedirs(os.path.join(project, ".src"), exist_ok=True)
        with open(os.path.join(project, ".src", self.file), "w") as f:
            f.write(runtime_yaml(self.hooks(s)))

    def envelope(self, s):
        phase = s["event"]
        hook = HOOK_OF_PHASE[phase]
        req = {"hook": hook, "phase": phase}
        if hook == "session":
            req["event"] = {"session_id": "conformance-session", "turn_index": 0}
        else:
            req["request"] = s.get("request", {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
                                   if hook == "provider" else {"name": "write_file", "args": {"path": "x"}})
            if phase in ("after_call", "after_execution"):
                req["response"] = {"content": "answer"}
        return req

    def run_hook(self, name, h, req, project, env):
        """execFilter / execObserve of exec_hooks.go for one hook."""
        timeout = (h["timeout_ms"] / 1000.0) if isinstance(h.get("timeout_ms"), int) and h["timeout_ms"] > 0 else 10.0
        henv = None
        if h.get("env"):
            henv = dict(env)
            for n in h["env"]:
                key, eq, value = n.partition("=")
                if eq:
                    henv[key] = value
                elif n in env:
                    henv[n] = env[n]
        try:
            p = subprocess.run([h["command"], *h.get("args", [])], input=json.dumps(req, separators=(",", ":")).encode(),
                               capture_output=True, cwd=project, env=henv if henv is not None else env, timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"allow": False, "process": True, "failure": f"exec hook {name!r} failed: signal: killed"}
        except OSError as e:
            return {"allow": False, "process": True, "failure": f"exec hook {name!r} failed: {e}"}
        if p.returncode != 0:
            return {"allow": False, "process": True, "failure": f"exec hook {name!r} failed: exit status {p.returncode}"}
        try:
            resp = json.loads(p.stdout.decode() or "")
        except ValueError as e:
            return {"allow": False, "failure": f"invalid response JSON: {e}"}
        # json.Unmarshal into the struct: null is fine (zero value); a non-object or a field of the
        # wrong type is an error
        if resp is None:
            resp = {}
        if not isinstance(resp, dict):
            return {"allow": False, "failure": "invalid response JSON: not an object"}
        types = {"allow": bool, "reason": str, "enforced": bool, "ack": bool, "metadata": dict}
        for k, t in types.items():
            if k in resp and resp[k] is not None and not isinstance(resp[k], t):
                return {"allow": False, "failure": f"invalid response JSON: {k}"}
        if resp.get("allow"):
            return {"allow": True}
        return {"allow": False, "reason": resp.get("reason") or ""}

    def run_model(self, hooks, s, project):
        phase = s["event"]
        kind = HOOK_OF_PHASE[phase]
        req = self.envelope(s)
        env = dict(os.environ, **s.get("runtime_env", {}))
        for name, h in hooks.items():
            if h.get("hook", "provider") != kind or phase not in (h.get("phases") or []):
                continue
            if h.get("mode", "filter") == "observe":
                self.run_hook(name, h, req, project, env)
                continue
            r = self.run_hook(name, h, req, project, env)
            if kind == "session":
                if r.get("process"):  # runSessionPhase reads no output, only the process error
                    return {"proceeds": False, "session_error": True}
                continue
            if not r["allow"]:
                return {"proceeds": False, "reason": r.get("reason") or None}
        return {"proceeds": True}

    def run_agent(self, jobs):
        res = {}
        for s, project, mode in jobs:
            hooks = self.hooks(s) if mode == "a" else self.single(s, project)
            try:
                eff = self.run_model(hooks, s, project)
            except Exception as e:  # noqa: BLE001
                eff = {"error": repr(e)}
            eff["ran"] = harness.markers(project)
            res[(s["name"], mode)] = eff
        return res

    # PromptKit writes the envelope with json.Marshal: compact, and side (c) gets the same bytes.
    json_separators = (",", ":")

    def payload(self, s, project):
        return self.envelope(s)

    def effect_from_doc(self, s, doc, rc, project):
        blocked = doc.get("decision") in ("deny", "ask") or doc.get("continue") is False
        e = {"proceeds": not blocked}
        if blocked:
            json_deny = [h for h in doc.get("hooks", []) if h.get("decision") == "deny" and h.get("exit_code") == 0
                         and not h.get("error")]
            e["reason"] = doc.get("reason") if json_deny else None
        return e

    def compare_c(self, s, a, c):
        a, c = harness.canonical(a), harness.canonical(c)
        bad = [k for k in ("proceeds", "ran") if a.get(k) != c.get(k)]
        if a.get("reason") and a.get("reason") != c.get("reason"):
            bad.append("reason")
        return bad

    def compare_b(self, s, a, b):
        return self.compare_c(s, a, b)
