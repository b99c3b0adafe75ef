"""OpenHands' own hook engine (openhands-sdk), in-process.

For each job: loads the project's .openhands/hooks.json with HookConfig.load(working_dir=cwd)
(OH_PERSISTENCE_DIR points at an empty scratch directory, so no user file is found), builds the
HookManager a conversation builds (working_dir=cwd, a session id) and runs the event as
openhands/sdk/hooks/conversation_hooks.py does:
  PreToolUse:       HookManager.run_pre_tool_use -> should_continue; the reason is
                    get_blocking_reason(results) (HookEventProcessor._handle_pre_tool_use)
  PostToolUse:      run_post_tool_use: nothing blocks
  UserPromptSubmit: run_user_prompt_submit -> should_continue, additional_context, reason
  SessionStart:     HookEventProcessor.run_session_start: the context it keeps for the agent
  SessionEnd:       run_session_end: nothing blocks
  Stop:             HookEventProcessor.run_stop -> should_stop and its feedback (the agent goes on
                    when a hook blocks; "proceeds" is whether it stops)
A file HookConfig.load refuses (it raises) is {"refused": true, "error_text": ...}: the SDK runs none
of its hooks, and a conversation given no config cannot start with it.

Usage: python driver.py RESULTS.jsonl JOBS.json   (run with the openhands venv's python)
Job: {"id", "cwd", "event", "payload": {"tool_name", "tool_input", "message", "reason"}}
"""
import json
import logging
import sys
import tempfile
import os

scratch = tempfile.mkdtemp(prefix="oh-persist-")
os.environ["OH_PERSISTENCE_DIR"] = scratch  # before the SDK is imported (utils/path.py)
logging.disable(logging.CRITICAL)

from openhands.sdk.hooks.config import HookConfig  # noqa: E402
from openhands.sdk.hooks.conversation_hooks import HookEventProcessor  # noqa: E402
from openhands.sdk.hooks.manager import HookManager  # noqa: E402


def run(job):
    cwd = job["cwd"]
    os.chdir(cwd)
    try:
        config = HookConfig.load(working_dir=cwd)
    except Exception as e:  # noqa: BLE001 - the SDK refuses the file
        return {"refused": True, "error_text": str(e)[:300]}
    manager = HookManager(config=config, working_dir=cwd, session_id="conformance-session")
    processor = HookEventProcessor(hook_manager=manager)
    p = job.get("payload") or {}
    event = job["event"]
    eff = {"proceeds": True}
    if event == "PreToolUse":
        ok, results = manager.run_pre_tool_use(tool_name=p["tool_name"], tool_input=p["tool_input"])
        if not ok:
            eff = {"proceeds": False, "reason": manager.get_blocking_reason(results)}
    elif event == "PostToolUse":
        manager.run_post_tool_use(tool_name=p["tool_name"], tool_input=p["tool_input"],
                                  tool_response=p.get("tool_response") or {})
    elif event == "UserPromptSubmit":
        ok, context, results = manager.run_user_prompt_submit(message=p.get("message", "hello"))
        if not ok:
            eff = {"proceeds": False, "reason": manager.get_blocking_reason(results)}
        elif context:
            eff["context"] = context
    elif event == "SessionStart":
        processor.run_session_start()
        if processor._pending_additional_context:
            eff["context"] = "\n".join(processor._pending_additional_context)
    elif event == "SessionEnd":
        manager.run_session_end()
    elif event == "Stop":
        should_stop, feedback = processor.run_stop(reason=p.get("reason"))
        if not should_stop:
            eff = {"proceeds": False, "reason": feedback}
    else:
        raise ValueError(f"unknown event {event}")
    return eff


def main():
    out = open(sys.argv[1], "w")
    jobs = json.load(open(sys.argv[2]))
    for job in jobs:
        try:
            res = {"effect": run(job)}
        except Exception:  # noqa: BLE001 - reported as a harness error
            import traceback
            res = {"error": traceback.format_exc()[-1500:]}
        out.write(json.dumps({"id": job["id"], **res}) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
