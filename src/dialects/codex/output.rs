//! `fire --output codex`: hookrun's merged decision in the only words Codex 0.171.0 accepts on
//! each event, since Codex fails (and lets through) any answer outside the event's schema.
//!
//! - `PreToolUse`: a deny, an ask (Codex has none, and an ask must not proceed) or a stop become
//!   `permissionDecision: "deny"` with a reason; a rewrite becomes `allow` + `updatedInput`; a
//!   bare allow says nothing (Codex refuses `allow` without `updatedInput`).
//! - `PermissionRequest`: `decision.behavior` `deny` (also for a stop) or `allow`; an ask, or an
//!   allow with a rewrite Codex cannot take, answers nothing, so Codex shows its own prompt.
//! - `PostToolUse`, `UserPromptSubmit`, `Stop`, `SubagentStop`: `decision: "block"` + `reason`. An
//!   output rewrite on `PostToolUse` is sent as a block whose reason is the new output: Codex puts
//!   a block's reason in place of the tool output, and refuses both ways of rewriting it.
//! - `SessionStart`, `SubagentStart`, `PreCompact`, `PostCompact`: no decision exists there, so
//!   a deny is `continue: false` with the reason as `stopReason`.
//! - `Interrupt`: only `systemMessage`. `SessionEnd` and the model-request events: `{}`.
//! - Everywhere a block needs a reason (Codex ignores one without), and context goes to
//!   `hookSpecificOutput.additionalContext` where the event has it, else to `systemMessage`.

use serde_json::{Map, Value, json};

use crate::model::answer::{Answer, Decision, Merged, block_reason, joined, put};
use crate::model::dialect::AgentOutput;

/// `--output codex`.
pub(crate) struct CodexOutput;

impl AgentOutput for CodexOutput {
    fn answer(&self, event: &str, merged: &Merged) -> Answer {
        answer(event, merged)
    }

    /// Exit 2 with the message on stderr: Codex blocks the tool, the permission, the prompt or
    /// the tool output with it (stdout is ignored on exit 2). Any other exit code is a failed
    /// hook there, which lets the action through.
    fn failure(&self, message: &str) -> Answer {
        crate::dialects::claude::output::exit_two(message)
    }
}

/// Events whose `hookSpecificOutput` carries `additionalContext`.
const CONTEXT_EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "UserPromptSubmit",
    "SessionStart",
    "SubagentStart",
];

/// Events that say nothing back (no output schema, or stdout only logged).
const SILENT_EVENTS: &[&str] = &["SessionEnd", "PreModelRequest", "PostModelRequest"];

fn answer(event: &str, m: &Merged) -> Answer {
    if SILENT_EVENTS.contains(&event) {
        return Answer::ok(Map::new());
    }
    let mut out = Map::new();
    let mut specific = Map::new();
    let halts = m.decision.blocks() || !m.continue_;
    match event {
        "PreToolUse" => {
            if halts {
                specific.insert("permissionDecision".into(), "deny".into());
                specific.insert("permissionDecisionReason".into(), block_reason(m).into());
            } else if let Some(input) = &m.updated_input {
                specific.insert("permissionDecision".into(), "allow".into());
                specific.insert("updatedInput".into(), input.clone());
            }
        }
        "PermissionRequest" => {
            let decision = if m.decision == Decision::Deny || !m.continue_ {
                Some(json!({"behavior": "deny", "message": block_reason(m)}))
            } else if m.decision == Decision::Allow && m.updated_input.is_none() {
                Some(json!({"behavior": "allow"}))
            } else {
                None
            };
            put(&mut specific, "decision", decision);
        }
        "PostToolUse" | "UserPromptSubmit" | "Stop" | "SubagentStop" => {
            let reason = if m.decision.blocks() {
                Some(block_reason(m))
            } else if event == "PostToolUse" {
                m.updated_output.as_ref().map(output_text)
            } else {
                None
            };
            if let Some(reason) = reason {
                out.insert("decision".into(), "block".into());
                out.insert("reason".into(), reason.into());
            }
            stop(&mut out, m, !m.continue_);
        }
        "Interrupt" => {}
        _ => stop(&mut out, m, halts),
    }
    let context = joined(&[&m.additional_context, &m.agent_message]);
    let mut messages = vec![&m.system_message, &m.user_message];
    if CONTEXT_EVENTS.contains(&event) {
        put(&mut specific, "additionalContext", context);
    } else {
        messages.push(&context);
    }
    put(&mut out, "systemMessage", joined(&messages));
    if !specific.is_empty() {
        specific.insert("hookEventName".into(), event.into());
        out.insert("hookSpecificOutput".into(), Value::Object(specific));
    }
    Answer::ok(out)
}

/// `continue: false` with a non-empty `stopReason`, when `halts`.
fn stop(out: &mut Map<String, Value>, m: &Merged, halts: bool) {
    if halts {
        out.insert("continue".into(), false.into());
        let reason = m.stop_reason.clone().unwrap_or_else(|| block_reason(m));
        out.insert("stopReason".into(), reason.into());
    }
}

/// A rewritten tool output as the text the model reads.
fn output_text(output: &Value) -> String {
    match output {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}
