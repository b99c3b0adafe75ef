//! How Crush reads a finished hook (`Runner.runOne`, `parseStdout`, internal/hooks/runner.go and
//! input.go), and how hookrun answers as Crush (`--output crush`).
//!
//! Exit 2 blocks the tool call, its trimmed stderr the reason (`blocked by hook` when empty);
//! exit 49 (`HaltExitCode`) blocks it and halts the whole turn (`turn halted by hook`); any other
//! non-zero exit, and a timeout, is a non-blocking error: no opinion. On exit 0 stdout is one
//! JSON object: with `hookSpecificOutput`, Claude's `permissionDecision` (`allow`, `deny`),
//! `permissionDecisionReason`, `updatedInput` and `additionalContext`; otherwise Crush's own
//! `decision` (`allow`, `deny`, any case), `halt`, `reason`, `context` (a string or a list of
//! strings) and `updated_input` (an object, or a JSON string of one), shallow-merged into the
//! tool's input. `halt: true` blocks the call and ends the turn (`hooked_tool.go`). Anything
//! else is no opinion.

use serde_json::{Map, Value};

use crate::dialects::claude::output::exit_two;
use crate::model::answer::{Answer, Decision, Merged, block_reason};
use crate::model::dialect::AgentOutput;

/// `HaltExitCode`.
pub(super) const HALT: i32 = 49;

/// A run's answer in the shared vocabulary, `None` for no opinion.
pub(super) fn read(code: Option<i32>, stdout: &str, stderr: &str) -> Option<Map<String, Value>> {
    match code {
        Some(2) => Some(block(stderr, "blocked by hook", false)),
        Some(HALT) => Some(block(stderr, "turn halted by hook", true)),
        Some(0) => read_stdout(stdout),
        _ => None,
    }
}

/// A deny (and with `halt`, a stop) with `reason`, or `default` when it is empty.
fn block(reason: &str, default: &str, halt: bool) -> Map<String, Value> {
    let reason = if reason.is_empty() { default } else { reason };
    let mut map = Map::new();
    map.insert("decision".into(), "deny".into());
    map.insert("reason".into(), reason.into());
    if halt {
        map.insert("continue".into(), false.into());
        map.insert("stopReason".into(), reason.into());
    }
    map
}

/// `parseStdout`.
fn read_stdout(stdout: &str) -> Option<Map<String, Value>> {
    let Ok(Value::Object(map)) = serde_json::from_str::<Value>(stdout) else {
        return None;
    };
    let mut out = Map::new();
    if let Some(specific) = map.get("hookSpecificOutput") {
        // `parseClaudeCodeOutput`: only these four fields.
        let specific = specific.as_object()?;
        put_decision(&mut out, specific.get("permissionDecision"));
        put_text(&mut out, "reason", specific.get("permissionDecisionReason"));
        if let Some(input) = specific.get("updatedInput").filter(|v| !v.is_null()) {
            out.insert("updatedInput".into(), input.clone());
        }
        put_text(
            &mut out,
            "additionalContext",
            specific.get("additionalContext"),
        );
        return Some(out);
    }
    put_decision(&mut out, map.get("decision"));
    put_text(&mut out, "reason", map.get("reason"));
    if map.get("halt") == Some(&Value::Bool(true)) {
        // `hooked_tool.go`: a halt blocks the call, then ends the turn.
        out.insert("decision".into(), "deny".into());
        out.insert("continue".into(), false.into());
        if let Some(reason) = out.get("reason").cloned() {
            out.insert("stopReason".into(), reason);
        }
    }
    if let Some(context) = context(map.get("context")) {
        out.insert("additionalContext".into(), context.into());
    }
    if let Some(patch) = updated_input(map.get("updated_input")) {
        out.insert("updatedInput".into(), patch);
    }
    Some(out)
}

/// `parseDecision`: `allow` or `deny` in any case; anything else is no opinion.
fn put_decision(out: &mut Map<String, Value>, value: Option<&Value>) {
    let word = value.and_then(Value::as_str).map(str::to_ascii_lowercase);
    if let Some(word @ ("allow" | "deny")) = word.as_deref() {
        out.insert("decision".into(), word.into());
    }
}

fn put_text(out: &mut Map<String, Value>, key: &str, value: Option<&Value>) {
    if let Some(text) = value.and_then(Value::as_str).filter(|t| !t.is_empty()) {
        out.insert(key.into(), text.into());
    }
}

/// `parseContext`: a string, or the non-empty strings of a list joined with `\n`.
fn context(value: Option<&Value>) -> Option<String> {
    let text = match value? {
        Value::String(text) => text.clone(),
        Value::Array(items) => items
            .iter()
            .map(|item| item.as_str().map(str::to_owned))
            .collect::<Option<Vec<_>>>()?
            .into_iter()
            .filter(|item| !item.is_empty())
            .collect::<Vec<_>>()
            .join("\n"),
        _ => return None,
    };
    (!text.is_empty()).then_some(text)
}

/// `rawToString` then `shallowMerge`: an object, or a JSON string holding one.
fn updated_input(value: Option<&Value>) -> Option<Value> {
    match value? {
        Value::Object(_) => value.cloned(),
        Value::String(text) => serde_json::from_str::<Value>(text)
            .ok()
            .filter(Value::is_object),
        _ => None,
    }
}

/// `--output crush`: exit 0 with Crush's envelope. A stop is `halt: true`; a deny
/// `decision: "deny"`; an allow `decision: "allow"` (which skips Crush's permission prompt);
/// hookrun's `ask` says nothing, so that Crush's own prompt asks. A rewrite is `updated_input`,
/// context `context`.
pub(crate) struct CrushOutput;

impl AgentOutput for CrushOutput {
    fn answer(&self, _event: &str, m: &Merged) -> Answer {
        let mut out = Map::new();
        out.insert("version".into(), 1.into());
        if m.continue_ {
            match m.decision {
                Decision::Deny => {
                    out.insert("decision".into(), "deny".into());
                    out.insert("reason".into(), block_reason(m).into());
                }
                Decision::Allow => {
                    out.insert("decision".into(), "allow".into());
                }
                Decision::Ask | Decision::None => {}
            }
            if let Some(input) = &m.updated_input {
                out.insert("updated_input".into(), input.clone());
            }
        } else {
            out.insert("decision".into(), "deny".into());
            out.insert("halt".into(), true.into());
            out.insert("reason".into(), block_reason(m).into());
        }
        if let Some(context) = &m.additional_context {
            out.insert("context".into(), context.clone().into());
        }
        Answer::ok(out)
    }

    /// Crush lets a call through on any exit but 2 and 49: hookrun's failure blocks by exit 2.
    fn failure(&self, message: &str) -> Answer {
        exit_two(message)
    }
}
