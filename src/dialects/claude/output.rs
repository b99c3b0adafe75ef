//! `fire --output claude`: Claude Code's hook answer, which depends on the event (Claude hooks
//! reference, "Decision control"). PreToolUse speaks through `hookSpecificOutput.permissionDecision`,
//! PermissionRequest through `hookSpecificOutput.decision.behavior`, the events listed in
//! [`BLOCK_EVENTS`] through a top-level `"decision": "block"`, and every other event can only be
//! stopped by exit 2. `continue`/`stopReason`/`systemMessage` are universal.

use serde_json::{Map, Value, json};

use crate::model::answer::{
    Answer, Decision, Merged, block_reason, decision_word, joined, put, stop_fields,
};
use crate::model::dialect::AgentOutput;

/// `--output claude`.
pub(crate) struct ClaudeOutput;

impl AgentOutput for ClaudeOutput {
    fn answer(&self, event: &str, merged: &Merged) -> Answer {
        answer(event, merged)
    }

    fn failure(&self, message: &str) -> Answer {
        exit_two(message)
    }
}

/// Exit 2 with `message` on stderr and nothing on stdout: how Claude (and Gemini) read a block on
/// every event; other exit codes are fail-open there.
pub(crate) fn exit_two(message: &str) -> Answer {
    Answer {
        json: None,
        stderr: None,
        code: crate::exit::OK,
    }
    .blocking(message)
}

/// Events that take a top-level `{"decision": "block", "reason"}`.
const BLOCK_EVENTS: &[&str] = &[
    "UserPromptSubmit",
    "UserPromptExpansion",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "Stop",
    "SubagentStop",
    "ConfigChange",
    "PreCompact",
];

/// Events whose `hookSpecificOutput.additionalContext` reaches the model.
const CONTEXT_EVENTS: &[&str] = &[
    "PreToolUse",
    "UserPromptSubmit",
    "PostToolUse",
    "PostToolUseFailure",
    "SessionStart",
    "Setup",
    "SubagentStart",
];

fn answer(event: &str, m: &Merged) -> Answer {
    let mut out = Map::new();
    let mut specific = Map::new();
    let mut exit_block = false;
    match event {
        "PreToolUse" => {
            put(
                &mut specific,
                "permissionDecision",
                decision_word(m.decision),
            );
            put(&mut specific, "permissionDecisionReason", m.reason.clone());
            put(&mut specific, "updatedInput", m.updated_input.clone());
        }
        "PermissionRequest" => {
            // `ask` leaves the permission dialog to the user: no decision.
            let decision = match m.decision {
                Decision::Allow => {
                    let mut allow = json!({"behavior": "allow"});
                    if let Some(input) = &m.updated_input {
                        allow["updatedInput"] = input.clone();
                    }
                    Some(allow)
                }
                Decision::Deny => Some(json!({"behavior": "deny", "message": block_reason(m)})),
                Decision::Ask | Decision::None => None,
            };
            put(&mut specific, "decision", decision);
        }
        _ if BLOCK_EVENTS.contains(&event) => {
            // Claude has no `ask` here; hookrun's `ask` must not proceed, so it blocks.
            if m.decision.blocks() {
                out.insert("decision".into(), "block".into());
                out.insert("reason".into(), block_reason(m).into());
            }
        }
        _ => exit_block = m.decision.blocks(),
    }
    if event == "PostToolUse" {
        put(&mut specific, "updatedToolOutput", m.updated_output.clone());
    }
    let context = joined(&[&m.additional_context, &m.agent_message]);
    let mut messages = vec![&m.system_message, &m.user_message];
    if CONTEXT_EVENTS.contains(&event) {
        put(&mut specific, "additionalContext", context);
    } else {
        // No channel to the model on this event: show it to the user rather than drop it.
        messages.push(&context);
    }
    put(&mut out, "systemMessage", joined(&messages));
    stop_fields(&mut out, m, "continue", "stopReason");
    if !specific.is_empty() {
        specific.insert("hookEventName".into(), event.into());
        out.insert("hookSpecificOutput".into(), Value::Object(specific));
    }
    let answer = Answer::ok(out);
    if exit_block {
        answer.blocking(&block_reason(m))
    } else {
        answer
    }
}
