//! How Kimi reads a finished hook, and how hookrun answers as Kimi (`--output kimi`).
//!
//! `run_hook` (kimi_cli/hooks/runner.py; Kimi Code's `resultFromExitCode` in `runHook.ts` is the
//! same) knows two blocks and nothing else: exit 2, whose trimmed stderr is the reason, and exit 0
//! with a JSON object whose `hookSpecificOutput.permissionDecision` is `"deny"`, whose
//! `permissionDecisionReason` is the reason. Any other exit, an error, a timeout or other JSON
//! allows. Only three callers act on a block: `PreToolUse` (the tool call fails with the reason,
//! soul/toolset.py), `UserPromptSubmit` (the prompt is dropped, soul/kimisoul.py) and `Stop`,
//! which goes on with the reason as the next prompt, and only when the reason is not empty
//! (`if result.action == "block" and result.reason`, kimisoul.py). Every other event's result is
//! dropped.

use serde_json::{Map, Value};

use crate::dialects::claude::output::exit_two;
use crate::model::answer::{Answer, Merged, Policy, block_reason};
use crate::model::dialect::AgentOutput;
use crate::model::hook::Hook;

/// The events whose callers act on a block.
pub(super) const BLOCKING_EVENTS: &[&str] = &["PreToolUse", "UserPromptSubmit", "Stop"];

/// How a run of `hook` on `event` counts: read by [`read`] (or [`read_stop`]); it blocks only on
/// [`BLOCKING_EVENTS`].
pub(super) fn policy(hook: &Hook, event: &str) -> Policy {
    let mut policy = Policy::filter(hook);
    policy.can_block &= BLOCKING_EVENTS.contains(&event);
    policy.read_output = Some(if event == "Stop" { read_stop } else { read });
    policy
}

/// A block as `run_hook` sees one, in the shared vocabulary; `None` for anything else.
pub(super) fn read(code: Option<i32>, stdout: &str, stderr: &str) -> Option<Map<String, Value>> {
    let reason = match code {
        Some(2) => stderr.to_owned(),
        Some(0) => denied(stdout)?,
        _ => return None,
    };
    let mut map = Map::new();
    map.insert("decision".into(), "deny".into());
    if !reason.is_empty() {
        map.insert("reason".into(), reason.into());
    }
    Some(map)
}

/// [`read`] on `Stop`, where a block without a reason does not continue the turn.
pub(super) fn read_stop(
    code: Option<i32>,
    stdout: &str,
    stderr: &str,
) -> Option<Map<String, Value>> {
    read(code, stdout, stderr).filter(|map| map.contains_key("reason"))
}

/// The reason of an exit-0 JSON deny (`str(hook_output.get("permissionDecisionReason", ""))`),
/// `None` when stdout is not one.
fn denied(stdout: &str) -> Option<String> {
    let Ok(Value::Object(map)) = serde_json::from_str::<Value>(stdout) else {
        return None;
    };
    let specific = map.get("hookSpecificOutput")?.as_object()?;
    if specific.get("permissionDecision")?.as_str()? != "deny" {
        return None;
    }
    Some(match specific.get("permissionDecisionReason") {
        None => String::new(),
        Some(Value::String(text)) => text.clone(),
        Some(other) => other.to_string(),
    })
}

/// `--output kimi`: exit 2 with the reason on stderr where hookrun blocks, else nothing. Kimi
/// has no `ask` and no way to stop the agent from a hook: both block the tool call or the
/// prompt; on `Stop`, a block goes on with its reason (never empty here).
pub(crate) struct KimiOutput;

impl AgentOutput for KimiOutput {
    fn answer(&self, event: &str, merged: &Merged) -> Answer {
        let stops = !merged.continue_ && event != "Stop";
        if BLOCKING_EVENTS.contains(&event) && (merged.decision.blocks() || stops) {
            return exit_two(&block_reason(merged));
        }
        Answer {
            json: None,
            stderr: None,
            code: crate::exit::OK,
        }
    }

    /// Kimi allows on every exit but 2: hookrun's own failure must be exit 2 to block.
    fn failure(&self, message: &str) -> Answer {
        exit_two(message)
    }
}
