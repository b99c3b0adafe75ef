//! The schema of the decision document `hookrun fire` prints (the book, "The decision document";
//! docs/decision-document.md), field for field with
//! `output::document`.

use serde_json::{Value, json};

use super::{boolean, decision_enum, dialect_enum, head, string, with_head};

pub(super) fn schema() -> Value {
    let body = json!({
        "type": "object",
        "required": ["event", "decision", "continue", "hooks"],
        "additionalProperties": false,
        "properties": {
            "event": string("The event fired, as given on the command line."),
            "decision": decision_enum("The merged decision: deny > ask > allow > none (no hook expressed one)."),
            "reason": string("The reasons of the hooks whose decision won, in run order, joined with newlines."),
            "continue": boolean("False when any hook asked the agent to stop."),
            "stop_reason": string("The first hook's stop reason."),
            "updated_input": {"description": "The rewritten tool input after chaining every hook's rewrite; dropped on deny."},
            "updated_output": {"description": "The last rewritten tool output."},
            "additional_context": string("Context for the agent, joined with newlines in run order."),
            "system_message": string("Joined with newlines in run order."),
            "user_message": string("Joined with newlines in run order."),
            "agent_message": string("Joined with newlines in run order."),
            "followup_message": string("Joined with newlines in run order."),
            "clear_context": {"const": true, "description": "A hook asked the agent to clear its conversation context."},
            "tail_tool_call": {"type": "object", "description": "A tool call (`name`, `args`) to run right after this one, whose result replaces this one's; the last hook's."},
            "updated_model_request": {"type": "object", "description": "The model request as the last hook that rewrote it gave it (its fields replace the request's)."},
            "model_response": {"type": "object", "description": "A model response to use (the last hook's): after the model in place of its answer; with a block before the model, as the answer."},
            "tool_config": {"type": "object", "description": "Which tools the model may call (`mode`, `allowedFunctionNames`): NONE over ANY over AUTO, the names united."},
            "updated_prompt": string("The user's prompt as the last hook that rewrote it gave it, in place of what the user typed."),
            "hooks": {
                "type": "array",
                "description": "One record per hook that ran (or was notably skipped), in run order.",
                "items": {"$ref": "#/$defs/hook"},
            },
        },
        "$defs": {
            "hook": hook_record(),
            "outcome": {
                "enum": ["success", "blocking", "non_blocking_error", "cancelled", "untrusted", "started"],
                "description": "How the hook ended; cancelled: timed out or interrupted; untrusted: not run, its project file is not trusted (`hookrun trust`); started: an async hook handed to a detached worker (its result goes to the fire log).",
            },
        },
    });
    with_head(
        head(
            "decision.schema.json",
            "hookrun decision document",
            "What `hookrun fire` prints on stdout: the merged decision and one record per hook.",
        ),
        body,
    )
}

fn hook_record() -> Value {
    let ms =
        |description: &str| json!({"type": "integer", "minimum": 0, "description": description});
    json!({
        "type": "object",
        "required": ["name", "source", "dialect", "decision"],
        "additionalProperties": false,
        "properties": {
            "name": string("The hook's name (unique within one fire)."),
            "source": string("The file the hook comes from, relative to the project dir when inside it."),
            "dialect": dialect_enum(),
            "outcome": {"$ref": "#/$defs/outcome"},
            "decision": decision_enum("What this hook decided."),
            "reason": string("This hook's reason."),
            "exit_code": {"type": "integer", "description": "The hook's exit code, when it exited."},
            "signal": string("The signal that ended the hook, e.g. SIGKILL."),
            "duration_ms": ms("Wall time of the hook."),
            "error": string("Why the hook failed (spawn failure, bad JSON, timeout, …)."),
            "timed_out_after_ms": ms("The timeout that expired."),
            "killed": {"enum": ["SIGTERM", "SIGKILL"], "description": "The signal that ended the hook's process group after a timeout."},
            "leaked": {"type": "integer", "minimum": 1, "description": "How many processes the hook left running when it ended (in its group or escaped from it; holding its pipes or not); hookrun ended them with SIGTERM, then SIGKILL after the grace."},
            "truncated": boolean("Output beyond the caps was dropped."),
            "stderr": string("The first 4 KiB of the hook's stderr."),
            "ignored_decision": decision_enum("A deny or ask from a hook that cannot block (observe mode, or a dialect whose hooks never block)."),
            "skipped_reason": string("Why the hook was not run."),
            "http_status": {"type": "integer", "description": "An http hook: the reply's status."},
            "http_body": string("An http hook that failed: the first 4 KiB of the reply's body."),
            "enforced": {"description": "As the hook printed it (one agent's own answer field, passed on)."},
            "metadata": {"description": "As the hook printed it (one agent's own answer field, passed on)."},
            "suppressOutput": {"description": "As the hook printed it (one agent's own answer field, passed on)."},
        },
    })
}
