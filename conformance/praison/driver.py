"""PraisonAI's own hook engine, in-process.

For each job: loads the project's .praison/hooks.json with
praisonai_code.cli.features.hooks.HooksHandler.register_from_config (the array form), runs the
event with praisonaiagents.hooks.HookRunner.execute_sync, and aggregates the results as
praisonaiagents' Agent does for a tool call (agent/tool_execution.py):
  before_tool: HookRunner.is_blocked -> the call is not executed; modified_input of every result
               is applied in order with arguments.update(...)
  after_tool:  is_blocked -> get_blocking_reason replaces the result; aggregate_context is
               appended to the result
  before_agent (chat_mixin.py): is_blocked -> no run; modified_input["prompt"] replaces the prompt
  session_start / after_agent / session_end: blocked/context as the runner reports them
The reason compared is HookRunner.get_blocking_reason (the first denying result's reason).

Jobs with "engine": "manager" run the project's .praisonai/hooks.json with praisonaiagents'
HooksManager(workspace_path=cwd).execute(event, context=payload) instead (memory/hooks.py), each
hook's own result recorded by wrapping _execute_script:
  proceeds = not result.blocked; reason = result.stderr (stripped) when blocked;
  updated_input = result.modified_input; context = the stripped stdout of every hook that ran
  and did not answer MODIFIED:, joined with "\n"; failed = not result.success.

Usage: python driver.py RESULTS.jsonl JOBS.json   (run with the PraisonAI venv's python)
Job: {"id", "cwd", "event" (as fired), "payload": {...}, "engine"?}
"""
import contextlib
import io
import json
import os
import sys
import time

from praisonai_code.cli.features.hooks import HooksHandler
from praisonaiagents.hooks import HookEvent, HookRunner
from praisonaiagents.hooks.events import AfterToolInput, BeforeAgentInput, BeforeToolInput, AfterAgentInput
from praisonaiagents.hooks.types import HookInput

EVENTS = {
    "before_tool": HookEvent.BEFORE_TOOL, "after_tool": HookEvent.AFTER_TOOL,
    "before_agent": HookEvent.BEFORE_AGENT, "after_agent": HookEvent.AFTER_AGENT,
    "session_start": HookEvent.SESSION_START, "session_end": HookEvent.SESSION_END,
}


def run_manager(job):
    from praisonaiagents.memory.hooks import HooksManager
    cwd = job["cwd"]
    os.chdir(cwd)
    manager = HooksManager(workspace_path=cwd)
    runs = []
    execute_script = manager._execute_script

    def recorded(hook, context):
        result = execute_script(hook, context)
        runs.append(result)
        return result

    manager._execute_script = recorded
    result = manager.execute(job["event"], context=dict(job.get("payload") or {}))
    if result.blocked:
        return {"proceeds": False, "reason": result.stderr.strip()}
    eff = {"proceeds": True, "failed": not result.success}
    if result.modified_input:
        eff["updated_input"] = result.modified_input
    context = [r.stdout.strip() for r in runs if r.stdout.strip() and not r.stdout.startswith("MODIFIED:")]
    if context:
        eff["context"] = "\n".join(context)
    return eff


def run(job):
    if job.get("engine") == "manager":
        return run_manager(job)
    cwd = job["cwd"]
    os.chdir(cwd)  # HooksHandler's runner works in os.getcwd(), as under the praisonai CLI
    handler = HooksHandler()
    with contextlib.redirect_stdout(io.StringIO()):
        handler.register_from_config(os.path.join(cwd, ".praison/hooks.json"))
    runner = handler._get_runner()
    assert isinstance(runner, HookRunner)
    event = EVENTS[job["event"].lower()]
    p = job.get("payload") or {}
    base = dict(session_id="conformance-session", cwd=cwd, event_name=event,
                timestamp=str(time.time()), agent_name="conformance-agent")
    target = None
    if event == HookEvent.BEFORE_TOOL:
        inp = BeforeToolInput(**base, tool_name=p["tool_name"], tool_input=dict(p.get("tool_input", {})))
        target = p["tool_name"]
    elif event == HookEvent.AFTER_TOOL:
        inp = AfterToolInput(**base, tool_name=p["tool_name"], tool_input=dict(p.get("tool_input", {})),
                             tool_output=p.get("tool_output", "ok"))
        target = p["tool_name"]
    elif event == HookEvent.BEFORE_AGENT:
        inp = BeforeAgentInput(**base, prompt=p.get("prompt", "hello"))
    elif event == HookEvent.AFTER_AGENT:
        inp = AfterAgentInput(**base, prompt=p.get("prompt", "hello"), response=p.get("response", "done"))
    else:
        inp = HookInput(**base)
    results = runner.execute_sync(event, inp, target=target)
    eff = {"proceeds": True}
    if HookRunner.is_blocked(results):
        eff["proceeds"] = False
        eff["reason"] = HookRunner.get_blocking_reason(results)
    if event in (HookEvent.BEFORE_TOOL, HookEvent.BEFORE_AGENT) and eff["proceeds"]:
        args = dict(p.get("tool_input", {})) if event == HookEvent.BEFORE_TOOL else {"prompt": p.get("prompt", "hello")}
        changed = False
        for r in results:
            if r.output and r.output.modified_input:
                if event == HookEvent.BEFORE_TOOL:
                    args.update(r.output.modified_input)
                    changed = True
                elif "prompt" in r.output.modified_input:
                    args = {"prompt": r.output.modified_input["prompt"]}
                    changed = True
        if changed:
            eff["updated_input"] = args
    if event in (HookEvent.AFTER_TOOL, HookEvent.SESSION_START) and eff["proceeds"]:
        ctx = HookRunner.aggregate_context(results)
        if ctx:
            eff["context"] = ctx
    return eff


def main():
    out = open(sys.argv[1], "w")
    jobs = json.load(open(sys.argv[2]))
    for job in jobs:
        try:
            res = {"effect": run(job)}
        except Exception as e:  # noqa: BLE001 - reported as a harness error
            import traceback
            res = {"error": traceback.format_exc()[-1500:]}
        out.write(json.dumps({"id": job["id"], **res}) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
